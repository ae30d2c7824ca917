// Communicative gestures: wave, clap, point, bow, nod, shake head, stretch, look around.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed, repeatKeys, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { armChannels, armPose, armsPose, BOTH_ARMS, handFor, handsFor, HEAD_CHANNELS } from './channels.js'

function sign (hand: 'left' | 'right'): number {
  return hand === 'left' ? 1 : -1
}

export function wave (ctx: ActionContext): ActionClip {
  // "waves with both hands": the two arms wave together, the head straight ahead.
  const hands = handsFor(ctx.spec.side, 'right')
  const a = ctx.style.amplitude
  const count = ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds * 2.2) : 3)
  const headTwist = hands.length === 1 ? 10 * sign(hands[0]!) : 0
  const up = { ...armsPose(hands, { abduct: 112, flex: 18, twist: -90, elbow: 62, clavRaise: 10, wrist: 0 }), headTwist, headFlex: -4 }
  const cycle: Key[] = [
    { t: 0, pose: up },
    { t: 0.2, pose: { ...up, ...armsPose(hands, { abduct: 112, flex: 18, twist: -90, elbow: 62 - 32 * a, clavRaise: 10, wrist: -12 }) } },
    { t: 0.4, pose: { ...up, ...armsPose(hands, { abduct: 112, flex: 18, twist: -90, elbow: 62 + 22 * a, clavRaise: 10, wrist: 12 }) } },
    { t: 0.45, pose: up }
  ]
  const keys = repeatKeys(cycle, count, [{ t: 0, pose: {} }, { t: 0.45, pose: up }], [{ t: 0.5, pose: {} }])
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...hands.flatMap(armChannels), 'headTwist', 'headFlex'] })
}

export function clap (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? 4
  const open = { ...armPose('left', { flex: 62, abduct: 18, elbow: 75, twist: -40 }), ...armPose('right', { flex: 62, abduct: 18, elbow: 75, twist: -40 }) }
  const shut = { ...armPose('left', { flex: 66, abduct: -8, elbow: 62, twist: -40 }), ...armPose('right', { flex: 66, abduct: -8, elbow: 62, twist: -40 }) }
  const keys = repeatKeys(
    [
      { t: 0, pose: open },
      { t: 0.17, pose: shut },
      { t: 0.34, pose: open }
    ],
    count,
    [
      { t: 0, pose: {} },
      { t: 0.35, pose: open }
    ],
    [{ t: 0.45, pose: {} }]
  )
  return keyed(ctx, keys, { ...IN_PLACE, channels: BOTH_ARMS })
}

export function point (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, ctx.spec.direction === 'left' ? 'left' : 'right')
  const toSide = ctx.spec.direction === 'left' || ctx.spec.direction === 'right'
  const up = ctx.spec.direction === 'up'
  // Up is a hand raised overhead ("raises his arm", "points at the sky"), the collarbone lifted with it.
  const target = toSide
    ? armPose(hand, { flex: 15, abduct: 88, elbow: 4, twist: 0 })
    : up
      ? { ...armPose(hand, { flex: 165, abduct: 18, elbow: 6, twist: 0 }), [hand === 'left' ? 'lClavRaise' : 'rClavRaise']: 12 }
      : armPose(hand, { flex: 88, abduct: 12, elbow: 4, twist: 0 })
  const look = toSide ? { headTwist: 35 * sign(hand), neckTwist: 15 * sign(hand) } : up ? { headFlex: -8 } : { headFlex: -3 }
  const hold = ctx.spec.durationSeconds ?? 1.4
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.45, pose: { ...target, ...look } },
    { t: 0.45 + hold, pose: { ...target, ...look } },
    { t: 0.45 + hold + 0.5, pose: {} }
  ], { ...IN_PLACE, channels: [...armChannels(hand), ...HEAD_CHANNELS] })
}

export function bow (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const depth = 40 * ctx.style.amplitude
  const count = ctx.spec.count ?? 1
  const down = { spineFlex: depth, pelvisPitch: depth * 0.5, headFlex: 12, neckFlex: 8, lArmFlex: 12, rArmFlex: 12, lArmAbduct: 4, rArmAbduct: 4 }
  const keys = repeatKeys([{ t: 0, pose: {} }, { t: 0.7, pose: down, z: -0.06 * k }, { t: 1.3, pose: down, z: -0.06 * k }, { t: 2, pose: {} }], count)
  return keyed(ctx, keys, IN_PLACE)
}

function headCycle (ctx: ActionContext, a: Record<string, number>, b: Record<string, number>, period: number, defaultCount: number): ActionClip {
  const count = ctx.spec.count ?? defaultCount
  const keys = repeatKeys([{ t: 0, pose: {} }, { t: period * 0.25, pose: a }, { t: period * 0.75, pose: b }, { t: period, pose: {} }], count)
  return keyed(ctx, keys, { ...IN_PLACE, channels: HEAD_CHANNELS })
}

export function nod (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  return headCycle(ctx, { headFlex: 20 * a, neckFlex: 6 * a }, { headFlex: -6 * a }, 0.6, 3)
}

export function shakeHead (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  return headCycle(ctx, { headTwist: 28 * a, neckTwist: 8 * a }, { headTwist: -28 * a, neckTwist: -8 * a }, 0.65, 3)
}

export function stretch (ctx: ActionContext): ActionClip {
  const up = {
    ...armPose('left', { flex: 168, abduct: 12, elbow: 4 }),
    ...armPose('right', { flex: 168, abduct: 12, elbow: 4 }),
    spineFlex: -10,
    headFlex: -14,
    lClavRaise: 14,
    rClavRaise: 14
  }
  const hold = ctx.spec.durationSeconds ?? 1.4
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 1, pose: up, y: 0.955 * ctx.scale },
    { t: 1 + hold, pose: { ...up, spineSide: 8 }, y: 0.955 * ctx.scale },
    { t: 2 + hold, pose: {} }
  ], { ...IN_PLACE, channels: BOTH_ARMS })
}

export function lookAround (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const d = ctx.spec.direction
  const left = { headTwist: 45 * a, neckTwist: 20 * a, spineTwist: 15 * a }
  const right = { headTwist: -45 * a, neckTwist: -20 * a, spineTwist: -15 * a }
  const keys: Key[] = d === 'left' || d === 'right'
    ? [{ t: 0, pose: {} }, { t: 0.7, pose: d === 'left' ? left : right }, { t: 1.8, pose: d === 'left' ? left : right }, { t: 2.5, pose: {} }]
    : [{ t: 0, pose: {} }, { t: 0.8, pose: left }, { t: 1.6, pose: left }, { t: 2.6, pose: right }, { t: 3.4, pose: right }, { t: 4.1, pose: {} }]
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...HEAD_CHANNELS, 'spineTwist'] })
}
