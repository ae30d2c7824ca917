// Arm gestures with a target on the body or in front of it: a slap at face height, clasped hands, standing at
// attention, shaking out the arms, shaking a fist, and mimed guitar and violin playing.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { countOf, cycled } from '../synth/cycles.js'
import { runGait } from '../synth/gait.js'
import { armChannels, armPose, BOTH_ARMS, handFor, HEAD_CHANNELS } from './channels.js'
import { exactly, onSide, other, placer, sideSign } from './hand-targets.js'

/**
 * An open-handed slap: the hand draws back out to its side at face height, then swings fast across the body at
 * the height of a face in front, the trunk turning into it; `count` slaps.
 */
export function slap (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const hand = handFor(ctx.spec.side, 'right')
  const s = sideSign(hand)
  const a = ctx.style.amplitude
  const back = place({ spineTwist: 14 * s * a, headTwist: -6 * s }, { [hand]: onSide(hand, 0.48, 1.52, 0.22) }, { [hand]: -25 })
  const through = place({ spineTwist: 0 }, { [hand]: onSide(hand, 0.0, 1.52, 0.44) }, { [hand]: -10 })
  const follow = place({ spineTwist: -16 * s * a, headTwist: 4 * s }, { [hand]: onSide(hand, -0.26, 1.36, 0.3) }, { [hand]: 5 })
  const count = ctx.spec.count ?? 1
  const keys: Key[] = [{ t: 0, pose: {} }]
  let t = 0
  for (let i = 0; i < count; i++) {
    keys.push({ t: t + 0.5, pose: back, still: true }, { t: t + 0.62, pose: through }, { t: t + 0.76, pose: follow, still: true })
    t += 0.9
  }
  keys.push({ t: t + 0.5, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, interpolation: 'spline', channels: [...armChannels(hand), ...HEAD_CHANNELS, 'spineTwist'] })
}

/** Both hands clasped in front of the belly, fingers interlaced, held. */
export function claspHands (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const clasped = place({ headFlex: 4 }, { left: onSide('left', 0.04, 1.1, 0.27), right: onSide('right', 0.04, 1.1, 0.27) }, { left: 10, right: 10 })
  // Clasped hands are not frozen: they press together a little as the person breathes.
  const pressed = place({ headFlex: 6 }, { left: onSide('left', 0.035, 1.09, 0.28), right: onSide('right', 0.035, 1.09, 0.28) }, { left: 14, right: 14 })
  const hold = ctx.spec.durationSeconds ?? 2.4
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.6, pose: clasped, still: true },
    { t: 0.6 + hold * 0.5, pose: pressed },
    { t: 0.6 + hold, pose: clasped, still: true },
    { t: 1.2 + hold, pose: {} }
  ], { ...IN_PLACE, interpolation: 'spline', channels: [...BOTH_ARMS, ...HEAD_CHANNELS] })
}

const ATTENTION: PartialPose = {
  ...armPose('left', { flex: 0, abduct: 4, elbow: 3, twist: -2, clavFwd: -6, clavRaise: 0, wrist: 0 }),
  ...armPose('right', { flex: 0, abduct: 4, elbow: 3, twist: -2, clavFwd: -6, clavRaise: 0, wrist: 0 }),
  spineFlex: -4,
  spineSide: 0,
  spineTwist: 0,
  neckFlex: -3,
  neckSide: 0,
  neckTwist: 0,
  headFlex: -7,
  headSide: 0,
  headTwist: 0
}

/**
 * Standing at attention: heels brought together with the toes turned out, arms straight down the seams of the
 * trousers, chest out, chin up; held for the duration. Over walking only the upper body comes to attention.
 */
