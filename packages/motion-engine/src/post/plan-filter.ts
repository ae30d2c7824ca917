// Pose filtering for planned feet. The foot and toe rotations of each swing (the frames between two plants) are
// re-solved as the turn closest to the planned one with the least jerk, the planted frames on either side held
// fixed: the foot leaves and lands exactly as planted, but the pitch kinks at lift-off and touchdown (where a walk's
// jerk is: toes and knees) are smoothed out. The ankle path is kept as planned: its horizontal travel already eases
// in and out, and its steep landing keeps the sole off the floor until the foot has stopped (a smoothed path would
// skim the floor while still moving, which is skating).
import type { MotionClip, Quat, Vec3 } from '../clip.js'
import { fkPose } from '../fk.js'
import { jointIndex } from '../skeleton.js'
import type { ContactPlan, PlannedContact } from './contact-plan.js'
import { cutoffFor } from './pose-filter.js'
import { movingAverage } from '../math/moving-average.js'

/** Planted frames on each side of a swing that enter the jerk terms (a third difference spans four frames). */
const CONTEXT = 3
/** Longer gaps between plants are not swings (a pause with the foot up): left as planned. */
const MAX_SWING = 90

/**
 * Weight of the jerk penalty for a strength: the smoother's response 1 / (1 + λ (2 sin(ω/2))⁶) halves at four times
 * the rotation filter's cutoff (a swing lasts about 0.4 s: the body's cutoff would flatten the swing itself).
 */
export function jerkWeight (strength: number, fps: number): number {
  const half = Math.min(Math.PI / 2, (Math.PI * 4 * cutoffFor(strength)) / fps)
  return Math.pow(2 * Math.sin(half), -6)
}

/**
 * Least squares: stay near `values` on free frames, minimise λ × squared third differences, `fixed` frames held.
 * Dense normal equations: a swing is a few dozen frames.
 */
export function smoothHeld (values: number[], fixed: boolean[], lambda: number): number[] {
  const free = values.map((_, i) => i).filter(i => !fixed[i])
  const m = free.length
  if (m === 0 || values.length < 4) return values.slice()
  const slot = new Map(free.map((f, i) => [f, i]))
  const a: number[][] = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 1 : 0)))
  const b = free.map(f => values[f]!)
  const c = [-1, 3, -3, 1]
  for (let t = 0; t + 3 < values.length; t++) {
    for (let p = 0; p < 4; p++) {
      const i = slot.get(t + p)
      if (i === undefined) continue
      for (let q = 0; q < 4; q++) {
        const j = slot.get(t + q)
        if (j === undefined) b[i] = b[i]! - lambda * c[p]! * c[q]! * values[t + q]!
        else a[i]![j] = a[i]![j]! + lambda * c[p]! * c[q]!
      }
    }
  }
  const x = solve(a, b)
  const out = values.slice()
  free.forEach((f, i) => { out[f] = x[i]! })
  return out
}

/** Gaussian elimination with partial pivoting (the matrix is symmetric positive definite). */
function solve (a: number[][], b: number[]): number[] {
  const n = b.length
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    ;[b[col], b[pivot]] = [b[pivot]!, b[col]!]
    for (let r = col + 1; r < n; r++) {
      const factor = a[r]![col]! / a[col]![col]!
      if (factor === 0) continue
      for (let k = col; k < n; k++) a[r]![k] = a[r]![k]! - factor * a[col]![k]!
      b[r] = b[r]! - factor * b[col]!
    }
  }
  const x = new Array<number>(n).fill(0)
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!
    x[r] = s / a[r]![r]!
  }
  return x
}

function alignedQuats (qs: Quat[]): Quat[] {
  const out: Quat[] = [qs[0]!]
  for (let i = 1; i < qs.length; i++) {
    const p = out[i - 1]!
    const q = qs[i]!
    out.push(p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3] < 0 ? [-q[0], -q[1], -q[2], -q[3]] : q)
  }
  return out
}

