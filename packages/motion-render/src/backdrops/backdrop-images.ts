// The 13 named 2D backdrops, drawn by code (no bundled images, nothing to license): each is a function of the
// pixel position (u left→right, v top→bottom, both 0..1; `aspect` = width / height) returning sRGB 0..255.
// The lower part of most images reads as a floor so the character appears to stand in the scene.
import { cells, fbm, hash2, mixRgb, smoothstep, valueNoise } from './noise.js'

export type Rgb = [number, number, number]
export type BackdropImage = (u: number, v: number, aspect: number) => Rgb

export const BACKDROP_NAMES = ['Checker_Cloudscape', 'Golden_Age_Glitz', 'Inferno_Stage', 'Jungle_Grove', 'Mystic_Brick', 'Mystic_Concrete',
  'Rainbow_Spotlight', 'Red_Carpet', 'Retro_Revue', 'Sakura_Dreamscape', 'Spotlit_Stage', 'Timbered_Retreat', 'Urban_Rooftop'] as const

export type BackdropName = typeof BACKDROP_NAMES[number]

const HORIZON = 0.68

/** Perspective floor coordinates for v below the horizon: depth grows towards the horizon. */
function floorUv (u: number, v: number, aspect: number): { x: number, z: number } {
  const z = 1 / Math.max(1e-3, v - HORIZON)
  return { x: (u - 0.5) * aspect * z, z }
}

function spotlight (u: number, v: number, aspect: number, cx: number, cy: number, radius: number): number {
  return 1 - smoothstep(radius * 0.4, radius, Math.hypot((u - cx) * aspect, (v - cy) * 2.2))
}

