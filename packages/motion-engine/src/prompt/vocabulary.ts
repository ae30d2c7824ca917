// The words the builtin engine understands. Word forms map to canonical entries; the lexer stems regular forms.

export type ActionKind =
  | 'idle' | 'walk' | 'jog' | 'run' | 'sneak' | 'crawl' | 'jump' | 'hop' | 'turn' | 'spin' | 'sidestep' | 'backstep'
  | 'stepUp' | 'sitDown' | 'standUp' | 'crouch' | 'kneel' | 'lieDown' | 'wave' | 'clap' | 'point' | 'bow' | 'nod'
  | 'shakeHead' | 'punch' | 'kick' | 'dance' | 'stretch' | 'lookAround' | 'pickUp' | 'throw'

export type Emotion = 'neutral' | 'happy' | 'tired' | 'angry' | 'sad' | 'confident' | 'sneaky'

/** Verb word (base form) → action. `step` is resolved by the parser from its direction. */
export const VERBS: Readonly<Record<string, ActionKind | 'step'>> = {
  idle: 'idle',
  stand: 'idle',
  wait: 'idle',
  rest: 'idle',
  pause: 'idle',
  breathe: 'idle',
  walk: 'walk',
  stroll: 'walk',
  march: 'walk',
  go: 'walk',
  move: 'walk',
  pace: 'walk',
  jog: 'jog',
  run: 'run',
  ran: 'run',
  sprint: 'run',
  dash: 'run',
  sneak: 'sneak',
  snuck: 'sneak',
  tiptoe: 'sneak',
  creep: 'sneak',
  crept: 'sneak',
  crawl: 'crawl',
  jump: 'jump',
  leap: 'jump',
  leapt: 'jump',
  hop: 'hop',
  turn: 'turn',
  rotate: 'turn',
  pivot: 'turn',
  spin: 'spin',
  spun: 'spin',
  twirl: 'spin',
  pirouette: 'spin',
  step: 'step',
  sidestep: 'sidestep',
  strafe: 'sidestep',
  shuffle: 'sidestep',
  climb: 'stepUp',
  sit: 'sitDown',
  sat: 'sitDown',
  crouch: 'crouch',
  squat: 'crouch',
  duck: 'crouch',
  kneel: 'kneel',
  knelt: 'kneel',
  lie: 'lieDown',
  lay: 'lieDown',
  lying: 'lieDown',
  wave: 'wave',
  clap: 'clap',
  applaud: 'clap',
  point: 'point',
  bow: 'bow',
  nod: 'nod',
  shake: 'shakeHead',
  punch: 'punch',
  jab: 'punch',
  hit: 'punch',
  strike: 'punch',
  kick: 'kick',
  dance: 'dance',
  boogie: 'dance',
  stretch: 'stretch',
  look: 'lookAround',
  glance: 'lookAround',
  pick: 'pickUp',
  grab: 'pickUp',
  lift: 'pickUp',
  throw: 'throw',
  threw: 'throw',
  toss: 'throw'
}

/** The phrases listed in the 494 message: what a prompt must contain at least one of. */
export const UNDERSTOOD_PHRASES = [
  'idle/stand', 'walk', 'jog', 'run', 'sneak', 'crawl', 'jump', 'hop', 'turn (left/right, degrees)', 'spin',
  'step (sideways/left/right/back)', 'step up/climb', 'sit down', 'stand up', 'crouch', 'kneel', 'lie down', 'wave',
  'clap', 'point', 'bow', 'nod', 'shake head', 'punch', 'kick', 'dance', 'stretch', 'look around', 'pick up', 'throw'
]

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
  angry: 'angry',
  angrily: 'angry',
  furious: 'angry',
  furiously: 'angry',
  mad: 'angry',
  aggressive: 'angry',
  aggressively: 'angry',
  sad: 'sad',
  sadly: 'sad',
  depressed: 'sad',
  gloomy: 'sad',
  unhappy: 'sad',
  dejected: 'sad',
  sorrowful: 'sad',
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
  quietly: 'sneaky'
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
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  half: 0.5
}

export const REPEAT_WORDS: Readonly<Record<string, number>> = { once: 1, twice: 2, thrice: 3 }

export type Direction = 'forward' | 'backward' | 'left' | 'right' | 'up' | 'down' | 'around' | 'inPlace'

export const DIRECTIONS: Readonly<Record<string, Direction>> = {
  forward: 'forward',
  forwards: 'forward',
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
  round: 'around'
}

/** Words that end one clause and start the next, in sequence. */
export const SEQUENCE_WORDS = new Set(['then', 'and', 'next', 'afterwards', 'after', 'finally', 'before', 'later'])
/** Words that make the next clause run at the same time as the previous one (layering). */
export const SIMULTANEOUS_WORDS = new Set(['while', 'whilst', 'as'])
