// A tennis stroke with the racket in the named hand (default right), `count` times (default 1): a forehand (the
// racket taken back on its own side, met in front, followed through across the body to the other shoulder), a
// backhand (sent `backward`: taken back across the body, followed through high on its own side), or a serve or
// smash (`overhand`: the other hand tosses, the racket drops behind the head, meets the ball at full reach above it
// and follows through down across the body). The trunk turns with the racket, so the follow-through carries on
// after the hit instead of stopping at it.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed, repeatKeys, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { armPose, BOTH_ARMS, handFor, HEAD_CHANNELS } from './channels.js'
import type { Hand } from './channels.js'

type Pose = Record<string, number>

/** Trunk, hips and head turned toward the racket side by `deg` (negative: toward the other side). */
function turned (hand: Hand, deg: number, head = 0): Pose {
  const s = hand === 'right' ? -1 : 1
  return { spineTwist: s * deg, pelvisYaw: s * deg * 0.4, headTwist: s * head }
}

const other = (hand: Hand): Hand => hand === 'right' ? 'left' : 'right'

function forehand (hand: Hand, a: number): Pose[] {
  const back = {
    ...armPose(hand, { flex: -5, abduct: 75, elbow: 25, twist: -30 }),
    ...armPose(other(hand), { flex: 70, abduct: -25, elbow: 20 }),
    ...turned(hand, 45 * a, -35)
  }
  const hit = {
    ...armPose(hand, { flex: 55, abduct: 40, elbow: 15, twist: -10 }),
    ...armPose(other(hand), { flex: 35, abduct: 10, elbow: 60 }),
    ...turned(hand, 0)
  }
  const follow = {
    ...armPose(hand, { flex: 125, abduct: -45, elbow: 95, twist: 20 }),
    ...armPose(other(hand), { flex: 25, abduct: 25, elbow: 90 }),
    ...turned(hand, -45 * a, 25)
  }
  return [back, hit, follow]
}

function backhand (hand: Hand, a: number): Pose[] {
  const back = {
    ...armPose(hand, { flex: 45, abduct: -65, elbow: 45, twist: 25 }),
    ...armPose(other(hand), { flex: 45, abduct: -40, elbow: 85 }),
    ...turned(hand, -45 * a, 35)
  }
  const hit = {
    ...armPose(hand, { flex: 70, abduct: 15, elbow: 5, twist: 0 }),
    ...armPose(other(hand), { flex: 10, abduct: 20, elbow: 40 }),
    ...turned(hand, 0)
  }
  const follow = {
    ...armPose(hand, { flex: 130, abduct: 70, elbow: 20, twist: -20 }),
    ...armPose(other(hand), { flex: -15, abduct: 35, elbow: 20 }),
    ...turned(hand, 25 * a, -15)
  }
  return [back, hit, follow]
}

function serve (hand: Hand, a: number): Pose[] {
  const trophy = {
    ...armPose(hand, { flex: 100, abduct: 80, elbow: 115, twist: -60 }),
    ...armPose(other(hand), { flex: 165, abduct: 10, elbow: 5 }),
    ...turned(hand, 30 * a, -20),
    spineFlex: -12 * a
  }
  const hit = {
    ...armPose(hand, { flex: 170, abduct: 15, elbow: 5, twist: 0 }),
    ...armPose(other(hand), { flex: 70, abduct: 0, elbow: 60 }),
    ...turned(hand, 0),
    spineFlex: 0
  }
  const follow = {
    ...armPose(hand, { flex: 20, abduct: -35, elbow: 30, twist: 10 }),
    ...armPose(other(hand), { flex: 20, abduct: 15, elbow: 70 }),
    ...turned(hand, -30 * a, 10),
    spineFlex: 25 * a
  }
  return [trophy, hit, follow]
}

export function tennisStroke (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const hand = handFor(ctx.spec.side, 'right')
  const overhand = ctx.spec.style === 'overhand'
  const [back, hit, follow] = overhand ? serve(hand, a) : ctx.spec.direction === 'backward' ? backhand(hand, a) : forehand(hand, a)
  // The swing is quick from the backswing to the hit and slows through the follow-through, which is held a moment.
  const windUp = overhand ? 0.9 : 0.7
  const cycle: Key[] = [
    { t: 0, pose: {} },
    { t: windUp, pose: back! },
    { t: windUp + 0.22, pose: hit! },
    { t: windUp + 0.6, pose: follow! },
    { t: windUp + 0.9, pose: follow! },
    { t: windUp + 1.6, pose: {} }
  ]
  return keyed(ctx, repeatKeys(cycle, ctx.spec.count ?? 1), {
    ...IN_PLACE,
    channels: [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineTwist', 'spineFlex', 'pelvisYaw']
  })
}