export function attention (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 2.5
  // At attention every mood stands the same: straight arms, upright trunk, chin up.
  const braced = exactly(ctx, ATTENTION)
  const upper = keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.45, pose: braced },
    { t: 0.45 + hold, pose: braced },
    { t: 0.95 + hold, pose: { headFlex: -2 } }
  ], { ...IN_PLACE, channels: [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex', 'spineSide', 'spineTwist'] })
  const k = ctx.scale
  const rate = ctx.style.tempo * ctx.spec.speed
  const [left, right] = ctx.feet
  // The left heel comes in beside the right one; both feet end turned out about 15°.
  const gait = runGait(ctx, {
    steps: [
      { foot: 0, start: 0.08 / rate, end: 0.4 / rate, to: [right[0] + 0.11 * k, 0, right[2]], yaw: 0.26 },
      { foot: 1, start: 0.42 / rate, end: 0.6 / rate, to: [right[0], 0, right[2]], yaw: -0.26 }
    ],
    duration: (upper.poses.length - 1) / ctx.fps,
    hipHeight: 0.95 * k,
    bob: 0.005 * k,
    flight: false,
    lift: 0.03 * k,
    armSwing: 0,
    elbow: 12,
    lean: 0,
    stepLength: Math.max(0.05 * k, Math.abs(left[0] - right[0] - 0.11 * k)),
    heading: () => 0
  })
  const channels = upper.channels ?? []
  gait.poses.forEach((p, f) => { for (const c of channels) p[c] = upper.poses[Math.min(f, upper.poses.length - 1)]![c] })
  gait.channels = channels
  return gait
}

/** Shaking out both arms: loose, fast, small shakes from the shoulders down to the hands. */
export function shakeArms (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const samples: PartialPose[] = []
  for (let i = 0; i < 4; i++) {
    const th = (i / 4) * 2 * Math.PI
    const arm = (hand: 'left' | 'right', phase: number) => armPose(hand, {
      flex: 12 + 6 * a * Math.sin(th + phase),
      abduct: 16 + 4 * a * Math.cos(th + phase),
      twist: -10 + 10 * a * Math.sin(th + phase),
      elbow: 22 + 14 * a * Math.sin(th + phase + 0.8),
      wrist: 24 * a * Math.sin(th + phase + 1.6),
      clavRaise: 3 + 3 * a * Math.cos(th + phase)
    })
    samples.push({ ...arm('left', 0), ...arm('right', Math.PI * 0.6), spineFlex: 6, headFlex: 6 })
  }
  return cycled(ctx, { samples, period: 0.26, count: countOf(ctx, 0.26, 10), lead: 0.4, tail: 0.4 }, { ...IN_PLACE, channels: [...BOTH_ARMS, 'spineFlex', 'headFlex'] })
}

/**
 * Knocking on a door or a surface in front: the hand comes up to head height, knuckles forward, and raps on it from
 * the elbow and wrist, `count` knocks (3) at a knock's quick beat; both hands when `side` is both.
 */
export function knock (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const hands = ctx.spec.side === 'both' ? (['left', 'right'] as const) : [handFor(ctx.spec.side, 'right')]
  const at = (z: number, wrist: number) => place(
    { headFlex: 3, spineFlex: 3 },
    Object.fromEntries(hands.map(h => [h, onSide(h, 0.14, 1.38, z)])),
    Object.fromEntries(hands.map(h => [h, wrist]))
  )
  const drawn = at(0.33, -20)
  const rap = at(0.41, 10)
  const count = ctx.spec.count ?? 3
  const beat = 0.24 / ctx.spec.speed
  const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.5, pose: drawn }]
  let t = 0.5
  for (let i = 0; i < count; i++) {
    keys.push({ t: t + beat * 0.45, pose: rap }, { t: t + beat, pose: drawn })
    t += beat
  }
  keys.push({ t: t + 0.25, pose: drawn }, { t: t + 0.8, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...hands.flatMap(h => armChannels(h)), ...HEAD_CHANNELS, 'spineFlex'] })
}

/** A clenched fist raised beside the head and shaken at someone in front; `count` shakes. */
export function shakeFist (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const hand = handFor(ctx.spec.side, 'right')
  const a = ctx.style.amplitude
  const look = { headFlex: 4, spineFlex: 4, neckFlex: 4 }
  const samples = [0, 1, 2, 3].map(i => {
    const th = (i / 4) * 2 * Math.PI
    return place(look, { [hand]: onSide(hand, 0.22, 1.6 + 0.05 * a * Math.sin(th), 0.22 + 0.05 * a * Math.cos(th)) }, { [hand]: 10 * Math.sin(th) })
  })
  return cycled(ctx, { samples, period: 0.34, count: countOf(ctx, 0.34, 6), lead: 0.45 }, { ...IN_PLACE, channels: [...armChannels(hand), ...HEAD_CHANNELS, 'spineFlex'] })
}

/**
 * A mimed guitar held across the body: the fretting hand out along the neck on the other side, shifting between
 * chords, the strumming hand brushing up and down over the sound hole; `count` strums.
 */
export function playGuitar (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const strum = handFor(ctx.spec.side, 'right')
  const fret = other(strum)
  const a = ctx.style.amplitude
  const body = { headFlex: 16, headTwist: 10 * sideSign(fret), spineFlex: 6 }
  const samples = [0, 1, 2, 3, 4, 5].map(i => {
    const th = (i / 6) * 2 * Math.PI
    return place(body, {
      [strum]: onSide(strum, 0.04, 1.03 + 0.08 * a * Math.cos(th), 0.24),
      [fret]: onSide(fret, 0.36 - 0.015 * Math.sin(th), 1.2, 0.22)
    }, { [strum]: 12 * Math.cos(th), [fret]: -20 })
  })
  return cycled(ctx, { samples, period: 0.42, count: countOf(ctx, 0.42, 8), lead: 0.7, tail: 0.6 }, { ...IN_PLACE, channels: [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex'] })
}

/**
 * A mimed violin on the left shoulder under the chin (the head tipped onto it), the left hand up along the neck,
 * the bow arm drawing long strokes across the strings; `count` strokes (down and up bow).
 */
export function playViolin (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const bow = handFor(ctx.spec.side, 'right')
  const fiddle = other(bow)
  const s = sideSign(fiddle)
  const a = ctx.style.amplitude
  const body = { headSide: 14 * s, headTwist: 22 * s, headFlex: 10, neckSide: 6 * s }
  const samples = [0, 1, 2, 3, 4, 5].map(i => {
    const c = Math.cos((i / 6) * 2 * Math.PI)
    return place(body, {
      [fiddle]: onSide(fiddle, 0.26, 1.42, 0.38),
      [bow]: onSide(bow, 0.02 + 0.17 * a * (1 - c), 1.36 - 0.06 * a * (1 - c), 0.26 + 0.07 * (1 - c))
    }, { [fiddle]: -30, [bow]: 10 * c })
  })
  return cycled(ctx, { samples, period: 1.3, count: countOf(ctx, 1.3, 3), lead: 0.8, tail: 0.7 }, { ...IN_PLACE, channels: [...BOTH_ARMS, ...HEAD_CHANNELS] })
}
