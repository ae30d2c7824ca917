// Repeated cycles (stirring, strumming, shaking): the channels follow a periodic Catmull-Rom curve through equally
// spaced samples, so the motion flows round without pausing at them. Times are seconds before tempo scaling, as in
// keyframes.ts, whose 'spline' interpolation serves one-off keyed strokes.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext } from './action-clip.js'
import { smootherstep } from './easing.js'
import { hermite } from './keyframes.js'
import type { KeyedOptions } from './keyframes.js'
import { CHANNELS, NEUTRAL, mixPose, pose } from './pose-spec.js'
import type { PartialPose, PoseSpec } from './pose-spec.js'

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
      const v = hermite(u, 0, 1, p1[c], p2[c], (p2[c] - p0[c]) / 2, (p3[c] - p1[c]) / 2)
      p[c] = centre[c] + amp * (v - centre[c])
    }
    poses.push(p)
  }
  const clip: ActionClip = {
    poses,
    root: poses.map((): Vec3 => [0, standY, 0]),
    heading: poses.map(() => 0),
    footMode: opts.footMode,
    ground: opts.ground,
    endPosture: opts.endPosture
  }
  if (opts.channels !== undefined) clip.channels = opts.channels
  return clip
}
