// How an action is made, apart from which movement it is: what a synthesiser reads of a plan's action. It names no
// movement, so the synthesis (src/synth, src/actions) and the movement catalogue that lists the synthesisers can
// both depend on it without the catalogue depending on itself.

export type Emotion = 'neutral' | 'happy' | 'tired' | 'angry' | 'sad' | 'confident' | 'sneaky'

export type Direction = 'forward' | 'backward' | 'left' | 'right' | 'up' | 'down' | 'around' | 'inPlace' | 'diagonalLeft' | 'diagonalRight'

export type Side = 'left' | 'right' | 'both'

export interface ActionParameters {
  /** Repetitions (steps for locomotion, jumps, waves...), when the prompt gives one. */
  count?: number
  durationSeconds?: number
  /** Metres to travel, for locomotion ("walk 5 meters"). */
  distance?: number
  /** Turn angle in degrees, positive = to the character's left. */
  degrees?: number
  direction?: Direction
  side?: Side
  /** Tempo multiplier from speed adverbs (1 = normal). */
  speed: number
  /** Pace of a path action ("run in a circle"). */
  gait?: 'walk' | 'jog' | 'run'
  emotion: Emotion
  /** How the action is done: throw overhand/underhand, lie on the back/front, kneel or get up with hand support. */
  style?: 'overhand' | 'underhand' | 'onBack' | 'onFront' | 'withHands'
  /** `pushed`: whether the push knocks the person down. */
  fall?: boolean
  /** `pushed`: the side the push comes from. */
  from?: 'front' | 'back' | 'left' | 'right'
}
