// Foot locking: during each detected contact the ankle is pinned where the contact began, enforced with two-bone
// leg IK; short ramps at both ends avoid pops. Grounding shifts the root so the lowest foot touches the floor.
import type { MotionClip, Quat, Vec3 } from '../clip.js'
import { bodyExtent, lowestPoint } from '../body-extent.js'
import { fk, fkPose } from '../fk.js'
import { solveTwoBone } from '../ik.js'
import type { FootLockingMode } from '../engine.js'
import { jointIndex, skeletonScale } from '../skeleton.js'
import { footTracks } from './contacts.js'
import { movingAverage } from '../math/moving-average.js'

/** `skip[foot][frame]`: frames already held by planned contacts, left alone here. */
export function lockFeet (clip: MotionClip, mode: FootLockingMode, skip?: boolean[][]): MotionClip {
  if (mode === 'never' || mode === 'grounding') return clip
  const tracks = footTracks(clip, mode === 'auto' ? 'velocity' : 'height')
  const s = clip.skeleton
  const J = s.joints.length
  const rot = Float32Array.from(clip.rotations)
  const legs = ['Left', 'Right'].map(side => ({ upper: jointIndex(s, side + 'UpLeg'), mid: jointIndex(s, side + 'Leg'), end: jointIndex(s, side + 'Foot') }))
  const ramp = Math.max(1, Math.round(clip.fps * 0.08))
  const k = skeletonScale(s)
  // In auto mode a foot that has slid far from its pin is released: the motion is meant to glide (pivots, slides).
  const release = mode === 'auto' ? 0.2 * k : Infinity
  const targets: (Vec3 | null)[][] = tracks.map(() => new Array<Vec3 | null>(clip.frameCount).fill(null))
  tracks.forEach((track, side) => {
    let f = 0
    while (f < clip.frameCount) {
      const free = (g: number) => track.contact[g] === true && skip?.[side]?.[g] !== true
      if (!free(f)) { f++; continue }
      let end = f
      while (end + 1 < clip.frameCount && free(end + 1)) end++
      // 'always' pins every low foot, one still landing too: where it comes to rest (its slowest frame), not where
      // it first came near the floor. 'auto' contacts are slow from their first frame, which is kept.
      const pin = mode === 'always' ? restingAnkle(track.ankle, f, end) : track.ankle[f]!
      for (let g = f; g <= end; g++) {
        const orig = track.ankle[g]!
        if (Math.hypot(orig[0] - pin[0], orig[2] - pin[2]) > release) break
        const w = Math.min(1, (g - f + 1) / ramp, (end - g + 1) / ramp)
        targets[side]![g] = [orig[0] + (pin[0] - orig[0]) * w, orig[1] + (pin[1] - orig[1]) * w, orig[2] + (pin[2] - orig[2]) * w]
      }
      f = end + 1
    }
  })
  for (let f = 0; f < clip.frameCount; f++) {
    const base = f * J * 4
    const root: Vec3 = [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
    for (const side of [0, 1]) {
      const target = targets[side]![f]
      if (target === null || target === undefined) continue
      const world = fkPose(s, root, rot, base)
      const hipsQ = world.rotations[0]!
      const fwd = forwardOf(hipsQ)
      solveTwoBone(s, root, rot, base, legs[side]!, target, fwd, world.rotations[legs[side]!.end])
    }
  }
  return { ...clip, rotations: rot }
}

/** The ankle at its slowest frame of a contact: where a foot that was still landing comes to rest. */
export function restingAnkle (ankle: Vec3[], from: number, to: number): Vec3 {
  let best = from
  let slowest = Infinity
  for (let g = from; g <= to; g++) {
    const a = ankle[Math.max(from, g - 1)]!
    const b = ankle[Math.min(to, g + 1)]!
    const speed = Math.hypot(b[0] - a[0], b[2] - a[2])
    if (speed < slowest) { slowest = speed; best = g }
  }
  return ankle[best]!
}

function forwardOf (q: Quat): Vec3 {
  const [x, y, z, w] = q
  const fx = 2 * (x * z + w * y)
  const fz = 1 - 2 * (x * x + y * y)
  const len = Math.hypot(fx, fz) || 1
  return [fx / len, 0, fz / len]
}

/**
 * Snaps the body's lowest point to the floor on frames where it is at (or below) the floor; between such frames the
 * correction is interpolated linearly, so flight arcs keep their shape (a parabola plus a line is a parabola).
 *
 * `planned[foot][frame]`: for a planted foot the ankle height the synthesizer planned (it may stand on a step),
 * NaN for a foot on a planned swing, null where the action planned nothing (the snapping rule below applies).
 */
export function groundFeet (clip: MotionClip, planned?: (number | null)[][]): MotionClip {
  const k = skeletonScale(clip.skeleton)
  const [left, right] = footTracks(clip, 'height')
  const root = Float32Array.from(clip.rootTranslation)
  const n = clip.frameCount
  const correction = new Array<number | null>(n).fill(null)
  // The body's lowest point, not a sole model: lying, a heel is not an ankle height below its ankle.
  const body = bodyExtent(clip.skeleton)
  for (let f = 0; f < n; f++) {
    const low = lowestPoint(body, fk(clip, f))
    const plan = [0, 1].map(i => planned?.[i]?.[f] ?? null)
    if (plan.some(y => y !== null)) {
      // Planted feet go back to their planned height; between plants (a swing, a low hop) nothing is snapped.
      const offsets = [left, right].flatMap((t, i) => (plan[i] !== null && !Number.isNaN(plan[i]) ? [plan[i]! - t.ankle[f]![1]] : []))
      if (offsets.length > 0) correction[f] = Math.max(...offsets)
      if (low + (correction[f] ?? 0) < 0) correction[f] = -low
      continue
    }
    // A sole hovering a few millimetres up is the sole model's tolerance, not the motion's: pulling it down would
    // only add jitter. Anything below the floor is always lifted.
    if (low < 0.04 * k) correction[f] = low > 0 && low < 0.004 * k ? 0 : -low
  }
  const known = correction.map((c, f) => (c === null ? -1 : f)).filter(f => f >= 0)
  if (known.length === 0) return clip
  const full = correction.map((c, f) => {
    if (c !== null) return c
    const before = known.filter(g => g < f).at(-1)
    const after = known.find(g => g > f)
    if (before === undefined) return correction[after!]!
    if (after === undefined) return correction[before]!
    return correction[before]! + (correction[after]! - correction[before]!) * ((f - before) / (after - before))
  })
  // A lift that starts abruptly (a knee reaching the floor) is eased in over neighbouring frames: never less than
  // each frame's own need, so nothing sinks, and at most 4 mm more, so nothing visibly hovers.
  const r = Math.max(1, Math.round(clip.fps * 0.1))
  const envelope = full.map((_, f) => Math.max(...full.slice(Math.max(0, f - r), f + r + 1)))
  const eased = movingAverage(movingAverage(envelope, r), r)
  for (let f = 0; f < n; f++) root[f * 3 + 1] = root[f * 3 + 1]! + Math.min(Math.max(full[f]!, eased[f]!), full[f]! + 0.004 * k)
  return { ...clip, rootTranslation: root }
}
