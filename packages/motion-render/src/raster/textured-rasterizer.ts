// Textured triangles: texture coordinates interpolated perspective-correctly (u/w, v/w and 1/w are linear on the
// screen), the texel (sRGB, nearest, repeat) turned linear and multiplied by the interpolated vertex lighting,
// then written back as sRGB. Triangles crossing the near plane are skipped: the camera never comes that close.
import { linearToSrgb, srgbToLinear } from './color.js'
import type { FrameBuffer } from './frame-buffer.js'
import type { Texture } from '../scene/texture.js'

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i))

export interface TexturedMesh {
  positions: Float32Array
  /** Linear lit colour per vertex (albedo factor × lighting). */
  light: Float32Array
  uvs: Float32Array
  indices: Uint32Array
  texture: Texture
}

export function drawTexturedMesh (frame: FrameBuffer, m: ArrayLike<number>, mesh: TexturedMesh): void {
  const count = mesh.positions.length / 3
  // Per vertex: screen x, y, depth, 1/w.
  const screen = new Float64Array(count * 4)
  for (let i = 0; i < count; i++) {
    const x = mesh.positions[i * 3]!; const y = mesh.positions[i * 3 + 1]!; const z = mesh.positions[i * 3 + 2]!
    const cx = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!
    const cy = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!
    const cz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
    const cw = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!
    const iw = cz + cw > 1e-5 ? 1 / cw : NaN
    screen[i * 4] = (cx * iw * 0.5 + 0.5) * frame.width
    screen[i * 4 + 1] = (0.5 - cy * iw * 0.5) * frame.height
    screen[i * 4 + 2] = cz * iw
    screen[i * 4 + 3] = iw
  }
  const idx = mesh.indices
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]!; const b = idx[t + 1]!; const c = idx[t + 2]!
    if (Number.isNaN(screen[a * 4 + 3]!) || Number.isNaN(screen[b * 4 + 3]!) || Number.isNaN(screen[c * 4 + 3]!)) continue
    fillTextured(frame, screen, mesh, a, b, c)
  }
}

function fillTextured (frame: FrameBuffer, s: Float64Array, mesh: TexturedMesh, ia: number, ib0: number, ic0: number): void {
  let ib = ib0; let ic = ic0
  const ax = s[ia * 4]!; const ay = s[ia * 4 + 1]!
  let area = (s[ib * 4]! - ax) * (s[ic * 4 + 1]! - ay) - (s[ib * 4 + 1]! - ay) * (s[ic * 4]! - ax)
  if (area === 0 || !Number.isFinite(area)) return
  if (area < 0) { const tmp = ib; ib = ic; ic = tmp; area = -area }
  const bx = s[ib * 4]!; const by = s[ib * 4 + 1]!; const cx = s[ic * 4]!; const cy = s[ic * 4 + 1]!
  const width = frame.width
  const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)))
  const maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)))
  const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)))
  const maxY = Math.min(frame.height - 1, Math.ceil(Math.max(ay, by, cy)))
  if (minX > maxX || minY > maxY) return
  const inv = 1 / area
  const e0dx = (cx - bx) * inv; const e0dy = (cy - by) * inv
  const e1dx = (ax - cx) * inv; const e1dy = (ay - cy) * inv
  const e2dx = (bx - ax) * inv; const e2dy = (by - ay) * inv
  const az = s[ia * 4 + 2]!; const bz = s[ib * 4 + 2]!; const cz = s[ic * 4 + 2]!
  const aw = s[ia * 4 + 3]!; const bw = s[ib * 4 + 3]!; const cw = s[ic * 4 + 3]!
  const uv = mesh.uvs; const light = mesh.light; const tex = mesh.texture
  const au = uv[ia * 2]! * aw; const av = uv[ia * 2 + 1]! * aw
  const bu = uv[ib * 2]! * bw; const bv = uv[ib * 2 + 1]! * bw
  const cu = uv[ic * 2]! * cw; const cv = uv[ic * 2 + 1]! * cw
  const color = frame.color; const depth = frame.depth
  let row0 = e0dx * (minY + 0.5 - by) - e0dy * (minX + 0.5 - bx)
  let row1 = e1dx * (minY + 0.5 - cy) - e1dy * (minX + 0.5 - cx)
  let row2 = e2dx * (minY + 0.5 - ay) - e2dy * (minX + 0.5 - ax)
  for (let y = minY; y <= maxY; y++) {
    let w0 = row0; let w1 = row1; let w2 = row2
    let pixel = y * width + minX
    for (let x = minX; x <= maxX; x++, pixel++, w0 -= e0dy, w1 -= e1dy, w2 -= e2dy) {
      if (w0 < 0 || w1 < 0 || w2 < 0) continue
      const z = w0 * az + w1 * bz + w2 * cz
      if (z < -1 || z >= depth[pixel]!) continue
      depth[pixel] = z
      const iw = 1 / (w0 * aw + w1 * bw + w2 * cw)
      const u = (w0 * au + w1 * bu + w2 * cu) * iw
      const v = (w0 * av + w1 * bv + w2 * cv) * iw
      const tx = Math.min(tex.width - 1, ((u - Math.floor(u)) * tex.width) | 0)
      const ty = Math.min(tex.height - 1, ((v - Math.floor(v)) * tex.height) | 0)
      const texel = (ty * tex.width + tx) * 3
      const o = pixel * 3
      for (let k = 0; k < 3; k++) {
        const lit = w0 * light[ia * 3 + k]! + w1 * light[ib * 3 + k]! + w2 * light[ic * 3 + k]!
        color[o + k] = linearToSrgb(SRGB_TO_LINEAR[tex.rgb[texel + k]!]! * lit)
      }
    }
    row0 += e0dx; row1 += e1dx; row2 += e2dx
  }
}
