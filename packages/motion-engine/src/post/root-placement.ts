// Where the clip sits on the floor plane. rootAtOrigin: the root starts at the origin (the API's "places a root
// joint at the origin"). Otherwise the ground path is centred on the origin so travelling motions stay in frame.
import type { MotionClip } from '../clip.js'

export function placeRoot (clip: MotionClip, rootAtOrigin: boolean): MotionClip {
  if (clip.frameCount === 0) return clip
  const r = Float32Array.from(clip.rootTranslation)
  let ox: number
  let oz: number
  if (rootAtOrigin) {
    ox = r[0]!
    oz = r[2]!
  } else {
    let minX = Infinity; let maxX = -Infinity; let minZ = Infinity; let maxZ = -Infinity
    for (let f = 0; f < clip.frameCount; f++) {
      minX = Math.min(minX, r[f * 3]!); maxX = Math.max(maxX, r[f * 3]!)
      minZ = Math.min(minZ, r[f * 3 + 2]!); maxZ = Math.max(maxZ, r[f * 3 + 2]!)
    }
    ox = (minX + maxX) / 2
    oz = (minZ + maxZ) / 2
  }
  for (let f = 0; f < clip.frameCount; f++) {
    r[f * 3] = r[f * 3]! - ox
    r[f * 3 + 2] = r[f * 3 + 2]! - oz
  }
  return { ...clip, rootTranslation: r }
}
