// Keyframed actions: poses at times (seconds, before tempo scaling), eased in between.
import type { ActionClip, ActionContext, Posture } from './action-clip.js'
import { smootherstep } from './easing.js'
import { NEUTRAL, mixPose, pose } from './pose-spec.js'
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
}

export interface KeyedOptions {
  footMode: ActionClip['footMode']
  ground: ActionClip['ground']
  endPosture: Posture
  base?: PoseSpec
  channels?: ActionClip['channels']
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
  for (let f = 0; f < n; f++) {
    const t = (f / ctx.fps) * rate
    while (k < full.length - 2 && t > full[k + 1]!.t) k++
    const a = full[k]!
    const b = full[Math.min(k + 1, full.length - 1)]!
    const u = b.t > a.t ? smootherstep((t - a.t) / (b.t - a.t)) : 1
    poses.push(mixPose(a.spec, b.spec, u))
    const lerp = (x: number | undefined, y: number | undefined, d: number) => (x ?? d) + ((y ?? d) - (x ?? d)) * u
    root.push([lerp(a.x, b.x, 0), lerp(a.y, b.y, standY), lerp(a.z, b.z, 0)])
    heading.push(lerp(a.heading, b.heading, 0))
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
