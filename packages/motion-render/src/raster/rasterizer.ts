// Triangle rasterizer: clip-space transform, near-plane clipping, edge functions over the bounding box with the
// top-left fill rule, z-buffer, Gouraud colours. Triangles facing away are drawn too (meshes may be open or
// double-sided); the z-buffer resolves them.
import type { FrameBuffer } from './frame-buffer.js'

/** Clip-space vertex with its sRGB colour (0..255 floats). */
interface ClipVertex { x: number, y: number, z: number, w: number, r: number, g: number, b: number }

const NEAR_EPSILON = 1e-5

export interface Mesh {
  /** World positions, xyz per vertex. */
  positions: Float32Array
  /** sRGB 0..255 per vertex. */
  colors: Float32Array
  indices: Uint32Array
}

export function drawMesh (frame: FrameBuffer, viewProjection: ArrayLike<number>, mesh: Mesh): void {
  const clip = toClip(viewProjection, mesh.positions)
  const c = mesh.colors
  const vertex = (i: number): ClipVertex => ({
    x: clip[i * 4]!,
    y: clip[i * 4 + 1]!,
    z: clip[i * 4 + 2]!,
    w: clip[i * 4 + 3]!,
    r: c[i * 3]!,
    g: c[i * 3 + 1]!,
    b: c[i * 3 + 2]!
  })
  const idx = mesh.indices
  const outside = outcodes(clip)
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const ia = idx[t]!; const ib = idx[t + 1]!; const ic = idx[t + 2]!
    // All three corners beyond the same side of the view: nothing of the triangle can be on screen.
    if ((outside[ia]! & outside[ib]! & outside[ic]!) !== 0) continue
    const wa = clip[ia * 4 + 3]!; const wb = clip[ib * 4 + 3]!; const wc = clip[ic * 4 + 3]!
    const za = clip[ia * 4 + 2]!; const zb = clip[ib * 4 + 2]!; const zc = clip[ic * 4 + 2]!
    const inA = za + wa > NEAR_EPSILON; const inB = zb + wb > NEAR_EPSILON; const inC = zc + wc > NEAR_EPSILON
    if (!inA && !inB && !inC) continue
    const polygon = inA && inB && inC ? [vertex(ia), vertex(ib), vertex(ic)] : clipNear([vertex(ia), vertex(ib), vertex(ic)])
    for (let k = 1; k + 1 < polygon.length; k++) fillTriangle(frame, polygon[0]!, polygon[k]!, polygon[k + 1]!)
  }
}

export interface PixelBounds { minX: number, minY: number, maxX: number, maxY: number }

/** Marks (255) every pixel covered by the triangles and returns the covered box; used for the planar shadow. */
export function drawMask (
  mask: Uint8Array,
  width: number,
  height: number,
  viewProjection: ArrayLike<number>,
  positions: Float32Array,
  indices: Uint32Array
): PixelBounds {
  const clip = toClip(viewProjection, positions)
  const frame = { width, height }
  const bounds: PixelBounds = { minX: width, minY: height, maxX: -1, maxY: -1 }
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const v = [indices[t]!, indices[t + 1]!, indices[t + 2]!].map((i) => ({
      x: clip[i * 4]!,
      y: clip[i * 4 + 1]!,
      z: clip[i * 4 + 2]!,
      w: clip[i * 4 + 3]!,
      r: 0,
      g: 0,
      b: 0
    }))
    const polygon = v.every((p) => p.z + p.w > NEAR_EPSILON) ? v : clipNear(v)
    for (let k = 1; k + 1 < polygon.length; k++) {
      scan(frame, polygon[0]!, polygon[k]!, polygon[k + 1]!, (pixel) => {
        mask[pixel] = 255
        const x = pixel % width
        const y = (pixel - x) / width
        if (x < bounds.minX) bounds.minX = x
        if (x > bounds.maxX) bounds.maxX = x
        if (y < bounds.minY) bounds.minY = y
        if (y > bounds.maxY) bounds.maxY = y
      })
    }
  }
  return bounds
}

