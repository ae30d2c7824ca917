// Groups of movement kinds and of words for parts of the body, shared by the clause reader (clause.ts) and the rules
// that combine the movements it finds (combine.ts).
import { WALKED } from './path-shapes.js'

// The movement groups are the catalogue's (src/movements/registry.ts).
export { DANCE_STYLES, LOCOMOTION, UPPER_BODY } from '../movements/registry.js'
// The ways of going on foot a path is walked in, and a bare "step".
export const WALKING: ReadonlySet<string> = new Set([...WALKED, 'step'])
export const LIMB_WORDS = new Set(['hand', 'arm', 'fist', 'leg', 'foot', 'feet', 'hands', 'arms', 'legs', 'side', 'shoulder', 'knee', 'heel', 'toe', 'palm'])
// Plural body parts: a number right before one counts the parts ("two thumbs up", "with two hands"), not the
// repetitions. A singular part names a kind of movement, whose number is still its count ("two side steps",
// "three arm circles"). The lexer has made "thumbs up" "thumb", hence "thumb".
export const BODY_PARTS = new Set(['hands', 'arms', 'legs', 'feet', 'thumb', 'thumbs', 'fingers', 'fists', 'palms', 'shoulders', 'knees', 'heels', 'toes'])
// Every word for a part of the body, singular or plural: never read as a movement by its meaning unless it is the verb.
export const ANY_BODY_PART = new Set([...LIMB_WORDS, ...BODY_PARTS])
