// Strikes: punches from a guard, front kicks balanced on the support leg, and a stamp of one named foot.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { IN_PLACE, keyed } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { armPose, BOTH_ARMS } from './channels.js'
import type { Hand } from './channels.js'

const GUARD = {
  ...armPose('left', { flex: 45, abduct: 22, elbow: 115, twist: -50 }),
  ...armPose('right', { flex: 45, abduct: 22, elbow: 115, twist: -50 }),
  spineFlex: 6,
  headFlex: 6
}

export function punch (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? 1
  const a = ctx.style.amplitude
  const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.3, pose: GUARD }]
  let t = 0.3
  let hand: Hand = ctx.spec.side === 'left' ? 'left' : 'right'
  for (let i = 0; i < count; i++) {
    const s = hand === 'left' ? -1 : 1
    const strike = { ...GUARD, ...armPose(hand, { flex: 88, abduct: 4, elbow: 4, twist: -80, clavFwd: 12 }), spineTwist: 22 * s * a, pelvisYaw: 8 * s * a }
    keys.push({ t: t + 0.12, pose: strike }, { t: t + 0.22, pose: strike }, { t: t + 0.45, pose: GUARD })
    t += 0.45
    if (ctx.spec.side === undefined || ctx.spec.side === 'both') hand = hand === 'left' ? 'right' : 'left'
  }
  keys.push({ t: t + 0.4, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...BOTH_ARMS, 'spineTwist'] })
}

export function kick (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? 1
  const a = ctx.style.amplitude
  const leg = ctx.spec.side === 'left' ? 'l' : 'r'
  const support = leg === 'l' ? 1 : 0
  const chamber = { [`${leg}HipFlex`]: 85 * a, [`${leg}Knee`]: 100, [`${leg}Ankle`]: 20, ...GUARD, spineFlex: -6 }
  const extend = { [`${leg}HipFlex`]: 80 * a, [`${leg}Knee`]: 5, [`${leg}Ankle`]: 35, ...GUARD, spineFlex: -14 }
  const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.35, pose: GUARD }]
  let t = 0.35
  for (let i = 0; i < count; i++) {
    keys.push({ t: t + 0.25, pose: chamber }, { t: t + 0.4, pose: extend }, { t: t + 0.55, pose: chamber }, { t: t + 0.8, pose: GUARD })
    t += 0.8
  }
  keys.push({ t: t + 0.4, pose: {} })
  const clip = keyed(ctx, keys, { footMode: 'free', ground: 'fit', endPosture: 'standing' })
  clip.pivotFoot = support
  return clip
}

/**
 * Stamps the named foot on the spot ("stomp with the left foot"): the knee rises, then the foot is driven down flat
 * and hard while the trunk and fists brace, `count` times (default 3), balanced on the other leg.
 */
export function stamp (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? 3
  const a = ctx.style.amplitude
  const leg = ctx.spec.side === 'left' ? 'l' : 'r'
  const support = leg === 'l' ? 1 : 0
  const fists = { lElbow: 70, rElbow: 70, lArmFlex: 15, rArmFlex: 15 }
  // The knee bent twice the hip keeps the foot under the hip (thigh and shin are about equally long), so the foot
  // rises and falls straight up and down instead of sliding on the floor.
  const raised = { ...fists, [`${leg}HipFlex`]: 40 * a, [`${leg}Knee`]: 80 * a, spineFlex: 2, headFlex: 8 }
  const struck = { ...fists, spineFlex: 10, neckFlex: -4, headFlex: 14 }
  const keys: Key[] = [{ t: 0, pose: {} }]
  let t = 0
  for (let i = 0; i < count; i++) {
    // A slow rise and a fast strike: the foot stops dead on the floor and the body holds the impact a moment.
    keys.push({ t: t + 0.4, pose: raised, still: true }, { t: t + 0.55, pose: struck, still: true }, { t: t + 0.75, pose: struck })
    t += 0.75
  }
  keys.push({ t: t + 0.45, pose: {} })
  const clip = keyed(ctx, keys, { footMode: 'free', ground: 'fit', endPosture: 'standing', interpolation: 'spline' })
  clip.pivotFoot = support
  return clip
}
