// Expressive upper-body gestures, keyframed over a standing body: salute, cheer, shrug, crossed arms, hands on hips,
// head scratch, thinking, beckoning, fist pump, thumbs up, facepalm, yawn, flapping, swimming strokes, headbanging.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed, repeatKeys, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { armChannels, armPose, armsPose, BOTH_ARMS, handFor, handsFor, HEAD_CHANNELS } from './channels.js'
import type { Hand } from './channels.js'

const UPPER = [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex', 'spineTwist', 'spineSide'] as const

/** In, hold (duration or default), out. */
function hold (ctx: ActionContext, pose: PartialPose, defaultHold: number, channels: readonly string[] = UPPER, rise = 0.5): ActionClip {
  const h = ctx.spec.durationSeconds ?? defaultHold
  return keyed(
    ctx,
    [
      { t: 0, pose: {} },
      { t: rise, pose },
      { t: rise + h, pose },
      { t: rise + h + 0.5, pose: {} }
    ],
    { ...IN_PLACE, channels: channels as ActionClip['channels'] }
  )
}

/** In, `count` oscillations between two poses, out. */
function cycle (ctx: ActionContext, a: PartialPose, b: PartialPose, period: number, defaultCount: number, channels: readonly string[] = UPPER): ActionClip {
  const count = ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.max(1, Math.round(ctx.spec.durationSeconds / period)) : defaultCount)
  const keys: Key[] = repeatKeys(
    [
      { t: 0, pose: a },
      { t: period / 2, pose: b },
      { t: period, pose: a }
    ],
    count,
    [
      { t: 0, pose: {} },
      { t: 0.4, pose: a }
    ],
    [{ t: 0.45, pose: {} }]
  )
  return keyed(ctx, keys, { ...IN_PLACE, channels: channels as ActionClip['channels'] })
}

const side = (hand: Hand) => (hand === 'left' ? 1 : -1)

export function salute (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, 'right')
  return hold(ctx, { ...armPose(hand, { abduct: 80, flex: 35, twist: -30, elbow: 135, clavRaise: 8, wrist: 10 }), headFlex: -4, spineFlex: -3 }, 1.2)
}

export function cheer (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const up = {
    ...armPose('left', { flex: 160, abduct: 25, elbow: 10 }),
    ...armPose('right', { flex: 160, abduct: 25, elbow: 10 }),
    headFlex: -12,
    spineFlex: -6
  }
  const shake = {
    ...armPose('left', { flex: 150 - 15 * a, abduct: 35, elbow: 25 }),
    ...armPose('right', { flex: 150 - 15 * a, abduct: 35, elbow: 25 }),
    headFlex: -10,
    spineFlex: -4
  }
  return cycle(ctx, up, shake, 0.45, 3)
}

export function shrug (ctx: ActionContext): ActionClip {
  const up = {
    lClavRaise: 22,
    rClavRaise: 22,
    ...armPose('left', { flex: 20, abduct: 25, elbow: 95, twist: 60 }),
    ...armPose('right', { flex: 20, abduct: 25, elbow: 95, twist: 60 }),
    headSide: 10,
    headFlex: -4
  }
  const count = ctx.spec.count ?? 1
  return keyed(
    ctx,
    repeatKeys(
      [
        { t: 0, pose: {} },
        { t: 0.35, pose: up },
        { t: 0.9, pose: up },
        { t: 1.3, pose: {} }
      ],
      count
    ),
    { ...IN_PLACE, channels: UPPER as unknown as ActionClip['channels'] }
  )
}

export function crossArms (ctx: ActionContext): ActionClip {
  return hold(
    ctx,
    {
      ...armPose('left', { flex: 40, abduct: -30, elbow: 120, twist: -60 }),
      ...armPose('right', { flex: 48, abduct: -30, elbow: 115, twist: -60 }),
      spineFlex: -3,
      headFlex: -3
    },
    2
  )
}

export function handsOnHips (ctx: ActionContext): ActionClip {
  return hold(
    ctx,
    {
      ...armPose('left', { flex: -15, abduct: 50, elbow: 110, twist: -70 }),
      ...armPose('right', { flex: -15, abduct: 50, elbow: 110, twist: -70 }),
      spineFlex: -5,
      headFlex: -4
    },
    2
  )
}

export function scratchHead (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, 'right')
  const a = { ...armPose(hand, { flex: 95, abduct: 70, elbow: 150, twist: -40, wrist: -10 }), headSide: -8 * side(hand), headFlex: 6 }
  const b = { ...a, ...armPose(hand, { flex: 100, abduct: 70, elbow: 145, twist: -40, wrist: 15 }) }
  return cycle(ctx, a, b, 0.3, 5, [...armChannels(hand), ...HEAD_CHANNELS])
}