function toClip (m: ArrayLike<number>, positions: Float32Array): Float64Array {
  const count = positions.length / 3
  const out = new Float64Array(count * 4)
  for (let i = 0; i < count; i++) {
    const x = positions[i * 3]!; const y = positions[i * 3 + 1]!; const z = positions[i * 3 + 2]!
    out[i * 4] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!
    out[i * 4 + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!
    out[i * 4 + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
    out[i * 4 + 3] = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!
  }
  return out
}

/** Per vertex, one bit per frustum side (left, right, bottom, top, near) the vertex lies beyond. */
function outcodes (clip: Float64Array): Uint8Array {
  const count = clip.length / 4
  const out = new Uint8Array(count)
  for (let i = 0; i < count; i++) {
    const x = clip[i * 4]!; const y = clip[i * 4 + 1]!; const z = clip[i * 4 + 2]!; const w = clip[i * 4 + 3]!
    out[i] = (x < -w ? 1 : 0) | (x > w ? 2 : 0) | (y < -w ? 4 : 0) | (y > w ? 8 : 0) | (z < -w ? 16 : 0)
  }
  return out
}

/** Sutherland–Hodgman against the near plane z = −w. */
function clipNear (polygon: ClipVertex[]): ClipVertex[] {
  const out: ClipVertex[] = []
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!; const b = polygon[(i + 1) % polygon.length]!
    const da = a.z + a.w - NEAR_EPSILON; const db = b.z + b.w - NEAR_EPSILON
    if (da >= 0) out.push(a)
    if ((da >= 0) !== (db >= 0)) {
      const u = da / (da - db)
      out.push({
        x: a.x + (b.x - a.x) * u,
        y: a.y + (b.y - a.y) * u,
        z: a.z + (b.z - a.z) * u,
        w: a.w + (b.w - a.w) * u,
        r: a.r + (b.r - a.r) * u,
        g: a.g + (b.g - a.g) * u,
        b: a.b + (b.b - a.b) * u
      })
    }
  }
  return out
}

interface ScreenVertex { x: number, y: number, z: number }

function toScreen (frame: { width: number, height: number }, v: ClipVertex): ScreenVertex {
  return { x: (v.x / v.w * 0.5 + 0.5) * frame.width, y: (0.5 - v.y / v.w * 0.5) * frame.height, z: v.z / v.w }
}

/** Calls `plot(pixelIndex, wa, wb, wc, z)` for every covered pixel centre, barycentric weights normalised. */
function scan (
  frame: { width: number, height: number },
  va: ClipVertex,
  vb: ClipVertex,
  vc: ClipVertex,
  plot: (pixel: number, wa: number, wb: number, wc: number, z: number) => void
): void {
  const a = toScreen(frame, va)
  let b = toScreen(frame, vb)
  let c = toScreen(frame, vc)
  let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  if (area === 0 || !Number.isFinite(area)) return
  let swapped = false
  if (area < 0) {
    const tmp = b
    b = c
    c = tmp
    area = -area
    swapped = true
  }
  const minX = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)))
  const maxX = Math.min(frame.width - 1, Math.ceil(Math.max(a.x, b.x, c.x)))
  const minY = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)))
  const maxY = Math.min(frame.height - 1, Math.ceil(Math.max(a.y, b.y, c.y)))
  if (minX > maxX || minY > maxY) return
  // Edge function e(p) = (q1 − q0) × (p − q0); stepping x adds −dy, stepping y adds dx.
  const e0dx = c.x - b.x
  const e0dy = c.y - b.y // opposite a
  const e1dx = a.x - c.x
  const e1dy = a.y - c.y // opposite b
  const e2dx = b.x - a.x
  const e2dy = b.y - a.y // opposite c
  // Top-left rule: pixels exactly on a shared edge belong to one triangle only.
  const bias0 = topLeft(e0dx, e0dy) ? 0 : -1e-9
  const bias1 = topLeft(e1dx, e1dy) ? 0 : -1e-9
  const bias2 = topLeft(e2dx, e2dy) ? 0 : -1e-9
  const inv = 1 / area
  const px0 = minX + 0.5
  const py0 = minY + 0.5
  let row0 = e0dx * (py0 - b.y) - e0dy * (px0 - b.x)
  let row1 = e1dx * (py0 - c.y) - e1dy * (px0 - c.x)
  let row2 = e2dx * (py0 - a.y) - e2dy * (px0 - a.x)
  for (let y = minY; y <= maxY; y++) {
    let w0 = row0
    let w1 = row1
    let w2 = row2
    let pixel = y * frame.width + minX
    for (let x = minX; x <= maxX; x++, pixel++) {
      if (w0 + bias0 >= 0 && w1 + bias1 >= 0 && w2 + bias2 >= 0) {
        const l0 = w0 * inv
        const l1 = w1 * inv
        const l2 = w2 * inv
        const z = l0 * a.z + l1 * b.z + l2 * c.z
        if (swapped) plot(pixel, l0, l2, l1, z)
        else plot(pixel, l0, l1, l2, z)
      }
      w0 -= e0dy
      w1 -= e1dy
      w2 -= e2dy
    }
    row0 += e0dx
    row1 += e1dx
    row2 += e2dx
  }
}

