// The 3D studio: a round floor that bends into a cyclorama wall all around (an infinity cove, so no corner and
// no edge is visible from any camera angle), lit by two soft spot lights from the front. Lighting is static, so it
// is baked into vertex colours once; the floor is finely tessellated so Gouraud shading renders the light pools smoothly.
import { normalize, type Vec3 } from '../math/mat4.js'
import { linearToSrgb } from '../raster/color.js'
import type { Mesh } from '../raster/rasterizer.js'
import { smoothstep } from './noise.js'

const FLOOR_RADIUS = 20
const COVE_RADIUS = 3
const TOP = 14
const AROUND = 96

interface Spot { position: Vec3, target: Vec3, color: Vec3, inner: number, outer: number }

const SPOTS: Spot[] = [
  { position: [-3.5, 6, 5], target: [0, 0, 0], color: [1.0, 0.97, 0.92], inner: Math.cos(0.35), outer: Math.cos(0.75) },
  { position: [3.5, 5, 4.5], target: [0, 0.5, -1], color: [0.55, 0.58, 0.65], inner: Math.cos(0.4), outer: Math.cos(0.9) }
]
const AMBIENT = 0.16

/** The profile (distance from the centre, height, normal outward, normal up) from the centre to the top. */
function profile (): Array<[number, number, number, number]> {
  const points: Array<[number, number, number, number]> = []
  for (let r = 0; r < FLOOR_RADIUS; r += r < 6 ? 0.25 : 0.75) points.push([r, 0, 0, 1])
  const arcSteps = 16
  for (let i = 0; i <= arcSteps; i++) {
    const a = (i / arcSteps) * Math.PI / 2
    points.push([FLOOR_RADIUS + Math.sin(a) * COVE_RADIUS, COVE_RADIUS - Math.cos(a) * COVE_RADIUS, -Math.sin(a), Math.cos(a)])
  }
  for (let y = COVE_RADIUS + 1; y <= TOP; y += 1) points.push([FLOOR_RADIUS + COVE_RADIUS, y, -1, 0])
  return points
}

function illuminate (p: Vec3, n: Vec3): Vec3 {
  const out: Vec3 = [AMBIENT, AMBIENT, AMBIENT]
  for (const spot of SPOTS) {
    const toLight = normalize([spot.position[0] - p[0], spot.position[1] - p[1], spot.position[2] - p[2]])
    const diffuse = Math.max(0, n[0] * toLight[0] + n[1] * toLight[1] + n[2] * toLight[2])
    const axis = normalize([spot.target[0] - spot.position[0], spot.target[1] - spot.position[1], spot.target[2] - spot.position[2]])
    const cone = smoothstep(spot.outer, spot.inner, -(toLight[0] * axis[0] + toLight[1] * axis[1] + toLight[2] * axis[2]))
    const strength = diffuse * (0.25 + 0.75 * cone)
    for (let c = 0; c < 3; c++) out[c]! += strength * spot.color[c]!
  }
  return out
}

/** Studio geometry with colours for a linear albedo (the tint). */
export function createStudioMesh (albedo: Vec3): Mesh {
  const rows = profile()
  const positions: number[] = []
  const colors: number[] = []
  for (const [r, y, nOut, ny] of rows) {
    for (let i = 0; i <= AROUND; i++) {
      const a = (2 * Math.PI * i) / AROUND
      const dx = Math.sin(a); const dz = Math.cos(a)
      const light = illuminate([r * dx, y, r * dz], [nOut * dx, ny, nOut * dz])
      positions.push(r * dx, y, r * dz)
      colors.push(linearToSrgb(albedo[0] * light[0]), linearToSrgb(albedo[1] * light[1]), linearToSrgb(albedo[2] * light[2]))
    }
  }
  const indices: number[] = []
  const stride = AROUND + 1
  for (let r = 0; r + 1 < rows.length; r++) {
    for (let i = 0; i < AROUND; i++) {
      const a = r * stride + i; const b = a + 1; const c = a + stride; const d = c + 1
      indices.push(a, b, c, b, d, c)
    }
  }
  return { positions: Float32Array.from(positions), colors: Float32Array.from(colors), indices: Uint32Array.from(indices) }
}
