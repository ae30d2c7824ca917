// Decoding and measuring rendered frames: ffmpeg turns an MP4 or PNG back into raw RGB, the helpers below
// measure colours and the character's silhouette.
import { execFileSync } from 'node:child_process'

export interface Frames { width: number, height: number, frames: Uint8Array[] }

export function decode (ffmpeg: string, file: string, width: number, height: number): Frames {
  const raw = execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 })
  const size = width * height * 3
  if (raw.length % size !== 0) throw new Error(`decoded ${raw.length} bytes, not a multiple of ${size}`)
  const frames: Uint8Array[] = []
  for (let o = 0; o < raw.length; o += size) frames.push(new Uint8Array(raw.buffer, raw.byteOffset + o, size))
  return { width, height, frames }
}

export function pixel (frame: Uint8Array, width: number, x: number, y: number): [number, number, number] {
  const o = (y * width + x) * 3
  return [frame[o]!, frame[o + 1]!, frame[o + 2]!]
}

export function meanColor (frame: Uint8Array): [number, number, number] {
  const sum = [0, 0, 0]
  for (let i = 0; i < frame.length; i += 3) { sum[0]! += frame[i]!; sum[1]! += frame[i + 1]!; sum[2]! += frame[i + 2]! }
  const n = frame.length / 3
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n]
}

/** Standard deviation of luma: 0 for a flat image. */
export function lumaSpread (frame: Uint8Array): number {
  let sum = 0; let sq = 0; const n = frame.length / 3
  for (let i = 0; i < frame.length; i += 3) {
    const l = 0.2126 * frame[i]! + 0.7152 * frame[i + 1]! + 0.0722 * frame[i + 2]!
    sum += l; sq += l * l
  }
  return Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2))
}

export interface Silhouette { count: number, fraction: number, centroidX: number, centroidY: number, minX: number, maxX: number, minY: number, maxY: number }

/** Pixels that differ from a solid background colour by more than `threshold` (sum of channel differences). */
export function silhouette (frame: Uint8Array, width: number, background: readonly number[], threshold = 60): Silhouette {
  let count = 0; let sx = 0; let sy = 0
  let minX = width; let maxX = -1; let minY = Infinity; let maxY = -1
  for (let i = 0, p = 0; i < frame.length; i += 3, p++) {
    const d = Math.abs(frame[i]! - background[0]!) + Math.abs(frame[i + 1]! - background[1]!) + Math.abs(frame[i + 2]! - background[2]!)
    if (d <= threshold) continue
    const x = p % width; const y = (p - x) / width
    count++; sx += x; sy += y
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  const total = frame.length / 3
  return {
    count,
    fraction: count / total,
    centroidX: count === 0 ? NaN : sx / count / width,
    centroidY: count === 0 ? NaN : sy / count / (total / width),
    minX,
    maxX,
    minY,
    maxY
  }
}

/** An 8×8 grid of mean colours: a coarse signature to tell images apart. */
export function signature (frame: Uint8Array, width: number, height: number): number[] {
  const out: number[] = []
  for (let gy = 0; gy < 8; gy++) {
    for (let gx = 0; gx < 8; gx++) {
      const sum = [0, 0, 0]; let n = 0
      for (let y = Math.floor(gy * height / 8); y < Math.floor((gy + 1) * height / 8); y++) {
        for (let x = Math.floor(gx * width / 8); x < Math.floor((gx + 1) * width / 8); x++) {
          const [r, g, b] = pixel(frame, width, x, y)
          sum[0]! += r; sum[1]! += g; sum[2]! += b; n++
        }
      }
      out.push(sum[0]! / n, sum[1]! / n, sum[2]! / n)
    }
  }
  return out
}

export function meanAbsDifference (a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!)
  return sum / a.length
}
