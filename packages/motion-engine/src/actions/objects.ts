// Interactions with an (invisible) object: picking it up from the floor, throwing it.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed } from '../synth/keyframes.js'
import { armPose, BOTH_ARMS } from './channels.js'

export function pickUp (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const reach = {
    lHipFlex: 70,
    rHipFlex: 70,
    lKnee: 80,
    rKnee: 80,
    spineFlex: 55,
    pelvisPitch: 28,
    headFlex: 10,
    ...armPose('left', { flex: 75, abduct: 10, elbow: 10 }),
    ...armPose('right', { flex: 75, abduct: 10, elbow: 10 })
  }
  const hold = { ...armPose('left', { flex: 35, abduct: 12, elbow: 95, twist: -40 }), ...armPose('right', { flex: 35, abduct: 12, elbow: 95, twist: -40 }) }
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.9, pose: reach, y: 0.6 * k, z: -0.1 * k },
    { t: 1.3, pose: { ...reach, lElbow: 25, rElbow: 25 }, y: 0.6 * k, z: -0.1 * k },
    { t: 2.3, pose: hold },
    { t: 2.8, pose: hold }
  ], { footMode: 'planted', ground: 'explicit', endPosture: 'standing', channels: BOTH_ARMS })
}

export function throwAction (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const hand = ctx.spec.side === 'left' ? 'left' : 'right'
  const s = hand === 'left' ? -1 : 1
  const windUp = {
    ...armPose(hand, { flex: -20, abduct: 95, elbow: 95, twist: -95 }),
    spineTwist: -25 * s * a,
    pelvisYaw: -10 * s,
    spineFlex: -8,
    headTwist: 20 * s
  }
  const release = { ...armPose(hand, { flex: 120, abduct: 30, elbow: 15, twist: -30 }), spineTwist: 22 * s * a, pelvisYaw: 10 * s, spineFlex: 18 }
  const follow = { ...armPose(hand, { flex: 55, abduct: -10, elbow: 30 }), spineTwist: 28 * s * a, spineFlex: 22, pelvisYaw: 12 * s }
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.6, pose: windUp },
    { t: 0.78, pose: release },
    { t: 1.05, pose: follow },
    { t: 1.8, pose: {} }
  ], { footMode: 'planted', ground: 'explicit', endPosture: 'standing', channels: [...BOTH_ARMS, 'spineTwist'] })
}
