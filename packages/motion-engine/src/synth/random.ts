// Seeded randomness: every variation is drawn from this so a prompt + seed + variant index always gives the same clip.

export type Random = () => number

/** mulberry32: small, fast and good enough for animation variation. */
export function createRandom (seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a over the text, mixed with the numbers. */
export function hashSeed (text: string, ...numbers: number[]): number {
  let h = 0x811c9dc5
  const mix = (c: number) => { h ^= c; h = Math.imul(h, 0x01000193) >>> 0 }
  for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i))
  for (const n of numbers) for (let k = 0; k < 4; k++) mix((n >>> (k * 8)) & 0xff)
  return h
}

/** Uniform in [-1, 1). */
export function signed (r: Random): number {
  return r() * 2 - 1
}
