import { describe, expect, it } from 'vitest'
import { identity } from '../src/math/mat4.js'
import { createFrameBuffer } from '../src/raster/frame-buffer.js'
import { drawMask, drawMesh } from '../src/raster/rasterizer.js'

// With the identity as view-projection, positions are already in clip space: x, y in −1..1 map to the frame.
const quad = (z: number): Float32Array => Float32Array.from([-0.5, -0.5, z, 0.5, -0.5, z, 0.5, 0.5, z, -0.5, 0.5, z])
const QUAD_INDICES = Uint32Array.from([0, 1, 2, 0, 2, 3])
const solid = (r: number, g: number, b: number): Float32Array => Float32Array.from(Array.from({ length: 4 }, () => [r, g, b]).flat())

describe('rasterizer', () => {
  it('covers exactly the pixels whose centres lie inside, each once across a shared edge', () => {
    const mask = new Uint8Array(20 * 20)
    const bounds = drawMask(mask, 20, 20, identity(), quad(0), QUAD_INDICES)
    expect(mask.reduce((n, v) => n + (v > 0 ? 1 : 0), 0)).toBe(100) // the centre 10 × 10 pixels
    expect(bounds).toEqual({ minX: 5, minY: 5, maxX: 14, maxY: 14 })
  })

  it('keeps the nearer surface whatever the drawing order', () => {
    for (const order of [[0.5, -0.5], [-0.5, 0.5]]) {
      const frame = createFrameBuffer(8, 8)
      for (const z of order) drawMesh(frame, identity(), { positions: quad(z), colors: z < 0 ? solid(255, 0, 0) : solid(0, 0, 255), indices: QUAD_INDICES })
      const centre = (4 * 8 + 4) * 3
      expect([...frame.color.subarray(centre, centre + 3)]).toEqual([255, 0, 0])
    }
  })

  it('interpolates vertex colours across a triangle', () => {
    const frame = createFrameBuffer(64, 64)
    const colors = Float32Array.from([0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0])
    drawMesh(frame, identity(), { positions: quad(0), colors, indices: QUAD_INDICES })
    const red = (x: number): number => frame.color[(32 * 64 + x) * 3]!
    expect(red(20)).toBeLessThan(red(32))
    expect(red(32)).toBeLessThan(red(44))
  })

  it('clips triangles crossing the near plane instead of dropping or inverting them', () => {
    const frame = createFrameBuffer(16, 16)
    // One vertex behind the camera (w < 0 after the perspective divide would flip it).
    const positions = Float32Array.from([-0.5, -0.5, 0, 0.5, -0.5, 0, 0, 0.5, -3])
    drawMesh(frame, identity(), { positions, colors: Float32Array.from([9, 9, 9, 9, 9, 9, 9, 9, 9]), indices: Uint32Array.from([0, 1, 2]) })
    const covered = frame.color.reduce((n, v, i) => n + (i % 3 === 0 && v === 9 ? 1 : 0), 0)
    expect(covered).toBeGreaterThan(0)
    expect(covered).toBeLessThan(16 * 16 / 2)
  })
})
