// Walk, jog, run, sneak, backward and sideways stepping: footstep plans handed to the gait executor.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { runGait } from '../synth/gait.js'
import type { Footstep } from '../synth/gait.js'
import type { PartialPose } from '../synth/pose-spec.js'

interface GaitKind {
  stepLength: number
  cadence: number
  /** Swing time as a fraction of the step period (>1: flight phases). */
  swing: number
  lift: number
  /** Walking: pelvis rise from double support to mid-stance; running: its drop in stance (metres). */
  bob: number
  /** Pelvis excursion toward the stance foot, metres. */
  sway: number
  hipHeight: number
  armSwing: number
  elbow: number
  lean: number
  defaultSeconds: number
}

export type GaitName = 'walk' | 'jog' | 'run' | 'sneak' | 'backstep' | 'march' | 'stomp' | 'skip' | 'limp' | 'stagger' | 'carry'

const KINDS: Record<GaitName, GaitKind> = {
  walk: {
    stepLength: 0.7,
    cadence: 1.85,
    swing: 0.8,
    lift: 0.09,
    bob: 0.045,
    sway: 0.018,
    hipHeight: 0.935,
    armSwing: 20,
    elbow: 15,
    lean: 2,
    defaultSeconds: 3.5
  },
  jog: {
    stepLength: 1,
    cadence: 2.6,
    swing: 1.4,
    lift: 0.15,
    bob: 0.03,
    sway: 0.012,
    hipHeight: 0.925,
    armSwing: 30,
    elbow: 75,
    lean: 6,
    defaultSeconds: 3.5
  },
  run: { stepLength: 1.4, cadence: 3, swing: 1.4, lift: 0.26, bob: 0.045, sway: 0.01, hipHeight: 0.91, armSwing: 45, elbow: 88, lean: 11, defaultSeconds: 3 },
  sneak: { stepLength: 0.5, cadence: 1.3, swing: 0.6, lift: 0.08, bob: 0.02, sway: 0.015, hipHeight: 0.8, armSwing: 6, elbow: 55, lean: 18, defaultSeconds: 4 },
  march: {
    stepLength: 0.62,
    cadence: 1.9,
    swing: 0.75,
    lift: 0.24,
    bob: 0.04,
    sway: 0.012,
    hipHeight: 0.935,
    armSwing: 48,
    elbow: 8,
    lean: -2,
    defaultSeconds: 4
  },
  stomp: {
    stepLength: 0.5,
    cadence: 1.4,
    swing: 0.7,
    lift: 0.22,
    bob: 0.05,
    sway: 0.02,
    hipHeight: 0.92,
    armSwing: 22,
    elbow: 45,
    lean: 7,
    defaultSeconds: 3.5
  },
  skip: {
    stepLength: 0.8,
    cadence: 2.3,
    swing: 1.3,
    lift: 0.22,
    bob: 0.05,
    sway: 0.01,
    hipHeight: 0.92,
    armSwing: 55,
    elbow: 70,
    lean: 3,
    defaultSeconds: 3.5
  },
  limp: {
    stepLength: 0.45,
    cadence: 1.3,
    swing: 0.7,
    lift: 0.06,
    bob: 0.035,
    sway: 0.035,
    hipHeight: 0.925,
    armSwing: 12,
    elbow: 20,
    lean: 5,
    defaultSeconds: 4
  },
  stagger: {
    stepLength: 0.45,
    cadence: 1.6,
    swing: 0.75,
    lift: 0.07,
    bob: 0.035,
    sway: 0.04,
    hipHeight: 0.92,
    armSwing: 10,
    elbow: 25,
    lean: 4,
    defaultSeconds: 4
  },
  carry: {
    stepLength: 0.6,
    cadence: 1.7,
    swing: 0.78,
    lift: 0.08,
    bob: 0.04,
    sway: 0.02,
    hipHeight: 0.93,
    armSwing: 0,
    elbow: 95,
    lean: -3,
    defaultSeconds: 3.5
  },
  backstep: {
    stepLength: -0.42,
    cadence: 1.5,
    swing: 0.75,
    lift: 0.07,
    bob: 0.025,
    sway: 0.012,
    hipHeight: 0.93,
    armSwing: 10,
    elbow: 18,
    lean: -1,
    defaultSeconds: 2.5
  }
}

