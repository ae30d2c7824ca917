// Keyframes joined by cubic (Catmull-Rom) curves instead of eased stops: a key the limb passes through keeps its
// speed (the release of a throw, the bottom of a chop), and a repeated cycle (stirring, strumming) flows round
// without pausing at its samples. Times are seconds before tempo scaling, as in keyframes.ts.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext } from './action-clip.js'
import { smootherstep } from './easing.js'
import type { KeyedOptions } from './keyframes.js'
import { CHANNELS, NEUTRAL, mixPose, pose } from './pose-spec.js'
import type { PartialPose, PoseSpec } from './pose-spec.js'

export interface SplineKey {
  t: number
  pose: PartialPose
  /** Absolute root height at this key (ground 'explicit'); default standing height. */
  y?: number
  /** The limb stops here (wind-up, hold): zero velocity instead of passing through. */
  still?: boolean
}

function hermite (p0: number, m0: number, p1: number, m1: number, dt: number, u: number): number {
  const u2 = u * u
  const u3 = u2 * u
  return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * dt * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * dt * m1
}

function finish (poses: PoseSpec[], heights: number[], opts: KeyedOptions): ActionClip {
  const root: Vec3[] = heights.map(y => [0, y, 0])
  const clip: ActionClip = { poses, root, heading: poses.map(() => 0), footMode: opts.footMode, ground: opts.ground, endPosture: opts.endPosture }
  if (opts.channels !== undefined) clip.channels = opts.channels
  return clip
}

/** Samples keys through cubic curves; the first and last keys, and keys marked `still`, are at rest. */
export function splined (ctx: ActionContext, keys: SplineKey[], opts: KeyedOptions): ActionClip {
  const rate = ctx.style.tempo * ctx.spec.speed
  const base = opts.base ?? NEUTRAL
  const standY = 0.95 * ctx.scale
  const full = keys.map(k => ({ t: k.t, spec: pose(k.pose, base), y: k.y ?? standY, still: k.still === true }))
  const tangent = (i: number, value: (k: typeof full[number]) => number): number => {
    const k = full[i]!
    if (k.still || i === 0 || i === full.length - 1) return 0
    const a = full[i - 1]!
    const b = full[i + 1]!
    return (value(b) - value(a)) / (b.t - a.t)
  }
  const last = full[full.length - 1]!
  const n = Math.max(2, Math.round((last.t / rate) * ctx.fps) + 1)
  const poses: PoseSpec[] = []
  const heights: number[] = []
  let i = 0
  for (let f = 0; f < n; f++) {
    const t = Math.min(last.t, (f / ctx.fps) * rate)
    while (i < full.length - 2 && t > full[i + 1]!.t) i++
    const a = full[i]!
    const b = full[i + 1] ?? a
    const dt = b.t - a.t
    const u = dt > 0 ? Math.min(1, Math.max(0, (t - a.t) / dt)) : 1
    const p = { ...a.spec }
    for (const c of CHANNELS) p[c] = hermite(a.spec[c], tangent(i, k => k.spec[c]), b.spec[c], tangent(i + 1, k => k.spec[c]), dt, u)
    poses.push(p)
    heights.push(hermite(a.y, tangent(i, k => k.y), b.y, tangent(i + 1, k => k.y), dt, u))
  }
  return finish(poses, heights, opts)
}

/** Repetitions of a cycle: the count asked for, else as many as fit the duration asked for, else `fallback`. */
export function countOf (ctx: ActionContext, period: number, fallback: number): number {
  return ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.max(1, Math.round(ctx.spec.durationSeconds / period)) : fallback)
}

export interface Cycle {
  /** Poses at equally spaced phases of one cycle (at least 3); the cycle closes back on the first. */
  samples: PartialPose[]
  /** Seconds per cycle, before tempo. */
  period: number
  count: number
  /** Seconds to move from the relaxed pose to the cycle and back; default 0.5. */
  lead?: number
  tail?: number
}

/**
 * A repeated cycle: the body eases into the cycle's mean pose, the cycle's amplitude grows over its first quarter
 * and fades over its last, then the body eases back. Between samples the channels follow a periodic Catmull-Rom
 * curve, so the motion never stops within the cycle.
 */
export function cycled (ctx: ActionContext, cycle: Cycle, opts: KeyedOptions): ActionClip {
  const rate = ctx.style.tempo * ctx.spec.speed
  const base = opts.base ?? NEUTRAL
  const samples = cycle.samples.map(s => pose(s, base))
  const m = samples.length
  const centre = { ...base }
  for (const c of CHANNELS) centre[c] = samples.reduce((s, p) => s + p[c], 0) / m
  const lead = cycle.lead ?? 0.5
  const tail = cycle.tail ?? 0.5
  const body = cycle.period * cycle.count
  const total = lead + body + tail
  const n = Math.max(2, Math.round((total / rate) * ctx.fps) + 1)
  const ramp = Math.min(cycle.period * 0.25, body / 2)
  const poses: PoseSpec[] = []
  const standY = 0.95 * ctx.scale
  for (let f = 0; f < n; f++) {
    const t = (f / ctx.fps) * rate
    if (t < lead) { poses.push(mixPose(base, centre, smootherstep(t / lead))); continue }
    if (t > lead + body) { poses.push(mixPose(centre, base, smootherstep((t - lead - body) / tail))); continue }
    const s = t - lead
    const amp = smootherstep(s / ramp) * smootherstep((body - s) / ramp)
    const x = ((s / cycle.period) % 1) * m
    const k = Math.floor(x) % m
    const u = x - Math.floor(x)
    const p0 = samples[(k + m - 1) % m]!
    const p1 = samples[k]!
    const p2 = samples[(k + 1) % m]!
    const p3 = samples[(k + 2) % m]!
    const p = { ...centre }
    for (const c of CHANNELS) {
      const v = hermite(p1[c], (p2[c] - p0[c]) / 2, p2[c], (p3[c] - p1[c]) / 2, 1, u)
      p[c] = centre[c] + amp * (v - centre[c])
    }
    poses.push(p)
  }
  return finish(poses, poses.map(() => standY), opts)
}
