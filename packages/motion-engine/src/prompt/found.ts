// What the clause reader (clause.ts) finds for each movement word of a clause, with the modifiers bound to it; the
// combination rules (combine.ts) rewrite these.
import type { Token } from './lexer.js'
import type { ActionSpec, Side } from './plan.js'
import type { ActionKind, Direction } from './vocabulary.js'

export type Word = Extract<Token, { type: 'word' }>

export interface Mods {
  count?: number
  duration?: number
  distance?: number
  degrees?: number
  direction?: Direction
  side?: Side
  style?: ActionSpec['style']
  from?: ActionSpec['from']
  fall?: boolean
}

export interface Found {
  kind: ActionKind | 'step'
  word: Word
  mods: Mods
  negated: boolean
  /** The pace the verb itself says ("sprint"); a speed word in the clause wins. */
  speed?: number
  /** The word before the action word ("nearly falls"). */
  before?: string
  /** The word after the action word ("turn around", "turn back"). */
  after?: string
}
