// Looking at one's own body: at the named hand (default right; both hands for `both`), brought up in front of the
// chest palm up, the head turned and bowed to it; or at the feet (sent `down`), the head and neck bowed and the upper
// back rounded a little so the eyes reach the toes. The look is held, then the head comes back up.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { armPose, armsPose, BOTH_ARMS, HEAD_CHANNELS, handsFor } from './channels.js'

function feetKeys (a: number, hold: number): Key[] {
  const bowed = { neckFlex: 30 * a, headFlex: 28 * a, spineFlex: 12 * a }
  return [{ t: 0, pose: {} }, { t: 0.7, pose: bowed }, { t: 0.7 + hold, pose: bowed }, { t: 1.5 + hold, pose: {} }]
}

function handKeys (ctx: ActionContext, a: number, hold: number): Key[] {
  const hands = handsFor(ctx.spec.side, 'right')
  // Turned toward the one hand looked at (a positive twist turns the head to the character's left).
  const toward = hands.length === 2 ? 0 : hands[0] === 'left' ? 1 : -1
  const raised = hands.length === 2
    ? armsPose(hands, { flex: 55, abduct: 20, elbow: 75, twist: 10 })
    : armPose(hands[0]!, { flex: 55, abduct: 15, elbow: 75, twist: 10 })
  const turned = { ...raised, neckTwist: toward * 10 * a, headTwist: toward * 12 * a }
  const looking = { ...turned, neckFlex: 22 * a, headFlex: 30 * a }
  // The hand comes up first and the eyes follow it there.
  return [{ t: 0, pose: {} }, { t: 0.6, pose: turned }, { t: 0.9, pose: looking }, { t: 0.9 + hold, pose: looking }, { t: 1.8 + hold, pose: {} }]
}

export function lookAtBody (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const hold = ctx.spec.durationSeconds ?? 1.6
  const keys = ctx.spec.direction === 'down' ? feetKeys(a, hold) : handKeys(ctx, a, hold)
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex'] })
}
