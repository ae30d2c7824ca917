// Channel groups an upper-body overlay may own when layered over locomotion.
import type { Channel } from '../synth/pose-spec.js'

export type Hand = 'left' | 'right'

export function armChannels (hand: Hand): Channel[] {
  const c = hand === 'left' ? 'l' : 'r'
  return [`${c}ClavRaise`, `${c}ClavFwd`, `${c}ArmFlex`, `${c}ArmAbduct`, `${c}ArmTwist`, `${c}Elbow`, `${c}Wrist`]
}

export const HEAD_CHANNELS: Channel[] = ['neckFlex', 'neckSide', 'neckTwist', 'headFlex', 'headSide', 'headTwist']
export const BOTH_ARMS: Channel[] = [...armChannels('left'), ...armChannels('right')]

/** Channel names of one arm, prefixed for the given hand, from side-neutral values. */
export function armPose (
  hand: Hand,
  values: { clavRaise?: number, clavFwd?: number, flex?: number, abduct?: number, twist?: number, elbow?: number, wrist?: number }
): Record<string, number> {
  const c = hand === 'left' ? 'l' : 'r'
  const out: Record<string, number> = {}
  if (values.clavRaise !== undefined) out[`${c}ClavRaise`] = values.clavRaise
  if (values.clavFwd !== undefined) out[`${c}ClavFwd`] = values.clavFwd
  if (values.flex !== undefined) out[`${c}ArmFlex`] = values.flex
  if (values.abduct !== undefined) out[`${c}ArmAbduct`] = values.abduct
  if (values.twist !== undefined) out[`${c}ArmTwist`] = values.twist
  if (values.elbow !== undefined) out[`${c}Elbow`] = values.elbow
  if (values.wrist !== undefined) out[`${c}Wrist`] = values.wrist
  return out
}

export function handFor (side: 'left' | 'right' | 'both' | undefined, fallback: Hand): Hand {
  return side === 'left' || side === 'right' ? side : fallback
}

/** The hands an action uses: both for side `both`, otherwise the one handFor names. */
export function handsFor (side: 'left' | 'right' | 'both' | undefined, fallback: Hand): Hand[] {
  return side === 'both' ? ['left', 'right'] : [handFor(side, fallback)]
}

/** armPose of each hand, merged: the same side-neutral values on every hand given. */
export function armsPose (hands: readonly Hand[], values: Parameters<typeof armPose>[1]): Record<string, number> {
  return Object.assign({}, ...hands.map((hand) => armPose(hand, values))) as Record<string, number>
}

/** The same pose on both arms, from side-neutral angles (the wrist level unless given). */
export function bothArms (flex: number, abduct: number, elbow: number, wrist = 0): Record<string, number> {
  return armsPose(['left', 'right'], { flex, abduct, elbow, wrist })
}
