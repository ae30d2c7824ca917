// Vertex lighting: a warm key light from the front-left above, a cool fill from the right, a rim light from
// behind that separates the figure from dark backgrounds, and a sky/ground hemisphere ambient. Directions point
// from the surface towards the light, in world space (Y up, the character faces +Z).
import { normalize, type Vec3 } from '../math/mat4.js'
import { linearToSrgb } from './color.js'

interface DirectionalLight { direction: Vec3, color: Vec3 }

export const KEY_LIGHT_DIRECTION: Vec3 = normalize([0.45, 0.85, 0.6])

const LIGHTS: DirectionalLight[] = [
  { direction: KEY_LIGHT_DIRECTION, color: [0.9, 0.84, 0.76] },
  { direction: normalize([-0.7, 0.35, 0.5]), color: [0.2, 0.24, 0.3] },
  { direction: normalize([0, 0.5, -1]), color: [0.3, 0.3, 0.33] }
]
const SKY: Vec3 = [0.14, 0.15, 0.17]
const GROUND: Vec3 = [0.06, 0.055, 0.05]

/**
 * Fills `out` with sRGB 0..255 colours for vertices of linear albedo `albedo` and world normals `normals`; with
 * `linear` set, with the linear lit colour instead (textured primitives multiply it by the texel per pixel).
 */
export function shadeVertices (normals: Float32Array, albedo: Float32Array, out: Float32Array, linear = false): void {
  const count = normals.length / 3
  for (let v = 0; v < count; v++) {
    const nx = normals[v * 3]!; const ny = normals[v * 3 + 1]!; const nz = normals[v * 3 + 2]!
    const up = ny * 0.5 + 0.5
    let r = SKY[0] * up + GROUND[0] * (1 - up)
    let g = SKY[1] * up + GROUND[1] * (1 - up)
    let b = SKY[2] * up + GROUND[2] * (1 - up)
    for (const light of LIGHTS) {
      const d = nx * light.direction[0] + ny * light.direction[1] + nz * light.direction[2]
      if (d <= 0) continue
      r += d * light.color[0]; g += d * light.color[1]; b += d * light.color[2]
    }
    if (linear) {
      out[v * 3] = albedo[v * 3]! * r; out[v * 3 + 1] = albedo[v * 3 + 1]! * g; out[v * 3 + 2] = albedo[v * 3 + 2]! * b
      continue
    }
    out[v * 3] = linearToSrgb(albedo[v * 3]! * r)
    out[v * 3 + 1] = linearToSrgb(albedo[v * 3 + 1]! * g)
    out[v * 3 + 2] = linearToSrgb(albedo[v * 3 + 2]! * b)
  }
}
