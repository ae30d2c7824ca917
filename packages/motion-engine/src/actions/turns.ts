// Turning in place and spins: stepping turns where each foot lands rotated about the body's centre.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { runGait } from '../synth/gait.js'
import type { Footstep } from '../synth/gait.js'

function turnSteps (ctx: ActionContext, degrees: number, maxPerStep: number, period: number): { steps: Footstep[], end: number } {
  const k = ctx.scale
  const theta = (degrees * Math.PI) / 180
  const n = Math.max(2, Math.ceil(Math.abs(degrees) / maxPerStep))
  const half = 0.095 * k
  const cx = (ctx.feet[0][0] + ctx.feet[1][0]) / 2
  const cz = (ctx.feet[0][2] + ctx.feet[1][2]) / 2
  const place = (foot: 0 | 1, yaw: number): Vec3 => {
    const lx = foot === 0 ? half : -half
    return [cx + Math.cos(yaw) * lx, 0, cz - Math.sin(yaw) * lx]
  }
  // The foot on the side of the turn opens first.
  let foot: 0 | 1 = theta >= 0 ? 0 : 1
  const steps: Footstep[] = []
  let t = 0.1
  for (let i = 0; i < n; i++) {
    const yaw = (theta * (i + 1)) / n
    steps.push({ foot, start: t, end: t + period * 0.75, to: place(foot, yaw), yaw })
    t += period
    foot = foot === 0 ? 1 : 0
  }
  steps.push({ foot, start: t, end: t + period * 0.75, to: place(foot, theta), yaw: theta })
  return { steps, end: t + period * 0.75 }
}

export function turn (ctx: ActionContext): ActionClip {
  const degrees = (ctx.spec.degrees ?? 90) * (ctx.spec.count ?? 1)
  const period = 0.42 / (ctx.style.tempo * ctx.spec.speed)
  const { steps, end } = turnSteps(ctx, degrees, 50, period)
  const k = ctx.scale
  return runGait(ctx, {
    steps,
    duration: end + 0.3,
    hipHeight: 0.93 * k,
    bob: 0.01 * k,
    flight: false,
    lift: 0.06 * k * ctx.style.footLift,
    armSwing: 6,
    elbow: 18,
    lean: 1,
    stepLength: 0.2 * k,
    // The head leads into the turn.
    extraPose: { headTwist: Math.sign(degrees) * 12, neckTwist: Math.sign(degrees) * 6 }
  })
}

export function spin (ctx: ActionContext): ActionClip {
  const degrees = (ctx.spec.degrees ?? 360) * (ctx.spec.count ?? 1)
  const period = 0.2 / (ctx.style.tempo * ctx.spec.speed)
  const { steps, end } = turnSteps(ctx, degrees, 75, period)
  const k = ctx.scale
  return runGait(ctx, {
    steps,
    duration: end + 0.35,
    hipHeight: 0.93 * k,
    bob: 0.015 * k,
    flight: false,
    lift: 0.08 * k,
    armSwing: 0,
    elbow: 95,
    lean: 0,
    stepLength: 0.2 * k,
    extraPose: { lArmFlex: 40, rArmFlex: 40, lArmAbduct: 25, rArmAbduct: 25, headTwist: Math.sign(degrees) * 15 }
  })
}
