// Keyframed actions: poses at times (seconds, before tempo scaling), eased in between.
import type { ActionClip, ActionContext, Posture } from './action-clip.js'
import { smootherstep } from './easing.js'
import { CHANNELS, NEUTRAL, pose } from './pose-spec.js'
import type { PartialPose, PoseSpec } from './pose-spec.js'
import type { Vec3 } from '../clip.js'

export interface Key {
  t: number
  pose: PartialPose
  /** Root offset (x, z in the local frame) at this key; default 0. */
  x?: number
  z?: number
  /** Absolute root height at this key (only with ground 'explicit'). */
  y?: number
  /** Heading at this key, radians. */
  heading?: number
  /** With 'spline': the limb stops here (wind-up, hold, impact) instead of passing through. */
  still?: boolean
}

export interface KeyedOptions {
  footMode: ActionClip['footMode']
  ground: ActionClip['ground']
  endPosture: Posture
  base?: PoseSpec
  channels?: ActionClip['channels']
  /**
   * 'ease' (default): each segment eases in and out (the body pauses on every key: poses held, gestures).
   * 'spline': a Catmull-Rom curve through the keys, so motion carries through them (flips, dance steps: momentum).
   */
  interpolation?: 'ease' | 'spline'
}

/** An action done on the spot with the feet planted, ending upright: most gestures and upper-body actions. */
export const IN_PLACE = { footMode: 'planted', ground: 'explicit', endPosture: 'standing' } as const satisfies Partial<KeyedOptions>

/** Cubic Hermite through (ta, a) and (tb, b) with slopes ma, mb, at time t. */
export function hermite (t: number, ta: number, tb: number, a: number, b: number, ma: number, mb: number): number {
  const h = tb - ta
  if (h <= 0) return b
  const u = (t - ta) / h
  const u2 = u * u
  const u3 = u2 * u
  return (2 * u3 - 3 * u2 + 1) * a + (u3 - 2 * u2 + u) * h * ma + (-2 * u3 + 3 * u2) * b + (u3 - u2) * h * mb
}

/**
 * Catmull-Rom slope at key i (non-uniform times), zero at the ends and at `still` keys so the motion starts, stops
 * and holds at rest.
 */
function slope (ts: number[], vs: number[], still: boolean[], i: number): number {
  if (i <= 0 || i >= ts.length - 1 || still[i] === true) return 0
  const d0 = (vs[i]! - vs[i - 1]!) / Math.max(1e-6, ts[i]! - ts[i - 1]!)
  const d1 = (vs[i + 1]! - vs[i]!) / Math.max(1e-6, ts[i + 1]! - ts[i]!)
  // A key that is a local extreme stays one (no overshoot past a held pose).
  return d0 * d1 <= 0 ? 0 : (d0 + d1) / 2
}

/** Samples keys at the context's frame rate; `t` is scaled by tempo and speed. */
export function keyed (ctx: ActionContext, keys: Key[], opts: KeyedOptions): ActionClip {
  const rate = ctx.style.tempo * ctx.spec.speed
  const base = opts.base ?? NEUTRAL
  const full = keys.map(k => ({ ...k, spec: pose(k.pose, base) }))
  const last = full[full.length - 1]!
  const n = Math.max(2, Math.round((last.t / rate) * ctx.fps) + 1)
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const heading: number[] = []
  const standY = 0.95 * ctx.scale
  let k = 0
  const ts = full.map(key => key.t)
  const still = full.map(key => key.still === true)
  const spline = opts.interpolation === 'spline'
  const series = (get: (key: typeof full[number]) => number): ((t: number, k: number) => number) => {
    const vs = full.map(get)
    const ms = vs.map((_, i) => slope(ts, vs, still, i))
    return (t, i) => {
      const j = Math.min(i + 1, full.length - 1)
      if (spline) return hermite(Math.min(t, ts[j]!), ts[i]!, ts[j]!, vs[i]!, vs[j]!, ms[i]!, ms[j]!)
      const u = ts[j]! > ts[i]! ? smootherstep(Math.min(1, (t - ts[i]!) / (ts[j]! - ts[i]!))) : 1
      return vs[i]! + (vs[j]! - vs[i]!) * u
    }
  }
  const channels = CHANNELS.map(c => [c, series(key => key.spec[c])] as const)
  const rx = series(key => key.x ?? 0)
  const ry = series(key => key.y ?? standY)
  const rz = series(key => key.z ?? 0)
  const rh = series(key => key.heading ?? 0)
  for (let f = 0; f < n; f++) {
    const t = (f / ctx.fps) * rate
    while (k < full.length - 2 && t > full[k + 1]!.t) k++
    const p = { ...base }
    for (const [c, at] of channels) p[c] = at(t, k)
    poses.push(p)
    root.push([rx(t, k), ry(t, k), rz(t, k)])
    heading.push(rh(t, k))
  }
  const clip: ActionClip = { poses, root, heading, footMode: opts.footMode, ground: opts.ground, endPosture: opts.endPosture }
  if (opts.channels !== undefined) clip.channels = opts.channels
  return clip
}

/** Repeats a cycle of keys `count` times (the first key of the cycle is reused as the loop point). */
export function repeatKeys (cycle: Key[], count: number, lead: Key[] = [], tail: Key[] = []): Key[] {
  const out: Key[] = [...lead]
  const offset = lead.length > 0 ? lead[lead.length - 1]!.t : 0
  const period = cycle[cycle.length - 1]!.t
  for (let i = 0; i < count; i++) {
    for (const key of cycle) {
      if (i > 0 && key.t === 0) continue
      out.push({ ...key, t: offset + i * period + key.t })
    }
  }
  const end = out[out.length - 1]!.t
  for (const key of tail) out.push({ ...key, t: end + key.t })
  return out
}

const ZERO = Object.fromEntries(CHANNELS.map(c => [c, 0])) as PoseSpec

/**
 * Adds keyed pose offsets (times in real seconds, spline-interpolated, zero where a key leaves a channel out) to
 * every frame of a clip: the upper-body reaction of a stumble over its footsteps, a dancer's styling over the steps.
 */
export function addKeyedOffsets (clip: ActionClip, ctx: ActionContext, keys: Key[]): ActionClip {
  const offsets = keyed({ ...ctx, style: { ...ctx.style, tempo: 1 }, spec: { ...ctx.spec, speed: 1 } }, keys, {
    footMode: clip.footMode,
    ground: clip.ground,
    endPosture: clip.endPosture,
    base: ZERO,
    interpolation: 'spline'
  })
  clip.poses.forEach((p, f) => {
    const o = offsets.poses[Math.min(f, offsets.poses.length - 1)]!
    for (const c of CHANNELS) p[c] += o[c]
  })
  return clip
}
