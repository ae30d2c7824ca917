// Raising one leg and lowering it again, `count` times (default 3), balanced on the other: straight forward to hip
// height (a front raise), or out to the side (a side raise, sent sideways). The arms go out a little for balance.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { bothArms } from './channels.js'

const RAISE_SECONDS = 1.1

export function legRaise (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? 3
  const a = ctx.style.amplitude
  const leg = ctx.spec.side === 'left' ? 'l' : 'r'
  const support = leg === 'l' ? 1 : 0
  const toSide = ctx.spec.direction === 'left' || ctx.spec.direction === 'right'
  // The trunk leans away from a leg raised sideways and back from one raised in front, over the standing foot.
  const raised = toSide
    ? { [`${leg}HipAbduct`]: 45 * a, [`${leg}Knee`]: 3, spineFlex: 2 }
    : { [`${leg}HipFlex`]: 75 * a, [`${leg}Knee`]: 5, [`${leg}Ankle`]: 15, spineFlex: -6 }
  const balance = bothArms(10, 30, 15)
  const keys: Key[] = [{ t: 0, pose: {} }, { t: 0.4, pose: balance }]
  let t = 0.4
  for (let i = 0; i < count; i++) {
    const up = { ...balance, ...raised }
    keys.push({ t: t + RAISE_SECONDS * 0.45, pose: up }, { t: t + RAISE_SECONDS * 0.6, pose: up }, { t: t + RAISE_SECONDS, pose: balance })
    t += RAISE_SECONDS
  }
  keys.push({ t: t + 0.4, pose: {} })
  const clip = keyed(ctx, keys, { footMode: 'free', ground: 'fit', endPosture: 'standing' })
  clip.pivotFoot = support
  return clip
}
