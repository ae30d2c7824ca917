// Hand positions for actions that hold or touch things, written per hand: `out` is metres toward that hand's own
// side of the body (negative = across the midline), so one description serves the left and the right hand.
import type { Vec3 } from '../clip.js'
import { reach } from '../synth/arm-reach.js'
import type { PartialPose } from '../synth/pose-spec.js'
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

/**
 * `body` with each listed wrist placed at its point (and optional wrist flexion), the trunk of `body` included
 * when solving, so a hand stays on its target while the body leans or twists. An elbow point, where given, sets
 * the plane of the arm, and with it which way the palm faces (the rig turns the hand only with the upper arm).
 */
export function handsAt (
  body: PartialPose,
  wrists: Partial<Record<Hand, Vec3>>,
  wristFlex: Partial<Record<Hand, number>> = {},
  elbows: Partial<Record<Hand, Vec3>> = {}
): PartialPose {
  const out: PartialPose = { ...body }
  for (const hand of ['left', 'right'] as const) {
    const target = wrists[hand]
    if (target === undefined) continue
    const elbow = elbows[hand]
    Object.assign(out, reach(hand, target, elbow === undefined ? { body } : { body, elbow }))
    const w = wristFlex[hand]
    if (w !== undefined) out[hand === 'left' ? 'lWrist' : 'rWrist'] = w
  }
  return out
}
