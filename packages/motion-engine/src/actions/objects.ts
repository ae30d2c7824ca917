// Interactions with an (invisible) object: picking it up from the floor, throwing it overhand or underhand.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { IN_PLACE, keyed } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'

import { armPose, BOTH_ARMS, handFor } from './channels.js'
import { onSide, other, placer, sideSign } from './hand-targets.js'

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
  ], { ...IN_PLACE, channels: BOTH_ARMS })
}

/**
 * A throw with a visible release: the arm winds back, then accelerates forward past the shoulder, the elbow
 * straightening and the wrist snapping through as the object leaves the hand, and follows through extended.
 * Overhand (default): wound back above and behind the shoulder, released in front above it, following through
 * down across the body. Underhand: swung back low behind the hip, released in front at hip height, following
 * through forward and up.
 */
export function throwAction (ctx: ActionContext): ActionClip {
  const place = placer(ctx)
  const a = ctx.style.amplitude
  const hand = handFor(ctx.spec.side, 'right')
  const s = sideSign(hand)
  const count = ctx.spec.count ?? 1
  const lead = other(hand)
  const under = ctx.spec.style === 'underhand'
  const at = (body: PartialPose, throwing: [number, number, number], leading: [number, number, number], wrist: number) =>
    place(body, { [hand]: onSide(hand, ...throwing), [lead]: onSide(lead, ...leading) }, { [hand]: wrist })
  const k = ctx.scale
  // One throw, times from its start. Underhand the knees and trunk bend into the backswing so the hand can pass
  // below the hip; overhand the hand comes over the top beside the head, the elbow high, before the release.
  const stroke: Key[] = under
    ? [
        { t: 0.6, pose: at({ spineTwist: 12 * s * a, spineFlex: 26, headFlex: -6 }, [0.24, 0.93, 0.0], [0.24, 1.06, 0.34], -30), still: true, y: 0.87 * k },
        { t: 0.74, pose: at({ spineTwist: -4 * s * a, spineFlex: 12 }, [0.14, 1.0, 0.42], [0.26, 0.95, 0.08], 0), y: 0.92 * k },
        { t: 1.02, pose: at({ spineTwist: -10 * s * a, spineFlex: -2, headFlex: -6 }, [0.1, 1.48, 0.46], [0.24, 0.95, 0.0], 25), still: true }
      ]
    : [
        { t: 0.6, pose: at({ spineTwist: 26 * s * a, spineFlex: -8, headTwist: -18 * s }, [0.32, 1.66, -0.28], [0.16, 1.42, 0.42], -40), still: true },
        {
          t: 0.72,
          pose: place(
            { spineTwist: 12 * s * a, spineFlex: -4, headTwist: -6 * s },
            { [hand]: onSide(hand, 0.26, 1.74, 0.02), [lead]: onSide(lead, 0.22, 1.3, 0.34) },
            { [hand]: -30 },
            { [hand]: onSide(hand, 0.42, 1.48, 0.02) }
          )
        },
        { t: 0.79, pose: at({ spineTwist: -6 * s * a, spineFlex: 8, headTwist: 6 * s }, [0.18, 1.62, 0.38], [0.3, 1.1, 0.16], 0) },
        { t: 1.08, pose: at({ spineTwist: -24 * s * a, spineFlex: 18, headTwist: 8 * s }, [-0.12, 1.02, 0.42], [0.32, 1.0, -0.06], 30), still: true }
      ]
  const keys: Key[] = [{ t: 0, pose: {} }]
  let t = 0
  for (let i = 0; i < count; i++) {
    for (const key of stroke) keys.push({ ...key, t: t + key.t })
    t += 1.2
  }
  keys.push({ t: t + 0.6, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, interpolation: 'spline', channels: [...BOTH_ARMS, 'spineTwist', 'spineFlex', 'headTwist', 'headFlex'] })
}
