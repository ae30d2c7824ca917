// Keyframed whole-body actions that rest on changing supports (feet, hands) and may leave the floor: the keys give
// the poses, the support spans say what bears the weight when; compose places the root from them.
import type { ActionClip, ActionContext, Posture, SupportPart } from '../synth/action-clip.js'
import { keyed } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import type { Channel } from '../synth/pose-spec.js'

/** Until key time `until` (seconds before tempo scaling) the body rests on `parts`; an empty list is flight. */
export interface SupportSpan { until: number, parts: SupportPart[] }

export function supportedKeys (ctx: ActionContext, keys: Key[], spans: SupportSpan[], endPosture: Posture): ActionClip {
  const clip = keyed(ctx, keys, { footMode: 'free', ground: 'fit', endPosture, interpolation: 'spline' })
  const rate = ctx.style.tempo * ctx.spec.speed
  clip.support = clip.poses.map((_, f) => {
    const t = (f / ctx.fps) * rate
    return (spans.find(s => t < s.until) ?? spans[spans.length - 1]!).parts
  })
  return clip
}

/**
 * A rotation channel that turned by whole turns (a flip's pelvis pitch) is brought back into (-180, 180] per frame:
 * the joint rotation is the same, and the next action blends from an angle near its own instead of unwinding.
 */
export function wrapTurns (clip: ActionClip, channel: Channel): ActionClip {
  for (const p of clip.poses) p[channel] = p[channel] - 360 * Math.round(p[channel] / 360)
  return clip
}