function topLeft (dx: number, dy: number): boolean {
  return (dy === 0 && dx < 0) || dy > 0
}

/** The hot loop: `scan` specialised for colour + depth without a per-pixel callback. */
function fillTriangle (frame: FrameBuffer, va: ClipVertex, vb: ClipVertex, vc: ClipVertex): void {
  const width = frame.width
  const a = toScreen(frame, va); let b = toScreen(frame, vb); let c = toScreen(frame, vc)
  let cb = vb; let cc = vc
  let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  if (area === 0 || !Number.isFinite(area)) return
  if (area < 0) { const t = b; b = c; c = t; const u = cb; cb = cc; cc = u; area = -area }
  const minX = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)))
  const maxX = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x, c.x)))
  const minY = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)))
  const maxY = Math.min(frame.height - 1, Math.ceil(Math.max(a.y, b.y, c.y)))
  if (minX > maxX || minY > maxY) return
  const inv = 1 / area
  // Attributes as planes over the screen: value(x, y) = base + x·dx + y·dy, from the normalised edge functions.
  const e0dx = (c.x - b.x) * inv; const e0dy = (c.y - b.y) * inv
  const e1dx = (a.x - c.x) * inv; const e1dy = (a.y - c.y) * inv
  const e2dx = (b.x - a.x) * inv; const e2dy = (b.y - a.y) * inv
  const bias0 = topLeft(e0dx, e0dy) ? 0 : -1e-12
  const bias1 = topLeft(e1dx, e1dy) ? 0 : -1e-12
  const bias2 = topLeft(e2dx, e2dy) ? 0 : -1e-12
  const px0 = minX + 0.5; const py0 = minY + 0.5
  let row0 = e0dx * (py0 - b.y) - e0dy * (px0 - b.x)
  let row1 = e1dx * (py0 - c.y) - e1dy * (px0 - c.x)
  let row2 = e2dx * (py0 - a.y) - e2dy * (px0 - a.x)
  const color = frame.color; const depth = frame.depth
  const az = a.z; const bz = b.z; const cz = c.z
  const ar = va.r; const ag = va.g; const ab = va.b
  const br = cb.r; const bg = cb.g; const bb = cb.b
  const cr = cc.r; const cg = cc.g; const cbl = cc.b
  for (let y = minY; y <= maxY; y++) {
    let w0 = row0; let w1 = row1; let w2 = row2
    let pixel = y * width + minX
    let inside = false
    for (let x = minX; x <= maxX; x++, pixel++, w0 -= e0dy, w1 -= e1dy, w2 -= e2dy) {
      if (w0 + bias0 < 0 || w1 + bias1 < 0 || w2 + bias2 < 0) {
        // Rows of a triangle are convex: once past the right edge nothing more is covered.
        if (inside) break
        continue
      }
      inside = true
      const z = w0 * az + w1 * bz + w2 * cz
      if (z < -1 || z >= depth[pixel]!) continue
      depth[pixel] = z
      const o = pixel * 3
      color[o] = w0 * ar + w1 * br + w2 * cr
      color[o + 1] = w0 * ag + w1 * bg + w2 * cg
      color[o + 2] = w0 * ab + w1 * bb + w2 * cbl
    }
    row0 += e0dx; row1 += e1dx; row2 += e2dx
  }
}
