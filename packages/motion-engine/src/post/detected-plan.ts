// Contacts for a clip that came without a plan (a learned model's): detected on the unfiltered clip, so that pose
// filtering can run first and the feet be put back after it, exactly as for planned contacts. A contact pins the
// ankle where it begins ('always': where it comes to rest), its roll and toe bend kept; the swings between contacts
// follow the clip's own ankle path, eased onto the pins so nothing jumps at lift-off.
import type { MotionClip, Vec3 } from '../clip.js'
import { fk } from '../fk.js'
import type { FootLockingMode } from '../engine.js'
import { jointIndex, skeletonScale } from '../skeleton.js'
import type { ContactPlan, PlannedContact } from './contact-plan.js'
import { footTracks } from './contacts.js'
import { restingAnkle } from './foot-lock.js'

/** `auto`: contacts are low and slow, and one that slides far is let go (a glide); `always`: every low foot. */
export function detectContacts (clip: MotionClip, mode: FootLockingMode): ContactPlan {
  const s = clip.skeleton
  const n = clip.frameCount
  const tracks = footTracks(clip, mode === 'auto' ? 'velocity' : 'height')
  const joints = ['Left', 'Right'].map(side => ({ foot: jointIndex(s, side + 'Foot'), toe: jointIndex(s, side + 'ToeBase') }))
  const worlds = Array.from({ length: n }, (_, f) => fk(clip, f))
  const J = s.joints.length
  const release = mode === 'auto' ? 0.2 * skeletonScale(s) : Infinity
  const ease = Math.max(1, Math.round(clip.fps * 0.15))
  return tracks.map((track, side) => {
    const { foot, toe } = joints[side]!
    const raw = (f: number, ankle: Vec3, planted: boolean): PlannedContact => {
      const o = (f * J + toe) * 4
      return {
        ankle,
        foot: worlds[f]!.rotations[foot]!,
        toe: [clip.rotations[o]!, clip.rotations[o + 1]!, clip.rotations[o + 2]!, clip.rotations[o + 3]!],
        glide: false,
        planted
      }
    }
    // Where each frame's ankle is pinned (null: free), then the offsets that ease the free frames onto the pins.
    const pins: (Vec3 | null)[] = new Array<Vec3 | null>(n).fill(null)
    let f = 0
    while (f < n) {
      if (track.contact[f] !== true) { f++; continue }
      let end = f
      while (end + 1 < n && track.contact[end + 1] === true) end++
      const pin = mode === 'always' ? restingAnkle(track.ankle, f, end) : track.ankle[f]!
      while (f < n && track.contact[f] === true) {
        const a = track.ankle[f]!
        if (Math.hypot(a[0] - pin[0], a[2] - pin[2]) > release) break
        pins[f++] = pin
      }
      while (f < n && track.contact[f] === true) f++
    }
    const offset = (f: number): Vec3 => {
      let best: Vec3 = [0, 0, 0]
      let weight = 0
      for (const g of [f - 1, f + 1]) {
        // The nearest pinned frame on each side within the easing span pulls the free ankle toward itself.
        const step = g < f ? -1 : 1
        for (let h = f + step, d = 1; d <= ease && h >= 0 && h < n; h += step, d++) {
          const pin = pins[h]
          if (pin === null || pin === undefined) continue
          const w = 1 - d / (ease + 1)
          if (w > weight) {
            const a = track.ankle[h]!
            best = [(pin[0] - a[0]) * w, (pin[1] - a[1]) * w, (pin[2] - a[2]) * w]
            weight = w
          }
          break
        }
      }
      return best
    }
    return Array.from({ length: n }, (_, g) => {
      const pin = pins[g]
      if (pin !== null && pin !== undefined) return raw(g, [...pin], true)
      const a = track.ankle[g]!
      const d = offset(g)
      return raw(g, [a[0] + d[0], a[1] + d[1], a[2] + d[2]], false)
    })
  }) as ContactPlan
}