// Upper-body attitude of the gait styles: arms holding a box, a marching chest, a stomp's fists.
const GAIT_POSE: Partial<Record<GaitName, PartialPose>> = {
  carry: { lArmFlex: 48, rArmFlex: 48, lArmAbduct: 14, rArmAbduct: 14, lArmTwist: -60, rArmTwist: -60, spineFlex: -3 },
  march: { spineFlex: -4, headFlex: -3 },
  stomp: { lElbow: 70, rElbow: 70, spineFlex: 6, neckFlex: -6 },
  limp: { spineSide: -5, pelvisRoll: 3, rArmAbduct: 12 },
  stagger: { spineSide: 4, headSide: -6, lArmAbduct: 20, rArmAbduct: 20 }
}

/** Stride length factor of step i of n: runs accelerate over the first strides and brake over the last ones. */
function ramp (g: GaitKind, i: number, n: number): number {
  return g.swing > 1 ? Math.min(1, 0.6 + 0.4 * i, 0.65 + 0.35 * (n - 1 - i)) : 1
}

function covered (g: GaitKind, n: number, stepLength: number): number {
  let sum = 0
  for (let i = 0; i < n; i++) sum += ramp(g, i, n) * stepLength
  return sum
}

/** Number of footfalls, and a stride scale that makes a requested distance come out exact. */
function stepPlan (ctx: ActionContext, g: GaitKind, stepLength: number, cadence: number): { n: number, scale: number } {
  const { count, durationSeconds, distance } = ctx.spec
  if (count !== undefined) return { n: count, scale: 1 }
  if (distance !== undefined) {
    let best = 1
    for (let n = 1; n <= 500; n++) {
      if (Math.abs(covered(g, n, stepLength) - distance) < Math.abs(covered(g, best, stepLength) - distance)) best = n
      if (covered(g, n, stepLength) > distance) break
    }
    return { n: best, scale: Math.min(1.25, Math.max(0.75, distance / covered(g, best, stepLength))) }
  }
  return { n: Math.max(2, Math.round((durationSeconds ?? g.defaultSeconds) * cadence)), scale: 1 }
}

/**
 * N steps = N footfalls that each advance the body by one step length, then a closing step bringing the feet
 * together, so the root travels about N step lengths.
 */
