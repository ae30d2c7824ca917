// Losing balance: a stumble (the trunk pitches forward or back, a quick long catch step, a second step, upright again) and
// the reaction to a push from the front, back or a side: the upper body is driven away from the push, catch steps
// follow the way it goes, or, with `fall`, the person goes down and ends lying (face down when pushed from behind).
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { runGait } from '../synth/gait.js'
import type { Footstep } from '../synth/gait.js'
import { addKeyedOffsets } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { armPose } from './channels.js'
import { KNEEL, LYING, PRONE, SEATED, SQUAT } from './postures.js'
import { supportedKeys } from './supported-keys.js'

type From = NonNullable<ActionContext['spec']['from']>

/** Unit direction (local x, z) the body is driven in by a push from `from`. */
function away (from: From): [number, number] {
  return from === 'front' ? [0, -1] : from === 'back' ? [0, 1] : from === 'left' ? [-1, 0] : [1, 0]
}

/**
 * Two quick catch steps along `dir` (metres of the first and second step), the first by the foot on that side (or
 * the trailing one going forward/back), starting at `t0` seconds; the feet end side by side.
 */
function catchSteps (ctx: ActionContext, dir: [number, number], first: number, second: number, t0: number, swing: number): Footstep[] {
  const k = ctx.scale
  const half = 0.095 * k
  const [f0, f1] = ctx.feet
  const cx = (f0[0] + f1[0]) / 2
  const cz = (f0[2] + f1[2]) / 2
  const sideways = dir[0] !== 0
  const leadFoot: 0 | 1 = sideways ? (dir[0] > 0 ? 0 : 1) : ctx.style.lead === 0 ? 1 : 0
  const other: 0 | 1 = leadFoot === 0 ? 1 : 0
  const x = (foot: 0 | 1) => cx + (foot === 0 ? half : -half)
  const at = (foot: 0 | 1, d: number): Vec3 => [x(foot) + dir[0] * d * k, 0, cz + dir[1] * d * k]
  return [
    { foot: leadFoot, start: t0, end: t0 + swing, to: at(leadFoot, first), yaw: 0 },
    { foot: other, start: t0 + swing * 0.9, end: t0 + swing * 2, to: at(other, sideways ? first : first + second), yaw: 0 },
    { foot: leadFoot, start: t0 + swing * 2.1, end: t0 + swing * 3.1, to: at(leadFoot, sideways ? first + second : first + second), yaw: 0 }
  ]
}

function stepping (ctx: ActionContext, steps: Footstep[], duration: number, reaction: Key[]): ActionClip {
  const k = ctx.scale
  const clip = runGait(ctx, {
    steps,
    duration,
    hipHeight: 0.92 * k,
    bob: 0.02 * k,
    sway: 0.01 * k,
    flight: false,
    lift: 0.07 * k,
    armSwing: 4,
    elbow: 20,
    lean: 0,
    stepLength: 0.45 * k,
    heading: () => 0
  })
  return addKeyedOffsets(clip, ctx, reaction)
}

/**
 * Trips, pitches forward (or, stumbling backwards, falls back on the heels), catches itself with a quick long step
 * and a second one the way the body goes, and straightens up.
 */
export function stumble (ctx: ActionContext): ActionClip {
  const tempo = ctx.style.tempo * ctx.spec.speed
  const s = (t: number) => t / tempo
  if (ctx.spec.direction === 'backward') {
    // Backwards the steps are shorter (a person cannot reach far behind) and the arms reach forward to counter the fall.
    const steps = catchSteps(ctx, [0, -1], 0.4, 0.22, s(0.3), s(0.24))
    const reach: PartialPose = { ...armPose('left', { flex: 75, abduct: 30, elbow: 25 }), ...armPose('right', { flex: 65, abduct: 35, elbow: 30 }) }
    return stepping(ctx, steps, steps[steps.length - 1]!.end + s(0.6), [
      { t: 0, pose: {} },
      { t: s(0.2), pose: { spineFlex: -8, pelvisPitch: -4, ...reach, headFlex: 10 } },
      { t: s(0.45), pose: { spineFlex: -16, pelvisPitch: -8, ...reach, headFlex: 20, neckFlex: 8 } },
      { t: s(0.85), pose: { spineFlex: -6, pelvisPitch: -3, lArmFlex: 30, rArmFlex: 25, lArmAbduct: 20, rArmAbduct: 25, headFlex: 8 } },
      { t: s(1.5), pose: {} }
    ])
  }
  const steps = catchSteps(ctx, [0, 1], 0.6, 0.3, s(0.3), s(0.26))
  const flail: PartialPose = { ...armPose('left', { flex: 55, abduct: 45, elbow: 35 }), ...armPose('right', { flex: 35, abduct: 55, elbow: 30 }) }
  return stepping(ctx, steps, steps[steps.length - 1]!.end + s(0.6), [
    { t: 0, pose: {} },
    { t: s(0.2), pose: { spineFlex: 10, pelvisPitch: 4, ...flail, headFlex: -10 } },
    { t: s(0.45), pose: { spineFlex: 26, pelvisPitch: 10, ...flail, headFlex: -22, neckFlex: -8 } },
    { t: s(0.85), pose: { spineFlex: 14, pelvisPitch: 5, lArmFlex: 25, rArmFlex: 20, lArmAbduct: 20, rArmAbduct: 25, headFlex: -8 } },
    { t: s(1.5), pose: {} }
  ])
}

