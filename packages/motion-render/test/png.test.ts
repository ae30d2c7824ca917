import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodePng } from '../src/encode/png.js'

/** Reads back our own PNGs (one IDAT, filters None/Up) to check the bytes survive. */
function decodePng (png: Buffer): { width: number, height: number, rgb: Uint8Array } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const width = png.readUInt32BE(16); const height = png.readUInt32BE(20)
  const idatLength = png.readUInt32BE(33)
  expect(png.subarray(37, 41).toString()).toBe('IDAT')
  const raw = inflateSync(png.subarray(41, 41 + idatLength))
  const stride = width * 3
  const rgb = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!
      rgb[y * stride + x] = filter === 2 ? (value + rgb[(y - 1) * stride + x]!) & 0xff : value
    }
  }
  return { width, height, rgb }
}

describe('encodePng', () => {
  it('round-trips RGB pixels through IHDR and IDAT', () => {
    const rgb = Uint8Array.from({ length: 7 * 5 * 3 }, (_, i) => (i * 37) % 256)
    const decoded = decodePng(encodePng(rgb, 7, 5))
    expect(decoded).toMatchObject({ width: 7, height: 5 })
    expect([...decoded.rgb]).toEqual([...rgb])
  })

  it('ends with the standard IEND chunk and its CRC', () => {
    const png = encodePng(new Uint8Array(3), 1, 1)
    expect([...png.subarray(-12)]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])
  })

  it('refuses a buffer that does not match the size', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow(RangeError)
  })
})
