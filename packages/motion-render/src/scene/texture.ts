// Base-colour textures of uploaded characters: PNG decoded here (8/16-bit grey, grey+alpha, RGB, RGBA and
// palette, all five row filters), JPEG through jpeg-js. Stored as sRGB RGB bytes; an image that cannot be
// decoded is skipped (the primitive keeps its base colour) rather than failing the render.
import { inflateSync } from 'node:zlib'
import jpeg from 'jpeg-js'

export interface Texture { width: number, height: number, rgb: Uint8Array }

const MAX_PIXELS = 4096 * 4096

export function decodeTexture (bytes: Uint8Array, mimeType: string): Texture | undefined {
  try {
    if (mimeType === 'image/png' || (bytes[0] === 0x89 && bytes[1] === 0x50)) return decodePng(Buffer.from(bytes))
    if (mimeType === 'image/jpeg' || (bytes[0] === 0xff && bytes[1] === 0xd8)) {
      const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 17, maxMemoryUsageInMB: 256 })
      return fromRgba(image.width, image.height, image.data)
    }
  } catch {
    return undefined
  }
  return undefined
}

function fromRgba (width: number, height: number, rgba: Uint8Array): Texture {
  const rgb = new Uint8Array(width * height * 3)
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) { rgb[i] = rgba[j]!; rgb[i + 1] = rgba[j + 1]!; rgb[i + 2] = rgba[j + 2]! }
  return { width, height, rgb }
}

function decodePng (png: Buffer): Texture | undefined {
  let pos = 8
  let width = 0; let height = 0; let depth = 8; let colorType = 2; let interlace = 0
  let palette: Buffer | undefined
  const idat: Buffer[] = []
  while (pos + 8 <= png.length) {
    const length = png.readUInt32BE(pos)
    const type = png.toString('latin1', pos + 4, pos + 8)
    const data = png.subarray(pos + 8, pos + 8 + length)
    pos += 12 + length
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); depth = data[8]!; colorType = data[9]!; interlace = data[12]!
    } else if (type === 'PLTE') palette = data
    else if (type === 'IDAT') idat.push(data)
    else if (type === 'IEND') break
  }
  if (width === 0 || height === 0 || width * height > MAX_PIXELS || interlace !== 0 || (depth !== 8 && depth !== 16)) return undefined
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType]
  if (channels === undefined || (colorType === 3 && (palette === undefined || depth !== 8))) return undefined
  const bpp = channels * (depth / 8)
  const stride = width * bpp
  const raw = inflateSync(Buffer.concat(idat))
  if (raw.length < (stride + 1) * height) return undefined
  const pixels = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!
      const left = x >= bpp ? pixels[y * stride + x - bpp]! : 0
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0
      const upLeft = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp]! : 0
      let predicted = 0
      if (filter === 1) predicted = left
      else if (filter === 2) predicted = up
      else if (filter === 3) predicted = (left + up) >> 1
      else if (filter === 4) {
        const p = left + up - upLeft
        const pa = Math.abs(p - left); const pb = Math.abs(p - up); const pc = Math.abs(p - upLeft)
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      }
      pixels[y * stride + x] = (value + predicted) & 0xff
    }
  }
  const rgb = new Uint8Array(width * height * 3)
  const step = depth / 8 // 16-bit samples: the high byte is enough for colour
  for (let i = 0; i < width * height; i++) {
    const o = i * bpp
    if (colorType === 3) {
      const p = pixels[o]! * 3
      rgb[i * 3] = palette![p] ?? 0; rgb[i * 3 + 1] = palette![p + 1] ?? 0; rgb[i * 3 + 2] = palette![p + 2] ?? 0
    } else if (colorType === 0 || colorType === 4) {
      rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = pixels[o]!
    } else {
      rgb[i * 3] = pixels[o]!; rgb[i * 3 + 1] = pixels[o + step]!; rgb[i * 3 + 2] = pixels[o + 2 * step]!
    }
  }
  return { width, height, rgb }
}