export function straightGait (kind: GaitName, ctx: ActionContext): ActionClip {
  // Walking backwards uses the shorter, slower backward stride.
  const g = KINDS[kind === 'walk' && ctx.spec.direction === 'backward' ? 'backstep' : kind]
  const k = ctx.scale
  const tempo = ctx.style.tempo * ctx.spec.speed
  // Faster tempo quickens steps and lengthens them a little (speed = cadence × step length).
  const nominal = Math.abs(g.stepLength) * k * ctx.style.stepLength * Math.pow(tempo, 0.3)
  const cadence = g.cadence * Math.pow(tempo, 0.7)
  const { n, scale } = stepPlan(ctx, g, nominal, cadence)
  const stepLength = nominal * scale
  const dirSign = g.stepLength < 0 || ctx.spec.direction === 'backward' ? -1 : 1
  // In place (marching on the spot) every step lands beside the other foot.
  const inPlace = ctx.spec.direction === 'inPlace'
  const L = inPlace ? 0 : stepLength * dirSign
  const T = 1 / cadence
  const half = 0.095 * k
  const feet: [Vec3, Vec3] = [ctx.feet[0], ctx.feet[1]]
  // The trailing foot (further behind along the travel direction) moves first.
  const along = (v: Vec3) => v[2] * Math.sign(L)
  let foot: 0 | 1 = Math.abs(along(feet[0]) - along(feet[1])) > 0.05 * k ? (along(feet[0]) < along(feet[1]) ? 0 : 1) : ctx.style.lead
  // Faster runs spend less of each stride on the ground (shorter stance, longer flight), as sprinters do.
  const swing = (g.swing > 1 ? Math.min(1.6, g.swing + 0.3 * Math.max(0, tempo - 1)) : g.swing) * T
  // Starting from a stop there is a short weight shift first; flowing on from another gait there is none.
  const t0 = (ctx.flow?.fromGait === true ? 0.02 : 0.12) + Math.max(0, (swing - T) / 2)
  const steps: Footstep[] = []
  let front = Math.max(along(feet[0]), along(feet[1])) * Math.sign(L)
  for (let i = 0; i < n; i++) {
    const centre = t0 + i * T + T / 2
    const r = ramp(g, i, n)
    front += L * r
    // The very first footfall lands one step length ahead of the feet, later ones one stride from their last plant.
    const to: Vec3 = [foot === 0 ? half : -half, 0, i === 0 ? Math.max(along(feet[0]), along(feet[1])) * Math.sign(L) + L * r : front]
    if (i === 0) front = to[2]
    // A limp hurries the step onto the sore (right) leg; a stagger lurches sideways at uneven times.
    const hurry = kind === 'limp' && foot === 0 ? 0.18 * T : 0
    if (inPlace) to[2] = (feet[0][2] + feet[1][2]) / 2
    if (kind === 'stagger') to[0] += (ctx.random() - 0.5) * 0.16 * k
    const jitter = kind === 'stagger' ? (ctx.random() - 0.5) * 0.12 * T : 0
    steps.push({ foot, start: centre - swing / 2 + hurry + jitter, end: centre + swing / 2 - hurry * 0.3 + jitter, to, yaw: 0 })
    foot = foot === 0 ? 1 : 0
  }
  // Flowing into another gait ends mid-stride; otherwise a closing step brings the feet together.
  const intoGait = ctx.flow?.intoGait === true
  if (!intoGait) {
    const closeStart = t0 + n * T + T / 2 - (0.8 * T) / 2 + Math.max(0, (swing - T) / 2) * 0.5
    steps.push({ foot, start: closeStart, end: closeStart + 0.8 * T * Math.max(1, g.swing), to: [foot === 0 ? half : -half, 0, front], yaw: 0 })
  }
  const duration = steps[steps.length - 1]!.end + (intoGait ? 0.02 : 0.35)
  const diagonal = ctx.spec.direction === 'diagonalLeft' ? 1 : ctx.spec.direction === 'diagonalRight' ? -1 : 0
  if (diagonal !== 0) angleSteps(steps, feet, (diagonal * Math.PI) / 4)
  return runGait(ctx, {
    steps,
    duration,
    hipHeight: g.hipHeight * k - ctx.style.crouch * 0.004 * k,
    // A real walk's pelvis rises 2.5–9.5 cm: style scales the bounce inside that band.
    bob: (g.swing > 1 ? g.bob * ctx.style.bounce : Math.min(0.08, Math.max(0.03, g.bob * ctx.style.bounce))) * k,
    sway: g.sway * k * (0.8 + 0.4 * ctx.style.bounce),
    flight: g.swing > 1,
    lift: g.lift * k * ctx.style.footLift,
    armSwing: g.armSwing,
    elbow: g.elbow,
    lean: g.lean,
    stepLength: inPlace ? 0.3 * k : Math.abs(L),
    ...(diagonal === 0 ? { heading: () => 0 } : {}),
    endsMoving: intoGait,
    extraPose: GAIT_POSE[kind] ?? {}
  })
}

/**
 * Diagonal walking: the straight plan turned by `angle` about where the feet stand; the body turns toward the new
 * line over the first step (the first foot lands part-turned) and walks it facing that way.
 */
