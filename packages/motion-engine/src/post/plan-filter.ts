// Pose filtering for planned feet: the swinging ankle paths are low-passed like every other joint, fading to the
// plan at lift-off and touchdown, so planted frames stay exactly where they were.
import type { Vec3 } from '../clip.js'
import type { ContactPlan, PlannedContact } from './contact-plan.js'
import { cutoffFor } from './pose-filter.js'

/**
 * Feet are smoothed three times more gently than joint rotations: a step cycle is near 2 Hz, and the strongest
 * rotation cutoff (1.2 Hz) would flatten the swing into the floor.
 */
export function footAlpha (strength: number, fps: number): number {
  return 1 - Math.exp((-2 * Math.PI * 3 * cutoffFor(strength)) / fps)
}

function lowPass (values: number[], alpha: number): number[] {
  const s = values.slice()
  for (let pass = 0; pass < 2; pass++) {
    for (let f = 1; f < s.length; f++) s[f] = s[f - 1]! + alpha * (s[f]! - s[f - 1]!)
    for (let f = s.length - 2; f >= 0; f--) s[f] = s[f + 1]! + alpha * (s[f]! - s[f + 1]!)
  }
  return s
}

function smoothRun (run: PlannedContact[], alpha: number): PlannedContact[] {
  const filtered = [0, 2].map(c => lowPass(run.map(e => e.ankle[c]!), alpha))
  const planted = run.map((e, i) => (e.planted ? i : -1)).filter(i => i >= 0)
  return run.map((e, i) => {
    if (e.planted) return e
    const a = planted.filter(p => p < i).at(-1) ?? -1
    const b = planted.find(p => p > i) ?? run.length
    // Full smoothing mid-swing, none at lift-off and touchdown: the foot leaves and lands as planned, and the
    // height keeps its planned clearance (a smoothed lift would slide the foot low over the floor).
    const w = Math.sin((Math.PI * (i - a)) / (b - a)) ** 2
    const x = e.ankle[0] + (filtered[0]![i]! - e.ankle[0]) * w
    const z = e.ankle[2] + (filtered[1]![i]! - e.ankle[2]) * w
    return { ...e, ankle: [x, e.ankle[1], z] as Vec3, follow: w }
  })
}

/** The plan with its swing paths smoothed by a zero-phase low-pass of the given per-frame coefficient. */
export function smoothPlan (plan: ContactPlan, alpha: number): ContactPlan {
  return plan.map(track => {
    const out = track.slice()
    let f = 0
    while (f < track.length) {
      if (track[f] === null || track[f] === undefined) { f++; continue }
      let end = f
      while (end + 1 < track.length && track[end + 1] !== null && track[end + 1] !== undefined) end++
      smoothRun(track.slice(f, end + 1) as PlannedContact[], alpha).forEach((e, i) => { out[f + i] = e })
      f = end + 1
    }
    return out
  }) as ContactPlan
}
