// Footstep executor: turns a list of timed footsteps into pelvis motion, swing-foot arcs with heel-toe roll,
// planted stance feet, counter-rotating pelvis/chest and opposite arm swing. Legs are later solved by IK.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext, FootTarget } from './action-clip.js'
import { smootherstep } from './easing.js'
import { addPose, pose } from './pose-spec.js'
import { doubleSupportHeight, pendulumEvents, pelvisAt, type Footstep } from './pelvis-path.js'
import type { PartialPose, PoseSpec } from './pose-spec.js'

export type { Footstep } from './pelvis-path.js'

export interface GaitParams {
  steps: Footstep[]
  duration: number
  /** Pelvis height, metres (reduced automatically where the legs cannot reach). */
  hipHeight: number
  /** Walking: rise of the pelvis from double support to mid-stance; running: its drop in stance. */
  bob: number
  /** Lateral pelvis excursion toward the stance foot, metres; default none. */
  sway?: number
  /** Running bob (lowest in stance, highest in flight) instead of walking bob. */
  flight: boolean
  lift: number
  /** Arm swing amplitude, degrees at one full step length of foot separation. */
  armSwing: number
  elbow: number
  /** Forward trunk lean, degrees. */
  lean: number
  stepLength: number
  /** Heading over time (radians); default follows the average foot yaw. */
  heading?: (t: number) => number
  extraPose?: PartialPose
  /** The body is still travelling at the end (the next action is another gait). */
  endsMoving?: boolean
  /**
   * The part of each swing (fractions of it) in which the foot travels over the floor; default all of it. A side
   * step lifts the foot before it moves and sets it down before it stops, as people do: a sideways foot cannot
   * roll off its toes, so travel while it is still low would slide the sole.
   */
  travel?: [number, number]
}

interface FootState { pos: Vec3, yaw: number, pitch: number, swinging: number, stance: number }

const ANKLE = 0.08
const TOE_FORWARD = 0.125

function footAt (steps: Footstep[], foot: 0 | 1, start: Vec3, t: number, p: GaitParams, k: number): FootState {
  let from = start
  let fromYaw = 0
  let prevEnd = 0
  const mine = steps.filter(s => s.foot === foot)
  for (let i = 0; i < mine.length; i++) {
    const s = mine[i]!
    // Short steps (turning, side-stepping) peel the heel off less than full strides.
    const roll = Math.min(1, Math.hypot(s.to[0] - from[0], s.to[2] - from[2]) / (p.stepLength * 0.8) + 0.2)
    if (t < s.start) {
      // Planted; the heel peels off during the last part of stance before this step.
      const heelOff = Math.max(0, 1 - (s.start - t) / Math.min(0.22, (s.end - s.start) * 0.5))
      const pitch = 28 * smootherstep(heelOff) * roll
      const stance = (t - prevEnd) / Math.max(1e-3, s.start - prevEnd)
      const rolled = rollAboutToe(from, fromYaw, pitch, k)
      rolled.pos[1] += from[1]
      return { ...rolled, yaw: fromYaw, pitch, swinging: -1, stance }
    }
    if (t <= s.end) {
      const u = (t - s.start) / (s.end - s.start)
      const [from0, to0] = p.travel ?? [0, 1]
      const e = smootherstep(Math.min(1, Math.max(0, (u - from0) / (to0 - from0))))
      // The swing starts where heel-off left the ankle (rolled over the ball), so nothing jumps at toe-off.
      const lift0 = rollAboutToe(from, fromYaw, 28 * roll, k).pos
      lift0[1] += from[1]
      const land: Vec3 = [s.to[0], s.to[1] + ANKLE * k, s.to[2]]
      // Lift peaks early in the swing (toe clearance), then the foot reaches forward for the heel strike.
      // (a warped sine: peak near 40 % of the swing, finite slope at lift-off so the foot does not jerk up).
      const arc = Math.sin(Math.PI * (u + 0.3 * u * (1 - u)))
      const pos: Vec3 = [lift0[0] + (land[0] - lift0[0]) * e, lift0[1] + (land[1] - lift0[1]) * e + p.lift * arc, lift0[2] + (land[2] - lift0[2]) * e]
      const pitch = u < 0.25 ? 28 * roll * (1 - u / 0.25) - 6 * roll * (u / 0.25) : -roll * (6 + 10 * smootherstep((u - 0.25) / 0.75))
      // The toes come down smoothly over the last sixth of the swing: the sole lands flat.
      const flat = u > 0.84 ? 1 - smootherstep((u - 0.84) / 0.16) : 1
      return { pos, yaw: fromYaw + (s.yaw - fromYaw) * e, pitch: pitch * flat, swinging: u, stance: -1 }
    }
    from = s.to
    fromYaw = s.yaw
    prevEnd = s.end
  }
  const stance = Math.min(1, (t - prevEnd) / 0.4)
  return { pos: [from[0], from[1] + ANKLE * k, from[2]], yaw: fromYaw, pitch: 0, swinging: -1, stance }
}