function angleSteps (steps: Footstep[], feet: [Vec3, Vec3], angle: number): void {
  const cx = (feet[0][0] + feet[1][0]) / 2
  const cz = (feet[0][2] + feet[1][2]) / 2
  const c = Math.cos(angle)
  const s = Math.sin(angle)
  steps.forEach((step, i) => {
    const x = step.to[0] - cx
    const z = step.to[2] - cz
    step.to = [cx + x * c + z * s, step.to[1], cz - x * s + z * c]
    step.yaw = i === 0 ? angle * 0.6 : angle
  })
}

/** Step-together side steps: the leading foot steps out, the other closes. */
export function sidestep (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const dir = ctx.spec.direction === 'left' ? 1 : -1
  const lead: 0 | 1 = dir === 1 ? 0 : 1
  const trail: 0 | 1 = lead === 0 ? 1 : 0
  const n = ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.max(1, Math.round(ctx.spec.durationSeconds / 0.9)) : 2)
  const tempo = ctx.style.tempo * ctx.spec.speed
  const T = 0.5 / tempo
  const width = 0.4 * k * ctx.style.stepLength
  const half = 0.095 * k
  const steps: Footstep[] = []
  let cx = (ctx.feet[0][0] + ctx.feet[1][0]) / 2
  const z0 = (ctx.feet[0][2] + ctx.feet[1][2]) / 2
  for (let i = 0; i < n; i++) {
    const t = 0.1 + i * 2 * T
    cx += dir * width
    steps.push({ foot: lead, start: t, end: t + T * 0.8, to: [cx + dir * (half + 0.05 * k), 0, z0], yaw: 0 })
    steps.push({ foot: trail, start: t + T, end: t + T * 1.8, to: [cx - dir * half, 0, z0], yaw: 0 })
  }
  return runGait(ctx, {
    steps,
    duration: steps[steps.length - 1]!.end + 0.3,
    hipHeight: 0.925 * k,
    bob: 0.012 * k,
    flight: false,
    lift: 0.07 * k * ctx.style.footLift,
    armSwing: 0,
    elbow: 20,
    lean: 2,
    stepLength: width,
    heading: () => 0,
    travel: [0.2, 0.8]
  })
}

/** A climbing step: up onto a 20 cm block with a high knee, then back down to the floor. */
export function stepUp (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const h = 0.2 * k
  const half = 0.095 * k
  const lead = ctx.style.lead
  const other: 0 | 1 = lead === 0 ? 1 : 0
  const x = (f: 0 | 1) => (f === 0 ? half : -half)
  const reps = ctx.spec.count ?? 1
  const T = 0.7 / (ctx.style.tempo * ctx.spec.speed)
  const steps: Footstep[] = []
  let t = 0.15
  for (let i = 0; i < reps; i++) {
    steps.push({ foot: lead, start: t, end: t + T, to: [x(lead), h, 0.3 * k], yaw: 0 })
    steps.push({ foot: other, start: t + T * 1.1, end: t + T * 2.1, to: [x(other), h, 0.3 * k], yaw: 0 })
    steps.push({ foot: lead, start: t + T * 2.6, end: t + T * 3.4, to: [x(lead), 0, 0], yaw: 0 })
    steps.push({ foot: other, start: t + T * 3.5, end: t + T * 4.3, to: [x(other), 0, 0], yaw: 0 })
    t += T * 4.6
  }
  const clip = runGait(ctx, {
    steps,
    duration: t + 0.2,
    hipHeight: 0.93 * k,
    bob: 0.01 * k,
    flight: false,
    lift: 0.16 * k,
    armSwing: 18,
    elbow: 25,
    lean: 8,
    stepLength: 0.3 * k,
    heading: () => 0
  })
  // The pelvis rides on the higher foot (the gait executor assumes a flat floor).
  clip.root.forEach((r, i) => {
    const feet = clip.feet![i]!
    const lift = Math.max(0, Math.min(feet[0]!.pos[1], feet[1]!.pos[1]) - 0.08 * k)
    r[1] += Math.min(h, lift)
  })
  return clip
}