/** Pushed from `from` (default the front): driven away from the push, then catch steps or, with `fall`, down. */
export function pushed (ctx: ActionContext): ActionClip {
  const from = ctx.spec.from ?? 'front'
  if (ctx.spec.fall === true) return pushedDown(ctx, from)
  const tempo = ctx.style.tempo * ctx.spec.speed
  const s = (t: number) => t / tempo
  const dir = away(from)
  const sideways = dir[0] !== 0
  const steps = catchSteps(ctx, dir, sideways ? 0.35 : 0.4, sideways ? 0.15 : 0.2, s(0.18), s(0.24))
  // The trunk is driven away from the push first (the hips lag), the arms fly toward the push for balance.
  const hit: PartialPose = sideways
    ? { spineSide: 16 * dir[0], pelvisRoll: -5 * dir[0], headSide: -8 * dir[0], lArmAbduct: 35, rArmAbduct: 35, lElbow: 30, rElbow: 30 }
    : {
        spineFlex: -14 * dir[1],
        pelvisPitch: -5 * dir[1],
        headFlex: 12 * dir[1],
        ...armPose('left', { flex: 45 * -dir[1] + 10, abduct: 30, elbow: 30 }),
        ...armPose('right', { flex: 45 * -dir[1] + 10, abduct: 30, elbow: 30 })
      }
  return stepping(ctx, steps, steps[steps.length - 1]!.end + s(0.55), [
    { t: 0, pose: {} },
    { t: s(0.15), pose: hit },
    { t: s(0.5), pose: Object.fromEntries(Object.entries(hit).map(([c, v]) => [c, v * 0.6])) },
    { t: s(1.3), pose: {} }
  ])
}

/** Knocked down: a step away from the push, then down to the floor; on the back, or face down when pushed from behind. */
function pushedDown (ctx: ActionContext, from: From): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  const back = from !== 'back'
  const stepFoot = ctx.style.lead === 0 ? 'r' : 'l'
  const standFoot = stepFoot === 'r' ? 'lFoot' : 'rFoot'
  const side = from === 'left' ? -1 : from === 'right' ? 1 : 0
  const recoil: PartialPose = back
    ? { spineFlex: -16, pelvisPitch: -6, headFlex: 14, ...armPose('left', { flex: 55, abduct: 30, elbow: 30 }), ...armPose('right', { flex: 55, abduct: 30, elbow: 30 }) }
    : { spineFlex: 22, pelvisPitch: 8, headFlex: -16, ...armPose('left', { flex: -20, abduct: 30, elbow: 20 }), ...armPose('right', { flex: -20, abduct: 30, elbow: 20 }) }
  const step: PartialPose = back
    ? { ...recoil, [`${stepFoot}HipFlex`]: -22, [`${stepFoot}Knee`]: 40, [`${stepFoot}Ankle`]: 10, spineSide: 10 * side }
    : { ...recoil, [`${stepFoot}HipFlex`]: 55, [`${stepFoot}Knee`]: 45, [`${stepFoot}Ankle`]: -10, spineFlex: 35, spineSide: 10 * side }
  if (back) {
    // Sits down hard behind the feet, hands catching behind, then rolls onto the back.
    return supportedKeys(ctx, [
      { t: 0, pose: {} },
      { t: 0.15, pose: recoil },
      { t: 0.42, pose: step },
      { t: 0.75, pose: { ...SQUAT, spineFlex: 0, pelvisPitch: -10, ...armPose('left', { flex: -35, abduct: 25, elbow: 15 }), ...armPose('right', { flex: -35, abduct: 25, elbow: 15 }) } },
      { t: 1.05, pose: { ...SEATED, spineFlex: -12, lElbow: 15, rElbow: 15, lArmFlex: -45, rArmFlex: -45, headFlex: 10 } },
      { t: 1.55, pose: LYING },
      { t: 1.55 + hold, pose: { ...LYING, headFlex: 16 } }
    ], [
      { until: 0.2, parts: ['lFoot', 'rFoot'] },
      { until: 0.42, parts: [standFoot] },
      { until: 0.95, parts: ['lFoot', 'rFoot'] },
      { until: 1.35, parts: ['lFoot', 'rFoot', 'lHand', 'rHand'] },
      { until: 1.55 + hold, parts: ['lFoot', 'rFoot'] }
    ], 'lying')
  }
  // Pitched forward: a stumbling step, onto the knees with the hands catching, then down onto the front.
  return supportedKeys(ctx, [
    { t: 0, pose: {} },
    { t: 0.15, pose: recoil },
    { t: 0.42, pose: step },
    { t: 0.8, pose: { ...KNEEL, spineFlex: 45, ...armPose('left', { flex: 80, abduct: 15, elbow: 10 }), ...armPose('right', { flex: 80, abduct: 15, elbow: 10 }) } },
    {
      t: 1.15,
      pose: {
        pelvisPitch: 60,
        lHipFlex: 80,
        rHipFlex: 80,
        lKnee: 95,
        rKnee: 95,
        lAnkle: 40,
        rAnkle: 40,
        spineFlex: 10,
        neckFlex: -30,
        headFlex: -20,
        ...armPose('left', { flex: 80, abduct: 10, elbow: 10, wrist: -70 }),
        ...armPose('right', { flex: 80, abduct: 10, elbow: 10, wrist: -70 })
      }
    },
    { t: 1.7, pose: PRONE },
    { t: 1.7 + hold, pose: { ...PRONE, headTwist: 20 } }
  ], [
    { until: 0.2, parts: ['lFoot', 'rFoot'] },
    { until: 0.42, parts: [standFoot] },
    { until: 0.95, parts: ['lFoot', 'rFoot'] },
    { until: 1.7 + hold, parts: ['lHand', 'rHand'] }
  ], 'prone')
}