function rollAboutToe (ground: Vec3, yaw: number, pitch: number, k: number): { pos: Vec3 } {
  const th = (pitch * Math.PI) / 180
  const y = (ANKLE - 0.015) * k
  const z = -TOE_FORWARD * k
  const ly = y * Math.cos(th) - z * Math.sin(th)
  const lz = y * Math.sin(th) + z * Math.cos(th)
  const dz = lz - z
  return { pos: [ground[0] + Math.sin(yaw) * dz, 0.015 * k + ly, ground[2] + Math.cos(yaw) * dz] }
}

/** Moving average that keeps the ends fixed (root milestones become a smooth, nearly constant-speed path). */
function smooth (values: number[], radius: number): number[] {
  if (radius < 1) return values
  const out = values.slice()
  for (let i = 0; i < values.length; i++) {
    const r = Math.min(radius, i, values.length - 1 - i)
    let s = 0
    for (let j = i - r; j <= i + r; j++) s += values[j]!
    out[i] = s / (2 * r + 1)
  }
  return out
}

export function runGait (ctx: ActionContext, p: GaitParams): ActionClip {
  const k = ctx.scale
  const n = Math.max(2, Math.round(p.duration * ctx.fps) + 1)
  const starts = ctx.feet
  // Root milestones: midpoint of the feet at the start and after every landing.
  // Flowing on from another gait the pelvis continues from where it was, one frame further along.
  const fromGait = ctx.flow?.fromGait === true
  const times = [fromGait ? -1 / ctx.fps : 0]
  const mids: Vec3[] = [fromGait ? [0, 0, 0] : mid(starts[0], starts[1])]
  const cur: [Vec3, Vec3] = [starts[0], starts[1]]
  const ordered = [...p.steps].sort((a, b) => a.end - b.end)
  for (const [i, s] of ordered.entries()) {
    cur[s.foot] = s.to
    if (p.flight && i < ordered.length - 1) {
      // With flight phases the pelvis passes over each stance foot at mid-stance instead of between the feet.
      const next = ordered.slice(i + 1).find(o => o.foot === s.foot)
      const takeoff = next?.start ?? s.end + 0.2
      times.push((s.end + takeoff) / 2)
      mids.push([s.to[0] * 0.3 + mid(cur[0], cur[1])[0] * 0.7, 0, s.to[2]])
    } else {
      times.push(s.end)
      mids.push(mid(cur[0], cur[1]))
    }
  }
  if (p.endsMoving === true && times.length >= 2) {
    // Flowing into another gait: keep the last segment's velocity instead of coming to rest.
    const a = mids[mids.length - 2]!
    const b = mids[mids.length - 1]!
    const dt = times[times.length - 1]! - times[times.length - 2]!
    const u = dt > 1e-6 ? (p.duration - times[times.length - 1]!) / dt : 0
    mids.push([b[0] + (b[0] - a[0]) * u, 0, b[2] + (b[2] - a[2]) * u])
  } else {
    mids.push(mids[mids.length - 1]!)
  }
  times.push(p.duration)
  const rx: number[] = []
  const rz: number[] = []
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps
    let i = 0
    while (i < times.length - 2 && t > times[i + 1]!) i++
    const u = Math.min(1, Math.max(0, (t - times[i]!) / Math.max(1e-6, times[i + 1]! - times[i]!)))
    rx.push(mids[i]![0] + (mids[i + 1]![0] - mids[i]![0]) * u)
    rz.push(mids[i]![2] + (mids[i + 1]![2] - mids[i]![2]) * u)
  }
  const stepTime = p.steps.length > 1 ? (p.steps[p.steps.length - 1]!.end - p.steps[0]!.start) / p.steps.length : 0.5
  const radius = Math.round(stepTime * ctx.fps * 0.5)
  const sx = smooth(rx, radius)
  const sz = smooth(rz, radius)

  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const heading: number[] = []
  const feet: [FootTarget | null, FootTarget | null][] = []
  const base = addPose(pose(p.extraPose ?? {}), { spineFlex: p.lean, pelvisPitch: p.lean * 0.35, neckFlex: -p.lean * 0.4, headFlex: -p.lean * 0.3 })
  const legReach = 0.83 * k * 0.995
  const deficit: number[] = []
  const curve = {
    events: pendulumEvents(p.steps),
    stand: p.hipHeight,
    low: Math.min(p.hipHeight, doubleSupportHeight(Math.abs(p.stepLength), legReach * 0.985, ANKLE * k, 0.04 * k)),
    bob: p.bob,
    sway: p.sway ?? 0,
    duration: p.duration,
    flight: p.flight
  }
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps
    const L = footAt(p.steps, 0, starts[0], t, p, k)
    const R = footAt(p.steps, 1, starts[1], t, p, k)
    const h = p.heading ? p.heading(t) : (L.yaw + R.yaw) / 2
    // Vertical: walking peaks in single support (inverted pendulum), running peaks in flight and sinks in stance.
    let x = sx[f]!
    let z = sz[f]!
    const c = pelvisAt(curve, t)
    let y = c.y
    x += Math.cos(h) * c.lateral
    z -= Math.sin(h) * c.lateral
    // Keep both ankles reachable: lower the pelvis where a long stride needs it.
    for (const foot of [L, R]) {
      // A swinging foot may fall short (the leg straightens in the air); only a planted one must be reached.
      if (foot.swinging >= 0 && foot.swinging < 0.85) continue
      const side = foot === L ? 1 : -1
      const hx = x + Math.cos(h) * 0.09 * k * side
      const hz = z - Math.sin(h) * 0.09 * k * side
      const dxz = Math.hypot(foot.pos[0] - hx, foot.pos[2] - hz)
      const maxY = foot.pos[1] + Math.sqrt(Math.max(0, legReach * legReach - dxz * dxz)) + 0.04 * k
      // Crouch as far as a planted foot needs: a target out of reach would make the foot slide.
      if (y > maxY) y = Math.max(maxY, p.hipHeight - 0.25 * k)
    }
    deficit.push(c.y - y)
    root.push([x, c.y, z])
    heading.push(h)
    feet.push([{ pos: L.pos, yaw: L.yaw, pitch: L.pitch, planted: L.swinging < 0 }, { pos: R.pos, yaw: R.yaw, pitch: R.pitch, planted: R.swinging < 0 }])
    // Relative forward position of the left foot, in step lengths, drives pelvis rotation and arm swing.
    const fwdL = (L.pos[0] - R.pos[0]) * Math.sin(h) + (L.pos[2] - R.pos[2]) * Math.cos(h)
    const rel = Math.max(-1.2, Math.min(1.2, fwdL / Math.max(0.2, Math.abs(p.stepLength))))
    const s = ctx.style.armSwing
    poses.push(addPose(base, {
      pelvisYaw: -6 * rel,
      spineTwist: 9 * rel,
      headTwist: -3 * rel,
      lArmFlex: -p.armSwing * s * rel,
      rArmFlex: p.armSwing * s * rel,
      lElbow: p.elbow + 10 * Math.max(0, -rel),
      rElbow: p.elbow + 10 * Math.max(0, rel),
      pelvisRoll: 3 * (L.swinging >= 0 ? -1 : R.swinging >= 0 ? 1 : 0) * Math.sin(Math.PI * Math.max(0, L.swinging, R.swinging))
    }))
  }
  // The crouch a long stride needs is spread over neighbouring frames (a moving maximum, then a moving average,
  // never less than the frame's own need), so the pelvis dips smoothly instead of kinking.
  const r = Math.max(1, Math.round(ctx.fps * 0.1))
  const envelope = deficit.map((_, i) => Math.max(...deficit.slice(Math.max(0, i - r), i + r + 1)))
  const dip = smooth(envelope, r)
  root.forEach((q, i) => { q[1] -= Math.max(dip[i]!, deficit[i]!) })
  return { poses, root, heading, footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing' }
}

function mid (a: Vec3, b: Vec3): Vec3 {
  return [(a[0] + b[0]) / 2, 0, (a[2] + b[2]) / 2]
}