const images: Record<BackdropName, BackdropImage> = {
  Checker_Cloudscape (u, v, aspect) {
    if (v > HORIZON) {
      const { x, z } = floorUv(u, v, aspect)
      const checker = (Math.floor(x * 1.5) + Math.floor(z * 1.5)) & 1
      const fade = smoothstep(HORIZON, HORIZON + 0.2, v)
      return mixRgb([200, 215, 235], checker === 1 ? [245, 245, 250] : [60, 70, 110], fade)
    }
    const sky = mixRgb([70, 130, 220], [175, 210, 245], v / HORIZON)
    const cloud = smoothstep(0.5, 0.75, fbm(u * aspect * 3, v * 5, 11, 5))
    return mixRgb(sky, [250, 250, 252], cloud)
  },
  Golden_Age_Glitz (u, v, aspect) {
    const angle = Math.atan2(u - 0.5, 1.05 - v)
    const rays = 0.5 + 0.5 * Math.cos(angle * 36)
    const base = mixRgb([25, 18, 8], [70, 50, 15], 1 - v)
    const gold = mixRgb(base, [212, 170, 70], rays * 0.55 * (1 - smoothstep(0.2, 1.1, 1.05 - v)))
    const sparkle = hash2(Math.floor(u * aspect * 160), Math.floor(v * 160), 5) > 0.992 ? 1 : 0
    const floor = v > 0.82 ? smoothstep(0.82, 0.86, v) : 0
    return mixRgb(mixRgb(gold, [255, 240, 190], sparkle), [40, 30, 12], floor * 0.8)
  },
  Inferno_Stage (u, v, aspect) {
    const heat = fbm(u * aspect * 4, v * 3 - 0.0, 23, 5)
    const flames = smoothstep(0.35, 1.0, v + (heat - 0.5) * 0.7)
    const base = mixRgb([20, 4, 2], [120, 20, 5], flames)
    const glow = mixRgb(base, [255, 150, 30], smoothstep(0.55, 0.95, flames * heat * 1.6))
    if (v > 0.85) return mixRgb(glow, [35, 12, 8], 0.85)
    return glow
  },
  Jungle_Grove (u, v, aspect) {
    const depth = v
    let color = mixRgb([120, 170, 90], [20, 60, 25], depth)
    for (let layer = 0; layer < 3; layer++) {
      const leaves = fbm(u * aspect * (6 + layer * 4), v * (6 + layer * 4), 31 + layer, 4)
      if (leaves > 0.55 - layer * 0.03) color = mixRgb(color, [[50, 110, 40], [30, 85, 30], [15, 55, 20]][layer]!, 0.8)
    }
    const trunk = Math.abs(((u * aspect * 2.3) % 1) - 0.5) < 0.04 + 0.02 * valueNoise(v * 8, u * 3, 3) && v < 0.8
    if (trunk) color = [70, 48, 30]
    if (v > 0.8) color = mixRgb([60, 45, 25], [90, 70, 40], fbm(u * aspect * 20, v * 20, 41, 3))
    return color
  },
  Mystic_Brick (u, v, aspect) {
    const rows = 18
    const y = v * rows
    const row = Math.floor(y)
    const x = u * aspect * 6 + (row % 2) * 0.5
    const mortar = Math.min(y - row, 1 - (y - row)) < 0.07 || Math.min(x % 1, 1 - (x % 1)) < 0.035
    const tone = hash2(Math.floor(x), row, 7)
    const brick = mixRgb([80, 40, 95], [125, 70, 140], tone * 0.8 + fbm(u * 40, v * 40, 9, 2) * 0.2)
    const vignette = 1 - 0.65 * smoothstep(0.3, 0.85, Math.hypot((u - 0.5) * aspect * 0.7, v - 0.45))
    const c = mortar ? [40, 30, 50] : brick
    return [c[0]! * vignette, c[1]! * vignette, c[2]! * vignette]
  },
  Mystic_Concrete (u, v, aspect) {
    const grain = fbm(u * aspect * 12, v * 12, 51, 5)
    const panel = Math.min((u * aspect * 1.5) % 1, (v * 2.5) % 1) < 0.008 ? 0.7 : 1
    const base = mixRgb([70, 80, 95], [140, 150, 165], grain)
    const glow = spotlight(u, v, aspect, 0.5, 0.35, 0.9)
    const lit = mixRgb(base, [170, 190, 230], glow * 0.35)
    return [lit[0] * panel, lit[1] * panel, lit[2] * panel]
  },
  Rainbow_Spotlight (u, v, aspect) {
    const angle = Math.atan2(u - 0.5, v + 0.15)
    const hue = (angle / Math.PI + 1) * 3
    const rgb = hsv(hue / 6, 0.85, 1)
    const beam = smoothstep(0.3, 0.9, 0.5 + 0.5 * Math.cos(angle * 14))
    const base: Rgb = [14, 10, 24]
    const c = mixRgb(base, rgb, beam * 0.55 * (1 - v * 0.6))
    const pool = spotlight(u, v, aspect, 0.5, 0.88, 0.55)
    return mixRgb(c, [255, 250, 235], pool * 0.6)
  },
  Red_Carpet (u, v, aspect) {
    if (v > 0.6) {
      const halfWidth = (v - 0.6) * 0.9 + 0.04
      const carpet = Math.abs(u - 0.5) < halfWidth
      const nap = fbm(u * aspect * 60, v * 60, 61, 2)
      return carpet ? mixRgb([140, 10, 20], [190, 25, 35], nap) : mixRgb([30, 30, 35], [50, 50, 55], nap)
    }
    const c = cells(u * aspect * 9, v * 9, 71)
    const bokeh = 1 - smoothstep(0.12, 0.2, c.distance)
    const color = hsv(0.08 + c.id * 0.12, 0.6, 1)
    return mixRgb([18, 14, 22], color, bokeh * (0.3 + 0.5 * c.id))
  },
  Retro_Revue (u, v, aspect) {
    const wave = v + 0.05 * Math.sin(u * aspect * 6)
    const band = Math.floor(wave * 9)
    const palette: Rgb[] = [[250, 220, 120], [245, 160, 60], [220, 100, 40], [150, 70, 40], [90, 50, 40]]
    const color = palette[((band % palette.length) + palette.length) % palette.length]!
    const dots = (Math.hypot(((u * aspect * 30) % 1) - 0.5, ((v * 30) % 1) - 0.5) < 0.18) && v < 0.3
    return dots ? [255, 245, 210] : color
  },
  Sakura_Dreamscape (u, v, aspect) {
    const sky = mixRgb([255, 210, 225], [200, 170, 230], v)
    const c = cells(u * aspect * 14, v * 14, 81)
    const petal = 1 - smoothstep(0.08, 0.16, c.distance)
    const withPetals = mixRgb(sky, [255, 240, 245], petal * c.id)
    const hill = v > 0.72 + 0.05 * Math.sin(u * aspect * 3) ? 1 : 0
    return hill === 1 ? mixRgb([190, 140, 170], [160, 110, 150], v) : withPetals
  },
  Spotlit_Stage (u, v, aspect) {
    if (v > 0.7) {
      const plank = Math.floor(((u - 0.5) * aspect / (v - 0.6)) * 4)
      const wood = mixRgb([90, 55, 30], [140, 90, 50], 0.5 * hash2(plank, 0, 91) + 0.5 * fbm(u * 30, v * 90, 93, 2))
      const pool = spotlight(u, v, aspect, 0.5, 0.85, 0.45)
      return mixRgb([wood[0] * 0.45, wood[1] * 0.45, wood[2] * 0.45], [wood[0] * 1.6, wood[1] * 1.5, wood[2] * 1.3], pool)
    }
    const folds = 0.5 + 0.5 * Math.sin(u * aspect * 40 + 2 * Math.sin(v * 3))
    const curtain = mixRgb([60, 5, 15], [130, 15, 30], folds)
    const beam = spotlight(u, v, aspect, 0.5, 0.55, 0.5)
    return mixRgb(curtain, [255, 230, 200], beam * 0.35)
  },
  Timbered_Retreat (u, v, aspect) {
    if (v > 0.78) return mixRgb([95, 65, 40], [120, 85, 50], fbm(u * aspect * 25, v * 8, 101, 3))
    const x = u * aspect * 5
    const board = Math.floor(x)
    const seam = Math.min(x - board, 1 - (x - board)) < 0.02
    const grain = 0.5 + 0.5 * Math.sin((v * 60 + fbm(x * 3, v * 6, board + 103, 3) * 8))
    const tone = hash2(board, 0, 107)
    const wood = mixRgb([150, 100, 55], [195, 140, 85], tone * 0.6 + grain * 0.4)
    const beam = Math.abs(v - 0.18) < 0.03
    return seam ? [80, 50, 28] : beam ? [90, 58, 32] : wood
  },
  Urban_Rooftop (u, v, aspect) {
    if (v > 0.75) return mixRgb([75, 75, 80], [95, 95, 100], fbm(u * aspect * 30, v * 30, 111, 3))
    const x = u * aspect * 8
    const building = Math.floor(x)
    const height = 0.25 + 0.35 * hash2(building, 0, 113)
    if (v > 1 - height - 0.25) {
      const lit = hash2(Math.floor(x * 6), Math.floor(v * 40), 117) > 0.6 && ((x * 6) % 1) < 0.6 && ((v * 40) % 1) < 0.55
      return lit ? [255, 205, 120] : [28, 30, 45]
    }
    const sky = mixRgb([40, 35, 90], [240, 130, 90], smoothstep(0, 0.55, v))
    return sky
  }
}

function hsv (h: number, s: number, v: number): Rgb {
  const i = Math.floor(h * 6); const f = h * 6 - i
  const p = v * (1 - s); const q = v * (1 - f * s); const t = v * (1 - (1 - f) * s)
  const rgb = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]][((i % 6) + 6) % 6]!
  return [rgb[0]! * 255, rgb[1]! * 255, rgb[2]! * 255]
}

export function isBackdropName (name: string): name is BackdropName {
  return (BACKDROP_NAMES as readonly string[]).includes(name)
}

/** Rasterises a named backdrop at the frame size (RGB24). */
export function drawBackdropImage (name: BackdropName, width: number, height: number): Uint8Array {
  const image = images[name]
  const out = new Uint8Array(width * height * 3)
  const aspect = width / height
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height
    for (let x = 0; x < width; x++) {
      const c = image((x + 0.5) / width, v, aspect)
      const o = (y * width + x) * 3
      out[o] = Math.min(255, Math.max(0, c[0]))
      out[o + 1] = Math.min(255, Math.max(0, c[1]))
      out[o + 2] = Math.min(255, Math.max(0, c[2]))
    }
  }
  return out
}
