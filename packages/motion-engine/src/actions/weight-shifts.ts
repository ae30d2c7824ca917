// Weight shifted over planted feet: a lunge (one foot out, the body sunk between the feet, then back) and a sway
// (the hips rocking side to side or back and forth, the trunk balancing against them).
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext, FootTarget } from '../synth/action-clip.js'
import { smootherstep } from '../synth/easing.js'
import { addPose, pose } from '../synth/pose-spec.js'
import type { PartialPose, PoseSpec } from '../synth/pose-spec.js'
import { armPose, armsPose } from './channels.js'
import type { Hand } from './channels.js'

const BOTH: readonly Hand[] = ['left', 'right']
/** Ankle height above the floor of a flat foot, at the reference size. */
const ANKLE = 0.08
/** From the ankle to the ball of the foot, along the foot, at the reference size. */
const BALL = 0.125

/** A planted foot at `pos` (ground point), its heel lifted by `pitch` degrees about the ball. */
function footAt (pos: Vec3, k: number, pitch: number, planted: boolean): FootTarget {
  const p = (pitch * Math.PI) / 180
  return { pos: [pos[0], ANKLE * k + BALL * k * Math.sin(p), pos[2] + BALL * k * (1 - Math.cos(p))], yaw: 0, pitch, planted }
}

/** Phase 0 → 1 within [a, b], eased at both ends. */
function phase (t: number, a: number, b: number): number {
  return smootherstep(Math.min(1, Math.max(0, (t - a) / (b - a))))
}

/**
 * Lunges, `count` of them (default 2): the lead foot steps out forward (or `direction` left, right or backward), the
 * body sinks between the feet over the bent lead knee, holds, and pushes back up and home. Forward and backward
 * lunges alternate the legs unless a side is named; a sideways lunge steps out with the foot of that side and keeps
 * the other leg straight.
 */
export function lunge (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const a = ctx.style.amplitude
  const dir = ctx.spec.direction
  const sideways = dir === 'left' || dir === 'right'
  const count = Math.max(1, ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds / 2) : 2))
  const tempo = ctx.style.tempo * ctx.spec.speed
  const rep = 2 / tempo
  const n = Math.round((count * rep + 0.3 / tempo) * ctx.fps) + 1
  const start = ctx.feet
  const stand = 0.94 * k
  const depth = (sideways ? 0.22 : 0.3) * k * a
  // The step, ground plane (x, z): forward is +z, the character's left is +x.
  const reach = (sideways ? 0.6 : 0.75) * k * Math.min(1.25, a)
  const step: [number, number] = dir === 'left' ? [reach, 0] : dir === 'right' ? [-reach, 0] : dir === 'backward' ? [0, -reach] : [0, reach]
  const firstLead: 0 | 1 = dir === 'left' ? 0 : dir === 'right' ? 1 : ctx.spec.side === 'right' ? 1 : ctx.spec.side === 'left' ? 0 : ctx.style.lead
  const alternate = !sideways && ctx.spec.side !== 'left' && ctx.spec.side !== 'right'
  const mid: Vec3 = [(start[0][0] + start[1][0]) / 2, 0, (start[0][2] + start[1][2]) / 2]
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const feet: [FootTarget | null, FootTarget | null][] = []
  for (let f = 0; f < n; f++) {
    const t = (f / ctx.fps) * tempo / 2
    const i = Math.min(count - 1, Math.floor(t))
    const u = t - i
    const lead: 0 | 1 = alternate && i % 2 === 1 ? (firstLead === 0 ? 1 : 0) : firstLead
    // Out (0–0.22), down (0.22–0.45), held, up (0.55–0.75), home (0.75–0.95).
    const out = t >= count ? 0 : phase(u, 0, 0.22) - phase(u, 0.75, 0.95)
    const sink = t >= count ? 0 : phase(u, 0.22, 0.45) - phase(u, 0.55, 0.75)
    const lifted = out > 0 && out < 1 && (u < 0.22 || u > 0.75)
    const leadPos: Vec3 = [start[lead][0] + step[0] * out, 0, start[lead][2] + step[1] * out]
    const trail = lead === 0 ? 1 : 0
    const pair: [FootTarget, FootTarget] = [footAt(start[0], k, 0, true), footAt(start[1], k, 0, true)]
    const swing = lifted ? 0.06 * k * Math.sin(Math.PI * (u < 0.5 ? u / 0.22 : (u - 0.75) / 0.2)) : 0
    // The rear foot's heel comes up as the body sinks (the stepping foot's in a backward lunge); sideways both stay flat.
    const heel = sideways ? 0 : 35 * sink
    const leadFoot = footAt(leadPos, k, dir === 'backward' ? heel : 0, !lifted)
    leadFoot.pos[1] += swing
    pair[lead] = leadFoot
    if (dir !== 'backward') pair[trail] = footAt(start[trail], k, heel, true)
    feet.push(pair)
    const share = sideways ? 0.55 : 0.45
    root.push([mid[0] + step[0] * out * share, stand - depth * sink - 0.02 * k * out, mid[2] + step[1] * out * share])
    const lean = sideways ? 14 : dir === 'backward' ? 4 : 2
    const balance: PartialPose = sideways
      // Arms out in front for balance, as people do when they lunge to the side; hands on the hips otherwise.
      ? armsPose(BOTH, { flex: 60 * sink, abduct: 10 + 15 * sink, elbow: 20 })
      : armsPose(BOTH, { flex: 10, abduct: 30 + 20 * sink, elbow: 100, twist: 40 })
    poses.push(addPose(pose({}), { spineFlex: lean * sink, pelvisPitch: (sideways ? 10 : 0) * sink, ...balance }))
  }
  return { poses, root, heading: root.map(() => 0), footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing' }
}

