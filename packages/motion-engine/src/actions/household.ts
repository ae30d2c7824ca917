// Everyday handling of (invisible) things, written as hand positions on the body: drinking from a cup, chopping,
// stirring a pot, wiping a surface in circles, sweeping with a broom. Each drives only the upper body, so it plays
// standing or layered over walking.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { countOf, cycled } from '../synth/cycles.js'
import { keyed, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { armChannels, BOTH_ARMS, handFor, HEAD_CHANNELS } from './channels.js'
import type { Hand } from './channels.js'
import { mouthOf, onSide, other, placer, sideSign } from './hand-targets.js'
import type { Place } from './hand-targets.js'

const TRUNK = ['spineFlex', 'spineTwist', 'spineSide'] as const

/** A cup lifted to the mouth, the head tipping back while drinking, then lowered; `count` sips. */
export function drink (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const hand = handFor(ctx.spec.side, 'right')
  const sips = ctx.spec.count ?? 1
  const sip = ctx.spec.durationSeconds !== undefined ? Math.max(0.6, ctx.spec.durationSeconds / sips - 1.2) : 0.9
  const lift = place({ headFlex: -2 }, { [hand]: onSide(hand, 0.1, 1.2, 0.3) }, { [hand]: -10 })
  // The cup's rim at the lips: the wrist a little below and in front of the mouth, wherever the head is.
  const atLips = (body: PartialPose, rise: number, wrist: number) => {
    const m = mouthOf(ctx, body)
    return place(body, { [hand]: [m[0] - 0.03 * sideSign(hand), m[1] - 0.075 + rise, m[2] + 0.065] }, { [hand]: wrist })
  }
  const lips = atLips({ headFlex: -10, neckFlex: -4 }, 0, -25)
  // Drinking tips the cup up and the head back together.
  const tipped = atLips({ headFlex: -20, neckFlex: -8 }, 0.02, -45)
  const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.6, pose: lift }]
  let t = 0.6
  for (let i = 0; i < sips; i++) {
    keys.push({ t: t + 0.45, pose: lips, still: true }, { t: t + 0.45 + sip, pose: tipped, still: true }, { t: t + 0.75 + sip, pose: lips })
    t += 0.75 + sip
    keys.push({ t: t + 0.45, pose: lift, still: i === sips - 1 })
    t += 0.45
  }
  keys.push({ t: t + 0.6, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, interpolation: 'spline', channels: [...armChannels(hand), ...HEAD_CHANNELS] })
}

/**
 * Downward chops, `count` of them: with both hands (side 'both' or none) an axe raised over the shoulder and
 * brought down in front with the trunk; with one hand a knife working on a board at waist height while the other
 * hand holds the food.
 */
export function chop (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const a = ctx.style.amplitude
  if (ctx.spec.side === 'left' || ctx.spec.side === 'right') {
    const hand = ctx.spec.side
    const count = countOf(ctx, 0.4, 6)
    const hold = { [other(hand)]: onSide(other(hand), 0.0, 1.0, 0.36) }
    const board = { spineFlex: 10, headFlex: 18 }
    const up = place(board, { ...hold, [hand]: onSide(hand, 0.14, 1.08 + 0.08 * a, 0.34) }, { [hand]: -15 })
    const down = place(board, { ...hold, [hand]: onSide(hand, 0.14, 0.98, 0.36) }, { [hand]: 10 })
    const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.5, pose: up, still: true }]
    let t = 0.5
    for (let i = 0; i < count; i++) {
      keys.push({ t: t + 0.15, pose: down, still: true }, { t: t + 0.4, pose: up, still: true })
      t += 0.4
    }
    keys.push({ t: t + 0.5, pose: {} })
    return keyed(ctx, keys, { ...IN_PLACE, interpolation: 'spline', channels: [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex'] })
  }
  const count = countOf(ctx, 1.2, 3)
  // Right-handed grip: the right hand high on the handle, the left at its end; the axe rises over the right shoulder.
  const top = place(
    { spineFlex: -8, spineTwist: -10, headFlex: 5 },
    { right: [-0.2, 1.84, 0.0], left: [-0.15, 1.74, 0.04] },
    { right: -20, left: -20 }
  )
  const impact = place(
    { spineFlex: 28 * a, spineTwist: 0, headFlex: 20 },
    { right: [-0.02, 0.98, 0.5], left: [0.02, 0.92, 0.4] },
    { right: 15, left: 15 }
  )
  // Halfway down the hands are solved again, so they stay together on the handle through the fast part.
  const swing = place(
    { spineFlex: 10 * a, spineTwist: -4, headFlex: 12 },
    { right: [-0.07, 1.5, 0.42], left: [-0.03, 1.4, 0.38] },
    { right: 0, left: 0 }
  )
  const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.7, pose: top, still: true }]
  let t = 0.7
  for (let i = 0; i < count; i++) {
    keys.push({ t: t + 0.15, pose: swing }, { t: t + 0.3, pose: impact, still: true, y: 0.93 * ctx.scale }, { t: t + 1.2, pose: top, still: true })
    t += 1.2
  }
  keys.push({ t: t + 0.7, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, interpolation: 'spline', channels: [...BOTH_ARMS, ...HEAD_CHANNELS, ...TRUNK] })
}