export function think (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, 'right')
  const other: Hand = hand === 'left' ? 'right' : 'left'
  return hold(
    ctx,
    {
      ...armPose(hand, { flex: 60, abduct: -5, elbow: 140, twist: -80, wrist: 20 }),
      ...armPose(other, { flex: 25, abduct: -20, elbow: 100, twist: -70 }),
      headFlex: 8,
      headSide: 8 * side(hand),
      spineFlex: 4
    },
    2.2
  )
}

export function beckon (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, 'right')
  const out = armPose(hand, { flex: 70, abduct: 10, elbow: 30, twist: 60, wrist: -10 })
  const pull = armPose(hand, { flex: 60, abduct: 10, elbow: 100, twist: 60, wrist: 35 })
  return cycle(ctx, out, pull, 0.55, 3, armChannels(hand))
}

export function fistPump (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, 'right')
  const low = { ...armPose(hand, { flex: 70, abduct: 30, elbow: 120, twist: -60 }), spineFlex: 6 }
  const high = { ...armPose(hand, { flex: 150, abduct: 30, elbow: 40, twist: -60 }), spineFlex: -5, headFlex: -10 }
  return cycle(ctx, low, high, 0.5, 3, [...armChannels(hand), 'spineFlex', 'headFlex'])
}

export function thumbsUp (ctx: ActionContext): ActionClip {
  // "two thumbs up": both hands, the head level; one hand tilts the head towards it.
  const hands = handsFor(ctx.spec.side, 'right')
  const headSide = hands.length === 1 ? 5 * side(hands[0]!) : 0
  return hold(ctx, { ...armsPose(hands, { flex: 45, abduct: 15, elbow: 95, twist: 0, wrist: -15 }), headSide }, 1.4, [
    ...hands.flatMap(armChannels),
    ...HEAD_CHANNELS
  ])
}

export function facepalm (ctx: ActionContext): ActionClip {
  const hand = handFor(ctx.spec.side, 'right')
  return hold(ctx, { ...armPose(hand, { flex: 85, abduct: -15, elbow: 150, twist: -70, wrist: 25 }), headFlex: 22, neckFlex: 10, spineFlex: 8 }, 1.4)
}

export function yawn (ctx: ActionContext): ActionClip {
  const up = {
    ...armPose('left', { flex: 150, abduct: 40, elbow: 60 }),
    ...armPose('right', { flex: 150, abduct: 40, elbow: 60 }),
    headFlex: -25,
    neckFlex: -10,
    spineFlex: -10
  }
  return keyed(
    ctx,
    [
      { t: 0, pose: {} },
      { t: 1.1, pose: up },
      { t: 2.1, pose: up },
      { t: 3, pose: {} }
    ],
    { ...IN_PLACE, channels: UPPER as unknown as ActionClip['channels'] }
  )
}

export function flap (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const up = {
    ...armPose('left', { flex: 0, abduct: 100 + 40 * a, elbow: 10 }),
    ...armPose('right', { flex: 0, abduct: 100 + 40 * a, elbow: 10 }),
    headFlex: -6
  }
  const down = { ...armPose('left', { flex: 0, abduct: 40, elbow: 20 }), ...armPose('right', { flex: 0, abduct: 40, elbow: 20 }), headFlex: -6 }
  return cycle(ctx, down, up, 0.6, 5)
}

export function swim (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.max(1, Math.round(ctx.spec.durationSeconds / 1.2)) : 3)
  // Front crawl in the air: each arm reaches overhead, pulls down past the hip, recovers; the arms alternate.
  const reachL = {
    ...armPose('left', { flex: 170, abduct: 10, elbow: 10 }),
    ...armPose('right', { flex: -20, abduct: 15, elbow: 30 }),
    spineTwist: 8,
    headTwist: -15,
    spineFlex: 20
  }
  const reachR = {
    ...armPose('right', { flex: 170, abduct: 10, elbow: 10 }),
    ...armPose('left', { flex: -20, abduct: 15, elbow: 30 }),
    spineTwist: -8,
    headTwist: 15,
    spineFlex: 20
  }
  const mid = { ...armPose('left', { flex: 80, abduct: 30, elbow: 60 }), ...armPose('right', { flex: 80, abduct: 30, elbow: 60 }), spineFlex: 20 }
  const keys = repeatKeys([{ t: 0, pose: reachL }, { t: 0.3, pose: mid }, { t: 0.6, pose: reachR }, { t: 0.9, pose: mid }, { t: 1.2, pose: reachL }], count,
    [{ t: 0, pose: {} }, { t: 0.5, pose: reachL }], [{ t: 0.6, pose: {} }])
  return keyed(ctx, keys, { ...IN_PLACE, channels: UPPER as unknown as ActionClip['channels'] })
}

export function headbang (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  return cycle(ctx, { headFlex: -15 * a, neckFlex: -10 * a, spineFlex: -4 }, { headFlex: 30 * a, neckFlex: 15 * a, spineFlex: 12 }, 0.45, 6, [
    ...HEAD_CHANNELS,
    'spineFlex'
  ])
}
