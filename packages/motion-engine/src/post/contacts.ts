// Foot contact detection from foot height and horizontal speed.
import type { MotionClip } from '../clip.js'
import { fk } from '../fk.js'
import { ANKLE_HEIGHT, TOE_HEIGHT, jointIndex, skeletonScale } from '../skeleton.js'

export interface FootTrack {
  /** Ankle world positions per frame. */
  ankle: [number, number, number][]
  /** Height of the foot's lowest point above the floor per frame (sole at ankle or toe). */
  sole: number[]
  contact: boolean[]
}

/**
 * 'velocity' needs the foot low AND slow (auto mode: a foot sliding fast along the floor is left gliding);
 * 'height' only needs it low (always mode).
 */
export function footTracks (clip: MotionClip, rule: 'velocity' | 'height'): [FootTrack, FootTrack] {
  const k = skeletonScale(clip.skeleton)
  const names: [string, string][] = [['LeftFoot', 'LeftToeBase'], ['RightFoot', 'RightToeBase']]
  const tracks = names.map(([a, t]) => ({
    a: jointIndex(clip.skeleton, a),
    t: jointIndex(clip.skeleton, t),
    track: { ankle: [], sole: [], contact: [] } as FootTrack
  }))
  for (let f = 0; f < clip.frameCount; f++) {
    const p = fk(clip, f).positions
    for (const { a, t, track } of tracks) {
      const ankle = p[a]!
      track.ankle.push([ankle[0], ankle[1], ankle[2]])
      track.sole.push(Math.min(ankle[1] - ANKLE_HEIGHT * k, p[t]![1] - TOE_HEIGHT * k))
    }
  }
  const heightLimit = (rule === 'height' ? 0.06 : 0.035) * k
  const speedLimit = 0.45 * k
  for (const { track } of tracks) {
    for (let f = 0; f < clip.frameCount; f++) {
      const prev = track.ankle[Math.max(0, f - 1)]!
      const next = track.ankle[Math.min(clip.frameCount - 1, f + 1)]!
      const span = Math.max(1, Math.min(clip.frameCount - 1, f + 1) - Math.max(0, f - 1)) / clip.fps
      const speed = Math.hypot(next[0] - prev[0], next[2] - prev[2]) / span
      track.contact.push(track.sole[f]! < heightLimit && (rule === 'height' || speed < speedLimit))
    }
  }
  return [tracks[0]!.track, tracks[1]!.track]
}