/** Samples of a hand going round a circle (`plane` 'floor' = horizontal, 'wall' = upright, facing the body). */
function circleSamples (
  place: Place,
  hand: Hand,
  centre: [number, number, number],
  radius: number,
  plane: 'floor' | 'wall',
  body: PartialPose,
  rest: Partial<Record<Hand, [number, number, number]>>,
  wrist: number
): PartialPose[] {
  const samples: PartialPose[] = []
  // Clockwise seen from above (or from behind, on a wall) for the right hand, mirrored for the left.
  for (let i = 0; i < 8; i++) {
    const th = (i / 8) * 2 * Math.PI
    const u = Math.cos(th) * radius
    const v = -Math.sin(th) * radius
    const p = plane === 'floor' ? onSide(hand, centre[0] + u, centre[1], centre[2] + v) : onSide(hand, centre[0] + u, centre[1] + v, centre[2])
    // On a wall the elbow stays low behind the hand, so the forearm points at the surface and the bent-back hand
    // lies flat on it.
    const elbow = plane === 'wall' ? { [hand]: onSide(hand, centre[0] + u + 0.03, p[1] - 0.2, 0.1) } : {}
    samples.push(place(body, { ...rest, [hand]: p }, { [hand]: wrist }, elbow))
  }
  return samples
}

/** A spoon going round a pot at waist height, the other hand steadying the pot; `count` turns. */
export function stir (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const hand = handFor(ctx.spec.side, 'right')
  const r = 0.075 * ctx.style.amplitude
  const samples = circleSamples(place, hand, [0.1, 1.06, 0.3], r, 'floor', { spineFlex: 8, headFlex: 16 }, { [other(hand)]: onSide(other(hand), 0.16, 1.0, 0.3) }, 20)
  return cycled(ctx, { samples, period: 0.9, count: countOf(ctx, 0.9, 5) }, { ...IN_PLACE, channels: [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex'] })
}

/** A flat hand wiping circles on an upright surface in front (a window, a wall, a board); `count` circles. */
export function wipe (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const hand = handFor(ctx.spec.side, 'right')
  const r = 0.12 * ctx.style.amplitude
  const samples = circleSamples(place, hand, [0.1, 1.3, 0.38], r, 'wall', { spineFlex: 4, headFlex: 4 }, {}, -70)
  return cycled(ctx, { samples, period: 1.1, count: countOf(ctx, 1.1, 4) }, { ...IN_PLACE, channels: [...armChannels(hand), ...HEAD_CHANNELS, 'spineFlex'] })
}

/**
 * Sweeping with a broom: both hands on the handle (the leading hand high near the chest, the other lower and
 * forward), the trunk turning with each stroke from one side across to the other; `count` strokes.
 */
export function sweep (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const low = handFor(ctx.spec.side, 'right')
  const high = other(low)
  const a = ctx.style.amplitude
  const s = sideSign(low)
  const samples: PartialPose[] = []
  for (let i = 0; i < 6; i++) {
    const c = Math.cos((i / 6) * 2 * Math.PI)
    // The stroke drags the broom toward the high hand's side; the return lifts it slightly.
    const lift = Math.max(0, Math.sin((i / 6) * 2 * Math.PI)) * 0.04
    const twist = 16 * a * c * s
    const body = { spineFlex: 16, spineTwist: twist, headFlex: 14, headTwist: -twist * 0.5 }
    samples.push(place(body, {
      [high]: onSide(high, 0.02 - 0.1 * a * c, 1.18, 0.24),
      [low]: onSide(low, 0.06 + 0.18 * a * c, 0.86 + lift, 0.4)
    }, { [high]: 10, [low]: -5 }))
  }
  return cycled(ctx, { samples, period: 1.3, count: countOf(ctx, 1.3, 4), lead: 0.7 }, { ...IN_PLACE, channels: [...BOTH_ARMS, ...HEAD_CHANNELS, ...TRUNK] })
}
