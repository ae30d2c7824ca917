// Travelling along a curved or broken path: footsteps planned along a circle or a zig-zag, each foot placed beside
// the path and turned to its tangent, so the body turns as it goes. Gait words set the pace ("run in a circle").
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { runGait } from '../synth/gait.js'
import type { Footstep } from '../synth/gait.js'

interface PathPoint { pos: Vec3, yaw: number }

type Path = (s: number) => PathPoint

function circlePath (radius: number, dir: 1 | -1): Path {
  return s => {
    const th = s / radius
    return { pos: [dir * radius * (1 - Math.cos(th)), 0, radius * Math.sin(th)], yaw: dir * th }
  }
}

function zigzagPath (leg: number, angle: number, dir: 1 | -1): Path {
  return s => {
    let pos: Vec3 = [0, 0, 0]
    let left = s
    let i = 0
    // The first leg is half as long so the zig-zag stays centred on the straight line ahead.
    for (;;) {
      const len = i === 0 ? leg / 2 : leg
      const yaw = (i % 2 === 0 ? 1 : -1) * dir * angle
      const d = Math.min(left, len)
      pos = [pos[0] + Math.sin(yaw) * d, 0, pos[2] + Math.cos(yaw) * d]
      left -= d
      if (left <= 1e-9) return { pos, yaw }
      i++
    }
  }
}

const PACE = {
  walk: { step: 0.62, period: 0.54, swing: 0.8, lift: 0.09, arms: 18 },
  jog: { step: 0.85, period: 0.4, swing: 1.3, lift: 0.14, arms: 28 },
  run: { step: 1.05, period: 0.34, swing: 1.35, lift: 0.2, arms: 40 }
}

function pathGait (ctx: ActionContext, path: Path, length: number): ActionClip {
  const k = ctx.scale
  const words = ctx.spec.gait ?? 'walk'
  const pace = PACE[words]
  const tempo = ctx.style.tempo * ctx.spec.speed
  const period = pace.period / tempo
  const stepLength = pace.step * k * ctx.style.stepLength
  const n = Math.max(2, Math.round(length / stepLength))
  const half = 0.095 * k
  const steps: Footstep[] = []
  let foot: 0 | 1 = ctx.style.lead
  const swing = pace.swing * period
  const t0 = 0.12 + Math.max(0, (swing - period) / 2)
  const place = (s: number, f: 0 | 1): { to: Vec3, yaw: number } => {
    const p = path(s)
    const side = f === 0 ? half : -half
    return { to: [p.pos[0] + Math.cos(p.yaw) * side, 0, p.pos[2] - Math.sin(p.yaw) * side], yaw: p.yaw }
  }
  for (let i = 0; i < n; i++) {
    const centre = t0 + i * period + period / 2
    const { to, yaw } = place(Math.min(length, (i + 1) * stepLength), foot)
    steps.push({ foot, start: centre - swing / 2, end: centre + swing / 2, to, yaw })
    foot = foot === 0 ? 1 : 0
  }
  const last = place(Math.min(length, n * stepLength), foot)
  const closeStart = t0 + n * period + period / 2 - 0.4 * period
  steps.push({ foot, start: closeStart, end: closeStart + 0.8 * period * Math.max(1, pace.swing), to: last.to, yaw: last.yaw })
  return runGait(ctx, {
    steps,
    duration: steps[steps.length - 1]!.end + 0.35,
    hipHeight: (words === 'run' ? 0.91 : 0.93) * k,
    bob: (pace.swing > 1 ? 0.035 : 0.045) * k,
    sway: 0.014 * k,
    flight: pace.swing > 1,
    lift: pace.lift * k * ctx.style.footLift,
    armSwing: pace.arms,
    elbow: words === 'walk' ? 15 : 80,
    lean: words === 'walk' ? 2 : 8,
    stepLength
  })
}

/** Once around a circle of 1.2 m radius (count: times around), turning left unless told right. */
export function circle (ctx: ActionContext): ActionClip {
  const r = 1.2 * ctx.scale
  const dir = ctx.spec.direction === 'right' ? -1 : 1
  // An angle without a count is an arc of that many degrees ("walks forward while turning left" curves a quarter).
  const turns = ctx.spec.count ?? (ctx.spec.degrees !== undefined ? Math.abs(ctx.spec.degrees) / 360 : 1)
  return pathGait(ctx, circlePath(r, dir), ctx.spec.distance ?? 2 * Math.PI * r * turns)
}

/** Zig-zag legs of 1.5 m at ±35° (count: number of legs). */
export function zigzag (ctx: ActionContext): ActionClip {
  const leg = 1.5 * ctx.scale
  const legs = ctx.spec.count ?? 4
  return pathGait(ctx, zigzagPath(leg, (35 * Math.PI) / 180, ctx.spec.direction === 'right' ? -1 : 1), ctx.spec.distance ?? leg * (legs - 0.5))
}