function smoothQuats (qs: Quat[], fixed: boolean[], lambda: number): Quat[] {
  const aligned = alignedQuats(qs)
  const parts = [0, 1, 2, 3].map(c => smoothHeld(aligned.map(q => q[c]!), fixed, lambda))
  return aligned.map((_, i) => {
    const q: Quat = [parts[0]![i]!, parts[1]![i]!, parts[2]![i]!, parts[3]![i]!]
    const l = Math.hypot(...q) || 1
    return [q[0] / l, q[1] / l, q[2] / l, q[3] / l]
  })
}

/** One swing with up to CONTEXT planted frames on each side (`window`), re-solved; planted frames come back as they were. */
function smoothSwing (window: PlannedContact[], lambda: number): PlannedContact[] {
  const fixed = window.map(e => e.planted)
  const feet = smoothQuats(window.map(e => e.foot), fixed, lambda)
  const toes = smoothQuats(window.map(e => e.toe), fixed, lambda)
  return window.map((e, i) => (e.planted ? e : { ...e, foot: feet[i]!, toe: toes[i]!, follow: 0 }))
}

/** The plan with every swing between two plants re-solved for least jerk at penalty weight `lambda`. */
export function smoothPlan (plan: ContactPlan, lambda: number): ContactPlan {
  return plan.map(track => {
    const out = track.slice()
    const entry = (f: number): PlannedContact | null => track[f] ?? null
    let f = 0
    while (f < track.length) {
      const e = entry(f)
      if (e === null || e.planted) { f++; continue }
      let end = f
      while (end + 1 < track.length && entry(end + 1) !== null && !entry(end + 1)!.planted) end++
      let from = f
      while (from > 0 && f - from < CONTEXT && entry(from - 1)?.planted === true) from--
      let to = end
      while (to + 1 < track.length && to - end < CONTEXT && entry(to + 1)?.planted === true) to++
      // Only swings joining two plants are re-solved; a foot left up at either end keeps its planned path.
      if (from < f && to > end && end - f + 1 <= MAX_SWING) {
        smoothSwing(track.slice(from, to + 1) as PlannedContact[], lambda).forEach((c, i) => { out[from + i] = c })
      }
      f = end + 1
    }
    return out
  }) as ContactPlan
}

/**
 * Lowers the root where a planted ankle is out of the leg's reach: the filtered pelvis path runs a little off the
 * planned one, and a straight leg short of its plant would drag the foot. The drop is spread over neighbouring
 * frames (moving maximum, then moving average, never less than the frame's own need), so the pelvis dips smoothly.
 */
export function keepPlantsInReach (clip: MotionClip, plan: ContactPlan): MotionClip {
  const s = clip.skeleton
  const J = s.joints.length
  const n = clip.frameCount
  const legs = ['Left', 'Right'].map(side => [jointIndex(s, side + 'UpLeg'), jointIndex(s, side + 'Leg'), jointIndex(s, side + 'Foot')] as const)
  const length = (j: number): number => Math.hypot(...s.joints[j]!.offset)
  const need = new Array<number>(n).fill(0)
  for (let f = 0; f < n; f++) {
    const root: Vec3 = [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
    let world: Vec3[] | undefined
    for (const side of [0, 1] as const) {
      const c = plan[side][f]
      if (c === null || c === undefined || !c.planted) continue
      world ??= fkPose(s, root, clip.rotations, f * J * 4).positions
      const [upper, mid, end] = legs[side]!
      const reach = (length(mid) + length(end)) * 0.998
      const hip = world[upper]!
      const across = Math.hypot(hip[0] - c.ankle[0], hip[2] - c.ankle[2])
      const up = hip[1] - c.ankle[1]
      need[f] = Math.max(need[f]!, up - Math.sqrt(Math.max(0, reach * reach - across * across)))
    }
  }
  if (need.every(d => d <= 0)) return clip
  const r = Math.max(1, Math.round(clip.fps * 0.1))
  const envelope = need.map((_, i) => Math.max(0, ...need.slice(Math.max(0, i - r), i + r + 1)))
  // Two moving averages over the moving maximum: a smooth dip that still covers each frame's need.
  const drop = movingAverage(movingAverage(envelope, r), r).map((d, f) => Math.max(d, need[f]!))
  const root = Float32Array.from(clip.rootTranslation)
  for (let f = 0; f < n; f++) root[f * 3 + 1] = root[f * 3 + 1]! - drop[f]!
  return { ...clip, rootTranslation: root }
}
