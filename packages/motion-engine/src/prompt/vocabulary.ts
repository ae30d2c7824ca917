// The words the builtin engine understands. Word forms map to canonical entries; the lexer stems regular forms.
import type { ActionKind } from './action-kind.js'
import type { Direction, Emotion } from './action-parameters.js'
import { LISTED_PHRASES, VERB_TABLE } from '../movements/registry.js'

export type { ActionKind } from './action-kind.js'
export type { Direction, Emotion } from './action-parameters.js'

/** Verb word (base form) → action: the words of the movement catalogue. `step` is resolved by the parser from its direction. */
export const VERBS: Readonly<Record<string, ActionKind | 'step'>> = VERB_TABLE

/** The phrases listed in the 494 message: what a prompt must contain at least one of. */
export const UNDERSTOOD_PHRASES: readonly string[] = LISTED_PHRASES

export const EMOTIONS: Readonly<Record<string, Emotion>> = {
  neutral: 'neutral',
  calm: 'neutral',
  normal: 'neutral',
  happy: 'happy',
  happily: 'happy',
  cheerful: 'happy',
  cheerfully: 'happy',
  joyful: 'happy',
  joyfully: 'happy',
  excited: 'happy',
  excitedly: 'happy',
  gleeful: 'happy',
  joy: 'happy',
  glad: 'happy',
  delighted: 'happy',
  elated: 'happy',
  ecstatic: 'happy',
  enthusiastic: 'happy',
  enthusiastically: 'happy',
  playful: 'happy',
  playfully: 'happy',
  tired: 'tired',
  tiredly: 'tired',
  exhausted: 'tired',
  weary: 'tired',
  wearily: 'tired',
  sleepy: 'tired',
  lazy: 'tired',
  lazily: 'tired',
  bored: 'tired',
  // Age moves as tiredness does: slower, stooped ("an old man" is read as "an elderly man").
  elderly: 'tired',
  angry: 'angry',
  angrily: 'angry',
  furious: 'angry',
  furiously: 'angry',
  mad: 'angry',
  aggressive: 'angry',
  aggressively: 'angry',
  frustrated: 'angry',
  annoyed: 'angry',
  irritated: 'angry',
  sad: 'sad',
  sadly: 'sad',
  depressed: 'sad',
  gloomy: 'sad',
  unhappy: 'sad',
  dejected: 'sad',
  sorrowful: 'sad',
  miserable: 'sad',
  upset: 'sad',
  grieving: 'sad',
  confident: 'confident',
  confidently: 'confident',
  proud: 'confident',
  proudly: 'confident',
  bold: 'confident',
  boldly: 'confident',
  sneaky: 'sneaky',
  sneakily: 'sneaky',
  stealthy: 'sneaky',
  stealthily: 'sneaky',
  cautious: 'sneaky',
  cautiously: 'sneaky',
  quietly: 'sneaky',
  // Fear and nerves move as caution does: low, careful, watchful.
  nervous: 'sneaky',
  nervously: 'sneaky',
  anxious: 'sneaky',
  anxiously: 'sneaky',
  scared: 'sneaky',
  afraid: 'sneaky',
  fearful: 'sneaky',
  fearfully: 'sneaky',
  timid: 'sneaky',
  timidly: 'sneaky'
}

/** Tempo multipliers; "very" multiplies the deviation from 1. */
export const SPEEDS: Readonly<Record<string, number>> = {
  slowly: 0.7,
  slow: 0.7,
  leisurely: 0.75,
  gently: 0.8,
  carefully: 0.8,
  quickly: 1.4,
  quick: 1.4,
  fast: 1.4,
  rapidly: 1.5,
  briskly: 1.3,
  swiftly: 1.4,
  hurriedly: 1.4
}

/**
 * Verbs (and synonyms) whose meaning holds a pace: "sprint" is a fast run, "stroll" a slow walk. The values are those
 * of "quickly" and "slowly", so the optimizer's phrase ("run quickly") plans the same speed. A speed word wins.
 */
export const VERB_SPEEDS: Readonly<Record<string, number>> = {
  sprint: 1.4,
  dash: 1.4,
  race: 1.4,
  bolt: 1.4,
  rush: 1.4,
  hurry: 1.4,
  scurry: 1.4,
  charge: 1.4,
  stroll: 0.7,
  amble: 0.7,
  saunter: 0.7,
  wander: 0.7,
  trudge: 0.7,
  plod: 0.7,
  shamble: 0.7
}

export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  couple: 2,
  three: 3,
  few: 3,
  four: 4,
  several: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  dozen: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  half: 0.5
}

// Articles, possessives and demonstratives: the words around a way of moving that add nothing to it ("to his left").
export const DETERMINERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'his', 'her', 'their', 'its', 'my', 'your', 'this', 'that'])

export const REPEAT_WORDS: Readonly<Record<string, number>> = { once: 1, twice: 2, thrice: 3, repeatedly: 3 }

export const DIRECTIONS: Readonly<Record<string, Direction>> = {
  forward: 'forward',
  forwards: 'forward',
  straight: 'forward',
  straightforward: 'forward',
  ahead: 'forward',
  onward: 'forward',
  back: 'backward',
  backward: 'backward',
  backwards: 'backward',
  backwardly: 'backward',
  left: 'left',
  leftward: 'left',
  leftwards: 'left',
  right: 'right',
  rightward: 'right',
  rightwards: 'right',
  up: 'up',
  upward: 'up',
  down: 'down',
  downward: 'down',
  around: 'around',
  round: 'around',
  clockwise: 'right',
  counterclockwise: 'left',
  anticlockwise: 'left',
  diagonal: 'diagonalRight',
  diagonally: 'diagonalRight'
}
