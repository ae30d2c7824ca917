// Hand positions for actions that hold or touch things, written per hand: `out` is metres toward that hand's own
// side of the body (negative = across the midline), so one description serves the left and the right hand.
import type { Vec3 } from '../clip.js'
import type { ActionContext } from '../synth/action-clip.js'
import { mouthAt, reach } from '../synth/arm-reach.js'
import { addPose, pose } from '../synth/pose-spec.js'
import type { Channel, PartialPose } from '../synth/pose-spec.js'
import type { Hand } from './channels.js'

/** A point on the reference body (1.75 m, standing at the origin, facing +Z) relative to `hand`'s side. */
export function onSide (hand: Hand, out: number, y: number, z: number): Vec3 {
  return [hand === 'left' ? out : -out, y, z]
}

export function other (hand: Hand): Hand {
  return hand === 'left' ? 'right' : 'left'
}

/** +1 for the left hand, -1 for the right: turns "toward the hand" into the sign of yaw/twist/side channels. */
export function sideSign (hand: Hand): 1 | -1 {
  return hand === 'left' ? 1 : -1
}

export type Place = (
  body: PartialPose,
  wrists: Partial<Record<Hand, Vec3>>,
  wristFlex?: Partial<Record<Hand, number>>,
  elbows?: Partial<Record<Hand, Vec3>>
) => PartialPose

/**
 * Places hands for one action: `place(body, wrists, wristFlex, elbows)` is `body` with each listed wrist at its
 * point (and its wrist flexion), solved with the trunk of `body` so a hand stays on its target while the body leans
 * or twists. An elbow point, where given, sets the plane of the arm and with it which way the palm faces (the rig
 * turns the hand only with the upper arm). The style's carriage, which composing adds to every frame, is part of
 * the body the arms hang from and is taken back off the solved arm channels, so the hands land on target in every
 * mood and variant.
 */
export function placer (ctx: ActionContext): Place {
  const carriage = ctx.style.posture
  return (body, wrists, wristFlex = {}, elbows = {}) => {
    const worn = addPose(pose(body), carriage)
    const out: PartialPose = { ...body }
    for (const hand of ['left', 'right'] as const) {
      const target = wrists[hand]
      if (target === undefined) continue
      const elbow = elbows[hand]
      const solved: PartialPose = reach(hand, target, elbow === undefined ? { body: worn } : { body: worn, elbow })
      const w = wristFlex[hand]
      if (w !== undefined) solved[hand === 'left' ? 'lWrist' : 'rWrist'] = w
      for (const [c, v] of Object.entries(solved) as [Channel, number][]) out[c] = v - (carriage[c] ?? 0)
    }
    return out
  }
}

/** Where the lips are (reference body) when the action's `body` is worn with the style's carriage. */
export function mouthOf (ctx: ActionContext, body: PartialPose): Vec3 {
  return mouthAt(addPose(pose(body), ctx.style.posture))
}

/** `target` with the style's carriage taken back off its channels: after composing adds it, the pose is exact. */
export function exactly (ctx: ActionContext, target: PartialPose): PartialPose {
  const out: PartialPose = {}
  for (const [c, v] of Object.entries(target) as [Channel, number][]) out[c] = v - (ctx.style.posture[c] ?? 0)
  return out
}