/**
 * Sways, `count` times (default 3): the body rocks over the planted feet from side to side, or back and forth with
 * `direction` forward or backward, like an inverted pendulum: the hips shift and the trunk leans further the same
 * way, while the head stays level.
 */
export function sway (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const a = ctx.style.amplitude
  const fore = ctx.spec.direction === 'forward' || ctx.spec.direction === 'backward'
  const period = 1.6 / (ctx.style.tempo * ctx.spec.speed)
  const count = Math.max(1, ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds / period) : 3))
  const lead = 0.2
  const n = Math.round((lead * 2 + count * period) * ctx.fps) + 1
  const start = ctx.feet
  const mid: Vec3 = [(start[0][0] + start[1][0]) / 2, 0, (start[0][2] + start[1][2]) / 2]
  const reach = (fore ? 0.045 : 0.06) * k * a
  // Side to side starts toward the left unless the right is named; back and forth starts the way named.
  const first = ctx.spec.side === 'right' || ctx.spec.direction === 'right' || ctx.spec.direction === 'backward' ? -1 : 1
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const feet: [FootTarget | null, FootTarget | null][] = []
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps - lead
    const envelope = phase(t, 0, 0.3 * period) * (1 - phase(t, (count - 0.3) * period, count * period))
    const s = first * Math.sin((2 * Math.PI * Math.max(0, t)) / period) * envelope
    const d = reach * s
    root.push([mid[0] + (fore ? 0 : d), 0.94 * k - 0.008 * k * Math.abs(s), mid[2] + (fore ? d : 0)])
    feet.push([footAt(start[0], k, 0, true), footAt(start[1], k, 0, true)])
    poses.push(addPose(pose({}), fore
      ? { spineFlex: 5 * s * a, headFlex: -3 * s * a }
      : { spineSide: 6 * s * a, neckSide: -3 * s * a, ...armPose('left', { abduct: 9 - 4 * s }), ...armPose('right', { abduct: 9 + 4 * s }) }))
  }
  return { poses, root, heading: root.map(() => 0), footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing' }
}
