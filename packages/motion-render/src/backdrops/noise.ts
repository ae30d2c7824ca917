// Small deterministic noise and shaping helpers for the procedural backdrop images.
export function hash2 (x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 374761393) ^ Math.imul(y | 0, 668265263) ^ Math.imul(seed | 0, 2147483647)
  h = Math.imul(h ^ (h >>> 13), 1274126177)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}

export function smoothstep (edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)))
  return t * t * (3 - 2 * t)
}

export function mix (a: number, b: number, t: number): number {
  return a + (b - a) * t
}

export function mixRgb (a: readonly number[], b: readonly number[], t: number): [number, number, number] {
  return [mix(a[0]!, b[0]!, t), mix(a[1]!, b[1]!, t), mix(a[2]!, b[2]!, t)]
}

/** Bilinear value noise in 0..1. */
export function valueNoise (x: number, y: number, seed: number): number {
  const xi = Math.floor(x); const yi = Math.floor(y)
  const xf = x - xi; const yf = y - yi
  const u = xf * xf * (3 - 2 * xf); const v = yf * yf * (3 - 2 * yf)
  const a = hash2(xi, yi, seed); const b = hash2(xi + 1, yi, seed)
  const c = hash2(xi, yi + 1, seed); const d = hash2(xi + 1, yi + 1, seed)
  return mix(mix(a, b, u), mix(c, d, u), v)
}

/** Fractal sum of `octaves` value-noise layers, 0..1. */
export function fbm (x: number, y: number, seed: number, octaves = 4): number {
  let sum = 0; let amplitude = 0.5; let total = 0; let frequency = 1
  for (let o = 0; o < octaves; o++) {
    sum += amplitude * valueNoise(x * frequency, y * frequency, seed + o * 17)
    total += amplitude
    amplitude *= 0.5
    frequency *= 2
  }
  return sum / total
}

/** Distance from (x, y) to the centre of the nearest cell point on a jittered grid, and that cell's random id. */
export function cells (x: number, y: number, seed: number): { distance: number, id: number } {
  const xi = Math.floor(x); const yi = Math.floor(y)
  let best = Infinity; let id = 0
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cx = xi + dx + hash2(xi + dx, yi + dy, seed); const cy = yi + dy + hash2(xi + dx, yi + dy, seed + 1)
      const d = Math.hypot(x - cx, y - cy)
      if (d < best) { best = d; id = hash2(xi + dx, yi + dy, seed + 2) }
    }
  }
  return { distance: best, id }
}
