// A contact plan re-timed with its clip (`resampleClip`'s frame mapping), so a clip fitted to a requested length
// keeps the contacts its synthesizer planned instead of detected ones: detection pins the ankle, and a walk's
// heel-off pivots on the toes, so an ankle pinned there slides the toes.
import type { Vec3 } from '../clip.js'
import { quatSlerp } from '../math/quat.js'
import type { ContactPlan, PlannedContact } from './contact-plan.js'

function between (a: PlannedContact, b: PlannedContact, u: number): PlannedContact {
  const ankle: Vec3 = [a.ankle[0] + (b.ankle[0] - a.ankle[0]) * u, a.ankle[1] + (b.ankle[1] - a.ankle[1]) * u, a.ankle[2] + (b.ankle[2] - a.ankle[2]) * u]
  const entry: PlannedContact = {
    ankle, foot: quatSlerp(a.foot, b.foot, u), toe: quatSlerp(a.toe, b.toe, u), glide: u < 0.5 ? a.glide : b.glide, planted: a.planted
  }
  const follow = (a.follow ?? 0) + ((b.follow ?? 0) - (a.follow ?? 0)) * u
  if (follow !== 0) entry.follow = follow
  return entry
}

/**
 * A frame that falls between a plant and a swing is part of the swing: the re-timed pose there is already halfway
 * between both, and holding it on the plant would pull the sole along the floor. It keeps an entry so a filtered
 * swing is re-solved through it like any other swing frame.
 */
function resampleEntry (a: PlannedContact | null | undefined, b: PlannedContact | null | undefined, u: number): PlannedContact | null {
  const [near, far] = u < 0.5 ? [a, b] : [b, a]
  if (near === null || near === undefined) return null
  if (far === null || far === undefined || u === 0) return { ...near, ankle: [...near.ankle] }
  const entry = between(a!, b!, u)
  return a!.planted === b!.planted ? entry : { ...entry, planted: false }
}

/** `plan` of a clip of `from` frames, re-timed to `frames` frames the way `resampleClip` re-times the clip. */
export function resamplePlan (plan: ContactPlan, from: number, frames: number): ContactPlan {
  return plan.map(track => Array.from({ length: frames }, (_, f) => {
    const t = frames === 1 ? 0 : (f * (from - 1)) / (frames - 1)
    const a = Math.min(from - 1, Math.floor(t))
    return resampleEntry(track[a], track[Math.min(from - 1, a + 1)], t - a)
  })) as ContactPlan
}
