// The plan a prompt is read into: the actions, their parameters and how the words were understood. Apart from the
// parser so that the clause reader and the parser can both name it without importing each other.
import type { ActionKind } from './action-kind.js'
import type { ActionParameters } from './action-parameters.js'

export type { Direction, Emotion, Side } from './action-parameters.js'

/** One action of the plan: the movement (a catalogue kind) and how it is made. */
export interface ActionSpec extends ActionParameters {
  kind: ActionKind
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
