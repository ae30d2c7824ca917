// Groups of movement kinds and of words for parts of the body, shared by the clause reader (clause.ts) and the rules
// that combine the movements it finds (combine.ts).
import { WALKED } from './path-shapes.js'
import type { ActionKind } from './vocabulary.js'

export const LOCOMOTION: ReadonlySet<ActionKind> = new Set(['walk', 'jog', 'run', 'sneak', 'sidestep', 'backstep', 'crawl', 'skip', 'stomp', 'march',
  'limp', 'stagger', 'circle', 'zigzag', 'carry', 'moonwalk'])
export const UPPER_BODY: ReadonlySet<ActionKind> = new Set(['wave', 'clap', 'point', 'nod', 'shakeHead', 'lookAround', 'punch', 'throw', 'stretch',
  'salute', 'cheer', 'shrug', 'crossArms', 'handsOnHips', 'scratchHead', 'think', 'beckon', 'fistPump', 'thumbsUp', 'facepalm', 'yawn', 'flap',
  'swim', 'headbang', 'slap', 'claspHands', 'attention', 'chop', 'stir', 'wipe', 'sweep', 'drink', 'playGuitar', 'playViolin', 'shakeArms', 'shakeFist', 'knock'])
export const DANCE_STYLES: ReadonlySet<ActionKind> = new Set(['hipHop', 'salsa', 'disco', 'ballet', 'robot', 'waltz', 'chaCha', 'jazz'])
// The ways of going on foot a path is walked in, and a bare "step".
export const WALKING: ReadonlySet<string> = new Set([...WALKED, 'step'])
export const LIMB_WORDS = new Set(['hand', 'arm', 'fist', 'leg', 'foot', 'feet', 'hands', 'arms', 'legs', 'side', 'shoulder', 'knee', 'heel', 'toe', 'palm'])
// Plural body parts: a number right before one counts the parts ("two thumbs up", "with two hands"), not the
// repetitions. A singular part names a kind of movement, whose number is still its count ("two side steps",
// "three arm circles"). The lexer has made "thumbs up" "thumb", hence "thumb".
export const BODY_PARTS = new Set(['hands', 'arms', 'legs', 'feet', 'thumb', 'thumbs', 'fingers', 'fists', 'palms', 'shoulders', 'knees', 'heels', 'toes'])
// Every word for a part of the body, singular or plural: never read as a movement by its meaning unless it is the verb.
export const ANY_BODY_PART = new Set([...LIMB_WORDS, ...BODY_PARTS])
