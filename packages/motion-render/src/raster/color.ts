// Linear light ↔ 8-bit sRGB. Lighting is computed in linear space; frames are written in sRGB because that is
// what H.264 players and PNG viewers assume.
const TABLE_SIZE = 4096
const toSrgbTable = new Float32Array(TABLE_SIZE + 1)
for (let i = 0; i <= TABLE_SIZE; i++) {
  const v = i / TABLE_SIZE
  toSrgbTable[i] = 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)
}

/** Linear 0..1 (clamped) to sRGB 0..255. */
export function linearToSrgb (v: number): number {
  if (!(v > 0)) return 0
  if (v >= 1) return 255
  return toSrgbTable[(v * TABLE_SIZE + 0.5) | 0]!
}

/** sRGB 0..255 to linear 0..1. */
export function srgbToLinear (v: number): number {
  const c = v / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

export type Rgb = [number, number, number]
