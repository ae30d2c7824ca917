// Flexing the biceps: the upper arm raised out to the side at shoulder height, the forearm bent up, the fist by the
// head, squeezed twice; both arms (the double-biceps pose) unless one is named.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { IN_PLACE, keyed } from '../synth/keyframes.js'
import { armsPose, BOTH_ARMS, HEAD_CHANNELS } from './channels.js'

const CHANNELS = [...BOTH_ARMS, ...HEAD_CHANNELS, 'spineFlex'] as const
const SQUEEZE_SECONDS = 0.6
// The upper arm rolled back, so the bent forearm stands up beside the head rather than reaching forward.
const TWIST = -80

export function flexBiceps (ctx: ActionContext): ActionClip {
  const hands = ctx.spec.side === 'left' || ctx.spec.side === 'right' ? [ctx.spec.side] : (['left', 'right'] as const)
  const flexed = { ...armsPose(hands, { abduct: 85, flex: 10, twist: TWIST, elbow: 115 }), spineFlex: -4, headFlex: -3 }
  const squeezed = { ...armsPose(hands, { abduct: 88, flex: 10, twist: TWIST, elbow: 135 }), spineFlex: -6, headFlex: -3 }
  const count = ctx.spec.count ?? 2
  const keys = [{ t: 0, pose: {} }, { t: 0.5, pose: flexed }]
  for (let i = 0; i < count; i++) {
    const t = 0.5 + i * SQUEEZE_SECONDS
    keys.push({ t: t + SQUEEZE_SECONDS / 2, pose: squeezed }, { t: t + SQUEEZE_SECONDS, pose: flexed })
  }
  keys.push({ t: 0.5 + count * SQUEEZE_SECONDS + 0.5, pose: {} })
  return keyed(ctx, keys, { ...IN_PLACE, channels: CHANNELS as unknown as ActionClip['channels'] })
}
