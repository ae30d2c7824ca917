// The plan a prompt is read into: the actions, their parameters and how the words were understood. Apart from the
// parser so that the clause reader and the parser can both name it without importing each other.
import type { ActionKind, Direction, Emotion } from './vocabulary.js'

export type Side = 'left' | 'right' | 'both'

export interface ActionSpec {
  kind: ActionKind
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

export interface TimelineEntry {
  action: ActionSpec
  /** An upper-body action played at the same time ("walk while waving"). */
  overlay?: ActionSpec
  /** How words outside the vocabulary were read for this entry ("stagger" read as "walk" (WordNet: ...)). */
  understood?: string
}

/** A prompt's plan: the timeline, and every mapping and every ignored word with the reason. */
export interface PromptPlan {
  timeline: TimelineEntry[]
  understood: string[]
}
