// The clause reader's word tests: which action a word names, whether it is negated or an alternative, what a
// number or a side word before it binds to. Shared by the modifier binders (clause-binders.ts) and the clause reader.
import { GAITS as CATALOGUE_GAITS, SIDE_NAMES_LIMB } from '../movements/registry.js'
import { allowedSlips, closestAction, editDistance, vocabularyForms } from './closest-action.js'
import type { Token } from './lexer.js'
import type { Found, Word } from './found.js'
import type { Side } from './plan.js'
import { DETERMINERS, DIRECTIONS, NUMBER_WORDS, REPEAT_WORDS, SPEEDS, VERBS } from './vocabulary.js'
import type { ActionKind } from './vocabulary.js'
import { isEnglishWord } from './word-meaning.js'
import { DANCE_STYLES, LIMB_WORDS, LOCOMOTION, UPPER_BODY } from './word-groups.js'

export type ClauseToken = Exclude<Token, { type: 'separator' }>

// Ways of going whose count is steps ("a sidestep", "a circle" are one), and movements of one hand or foot ("a left
// jab", "a right kick" name the limb, not a direction): the catalogue's.
export const GAITS = CATALOGUE_GAITS as ReadonlySet<ActionKind | 'step'>
export const LIMB_MOVES = SIDE_NAMES_LIMB as ReadonlySet<ActionKind | 'step'>
// Words before a number that make the noun after it a part of the body ("with two feet"), not a unit.
export const PART_OWNERS = new Set(['with', 'on', 'using', 'his', 'her', 'its', 'their', 'my', 'your'])
// Words a path's name follows ("in circles", "a quarter circle", "a small zigzag").
export const PATH_LEADS = new Set(['in', 'a', 'an', 'quarter', 'half', 'full', 'whole', 'small', 'big', 'large', 'wide', 'little'])
export const HOLDING = new Set(['hold', 'holds', 'holding', 'held', 'carries', 'carrying', 'carried'])
export const NEGATORS = new Set(['not', 'nt', 'never', 'no', 'without', 'instead', 'neither', 'nor'])
// Words between a negator and the way it refuses ("not the right one", "but not too fast", "instead of the right",
// "not with her left hand").
export const NEGATED_FILLERS: ReadonlySet<string> = new Set([...DETERMINERS, 'to', 'too', 'so', 'very', 'of', 'with', 'on', 'using'])
// What "moves" can move instead of the person ("moves his left arm", "moving the head").
export const MOVED_PARTS: ReadonlySet<string> = new Set(['arm', 'arms', 'hand', 'hands', 'elbow', 'elbows', 'head'])
// Verbs of making a movement ("makes a move", "performs some moves"): the noun they make is no walk.
export const MAKING: ReadonlySet<string> = new Set(['make', 'do', 'perform', 'execute', 'show'])
// Words before "with the left (foot)" that make it the leading foot of a walk.
export const LEADING: ReadonlySet<string> = new Set(['start', 'starts', 'starting', 'started', 'begin', 'begins', 'beginning', 'lead', 'leads', 'leading'])
// Movement verbs whose noun is a thing ("a rock", "a float", "the call", "a fly"), not the movement.
export const THING_NOUNS: ReadonlySet<string> = new Set(['rock', 'float', 'call', 'drill', 'bowl', 'fly', 'fish', 'iron', 'comb'])
// The people who move: a number before them counts them, not the movement ("two people wave", "a couple of kids jump").
export const PEOPLE = new Set(['people', 'persons', 'humans', 'men', 'women', 'kids', 'children', 'boys', 'girls', 'friends', 'guys', 'dancers', 'players',
  'adults', 'athletes', 'soldiers'])
// "the right one", "the other one": "one" stands for a hand or a foot, it counts nothing.
export const ONE_AS_PRONOUN_AFTER = new Set(['left', 'right', 'other', 'same', 'this', 'that', 'each', 'first', 'last'])
export const UNIT_SECONDS: Readonly<Record<string, number>> = {
  second: 1, seconds: 1, sec: 1, secs: 1, s: 1, minute: 60, minutes: 60, min: 60, mins: 60, hour: 3600, hours: 3600
}
export const UNIT_METRES: Readonly<Record<string, number>> = {
  meter: 1, meters: 1, metre: 1, metres: 1, m: 1, feet: 0.3048, foot: 0.3048, yard: 0.91, yards: 0.91
}
export const TURN_FRACTIONS: Readonly<Record<string, number>> = { quarter: 90, half: 180, full: 360, whole: 360, complete: 360 }
export const TURN_NOUNS = /^(turn|circle|rotation|spin|revolution|round|curve|arc|corner)/

export function verbOf (w: Word): ActionKind | 'step' | undefined {
  for (const b of w.bases) {
    const v = VERBS[b]
    if (v !== undefined) return v
  }
  return undefined
}

export const isWord = (t: ClauseToken | undefined): t is Word => t?.type === 'word'

/** Whether "a"/"an" before this word is a quantity ("a few", "a second", "a jump") rather than an article. */
export function isCountable (w: Word): boolean {
  const t = w.text
  if (NUMBER_WORDS[t] !== undefined || UNIT_SECONDS[t] !== undefined || UNIT_METRES[t] !== undefined) return true
  return verbOf(w) !== undefined && !THING_NOUNS.has(w.lemma)
}

/** A word that names an action in `tokens[i]`'s context, or undefined ("left" in "left foot" is a side, never "leave"). */
export function actionAt (tokens: readonly ClauseToken[], i: number): ActionKind | 'step' | undefined {
  const w = tokens[i]
  if (!isWord(w) || DIRECTIONS[w.text] !== undefined || LIMB_WORDS.has(w.text) || w.text === 'back') return undefined
  // "stands up from a kneeling position": the posture it starts from is no action of its own.
  const before = [tokens[i - 1], tokens[i - 2]].map(t => (isWord(t) ? t.text : ''))
  if (before[0] === 'from' || (before[1] === 'from' && DETERMINERS.has(before[0]!))) return undefined
  // "steps over a rock": after an article these words are things, not movements.
  if (DETERMINERS.has(before[0]!) && THING_NOUNS.has(w.lemma)) return undefined
  // "moves his left arm": the arm moves, not the person.
  if (w.lemma === 'move' && movedPartAt(tokens, i) !== undefined) return undefined
  // "a throwing move", "a dance move": the noun of the movement named before it, no walk of its own; so is a move
  // made or done that the words after it name.
  if (w.lemma === 'move' && w.pos !== 'verb' && (actionAt(tokens, i - 1) !== undefined || isMadeAt(tokens, i))) return undefined
  const v = verbOf(w)
  if (v === 'shakeHead' && !tokens.some(t => isWord(t) && t.text === 'head')) return undefined
  // "the robot waves": a dance's name before another movement is who moves ("a robot dance" is still the dance).
  if (v !== undefined && DANCE_STYLES.has(v as ActionKind) && DETERMINERS.has(before[0]!) && isSubjectOf(tokens, i)) return undefined
  // "a standing person", "lying on the floor" still name their posture; "stands" before a gesture is only the pose.
  return v
}

/** The index of the first token from `i` on, going by `step`, that is not a word `skip` passes over. */
export function skipWords (tokens: readonly ClauseToken[], i: number, step: 1 | -1, skip: (word: string) => boolean): number {
  let j = i
  while (isWord(tokens[j]) && skip((tokens[j] as Word).text)) j += step
  return j
}

/** The index of the arm, hand or head "move" at `i` moves ("moves his left arm", "moving the head"), if it names one. */
export function movedPartAt (tokens: readonly ClauseToken[], i: number): number | undefined {
  const j = skipWords(tokens, i + 1, 1, w => DETERMINERS.has(w) || sideWord(w) !== undefined)
  const part = tokens[j]
  return isWord(part) && MOVED_PARTS.has(part.text) ? j : undefined
}

/**
 * The movement of a part moved with no movement named for it: a head looks around; arms or hands together meet (a
 * clasp), up and down they flap, one alone reaches (the one-hand reach of a point), both otherwise stretch out.
 */
export function partMovement (part: string, hasWord: (...w: string[]) => boolean): ActionKind {
  if (part === 'head') return 'lookAround'
  if (hasWord('together', 'touch', 'touching', 'touches')) return 'claspHands'
  if (hasWord('up') && hasWord('down')) return 'flap'
  return part === 'arm' || part === 'hand' ? 'point' : 'stretch'
}

/**
 * Whether the word at `i` is what "makes", "does" or "performs" names (an article or "some" between them) and a
 * movement named after it says what it is ("makes moves like bouncing a ball"; "makes a move to the left" is a step).
 */
export function isMadeAt (tokens: readonly ClauseToken[], i: number): boolean {
  const at = (j: number) => (isWord(tokens[j]) ? (tokens[j] as Word) : undefined)
  const verb = DETERMINERS.has(at(i - 1)?.text ?? '') || at(i - 1)?.text === 'some' ? at(i - 2) : at(i - 1)
  return verb !== undefined && MAKING.has(verb.lemma) && tokens.some((_, j) => j > i && actionAt(tokens, j) !== undefined)
}

/**
 * Whether the word at `i` (or "<it> dancer") is followed by the verb of a movement other than a dance: it names who
 * makes it ("the robot waves"; "a cha cha move" is the dance's).
 */
export function isSubjectOf (tokens: readonly ClauseToken[], i: number): boolean {
  const dancer = tokens[i + 1]
  const at = isWord(dancer) && (dancer.text === 'dancer' || dancer.text === 'dancers') ? i + 2 : i + 1
  const verb = tokens[at]
  // A tagger may read "the robot waves" as a plural noun: an inflected form there is still the verb.
  const next = isWord(verb) && (verb.pos === 'verb' || verb.text !== verb.lemma) ? actionAt(tokens, at) : undefined
  return next !== undefined && next !== 'dance' && !DANCE_STYLES.has(next as ActionKind)
}

// "he or she", "his or her": one person named two ways, no alternative.
export const PRONOUNS: ReadonlySet<string> = new Set(['he', 'she', 'his', 'her', 'him', 'hers', 'they', 'them', 'their'])

/** Whether "or" stands a few words before the action word at `i`, with no other action between. */
export function alternativeAt (tokens: readonly ClauseToken[], i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    const t = tokens[j]
    const [previous, next] = [tokens[j - 1], tokens[j + 1]]
    if (isWord(t) && t.text === 'or') return !(isWord(previous) && PRONOUNS.has(previous.text) && isWord(next) && PRONOUNS.has(next.text))
    if (actionAt(tokens, j) !== undefined) return false
  }
  return false
}

export function negatedAt (tokens: readonly ClauseToken[], i: number, w: Word): boolean {
  // The nearest negator before the verb decides ("does not even jump"); a verb in between takes it ("never stop
  // walking"); past a few words the library's negation flag is trusted.
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    const t = tokens[j]
    if (isWord(t) && NEGATORS.has(t.text)) return true
    if (isWord(t) && (t.pos === 'verb' || actionAt(tokens, j) !== undefined)) return false
  }
  return w.negated
}

/** "half a circle", "a quarter of a turn": a turn noun after "a" / "of a" following the word at `i`; the fraction is of
 * the turn the clause makes. */
export function turnNounAfterArticle (tokens: readonly ClauseToken[], i: number): boolean {
  for (let j = i + 1; j < Math.min(tokens.length, i + 4); j++) {
    const t = tokens[j]
    if (!isWord(t)) return false
    if (t.text === 'a' || t.text === 'an' || t.text === 'of') continue
    return TURN_NOUNS.test(t.lemma)
  }
  return false
}

/** The words either side of the action word at `i`. */
export function neighbours (tokens: readonly ClauseToken[], i: number): Pick<Found, 'before' | 'after'> {
  const [before, after] = [tokens[i - 1], tokens[i + 1]]
  return { ...(isWord(before) ? { before: before.text } : {}), ...(isWord(after) ? { after: after.text } : {}) }
}

/** Whether a word is a way of moving a negator can refuse: a direction, a side or a speed ("not the right", "not too fast"). */
export function isModifierWord (w: string): boolean {
  return DIRECTIONS[w] !== undefined || sideWord(w) !== undefined || SPEEDS[w] !== undefined
}

/** The index of the modifier a negator at `i` refuses ("walk forward, not backward"), if one follows it. */
export function negatedModifierAfter (tokens: readonly ClauseToken[], i: number): number | undefined {
  const j = skipWords(tokens, i + 1, 1, w => NEGATED_FILLERS.has(w))
  const t = tokens[j]
  if (j > i + 3 || !isWord(t)) return undefined
  return isModifierWord(t.text) && actionAt(tokens, j) === undefined ? j : undefined
}

/** What a modifier says of a movement: which way (or how fast), or how many times. */
export function modifierClass (t: ClauseToken | undefined): 'way' | 'count' | undefined {
  if (t === undefined) return undefined
  if (t.type === 'number') return 'count'
  if (REPEAT_WORDS[t.text] !== undefined || isNumberWord(t.text)) return 'count'
  return isModifierWord(t.text) ? 'way' : undefined
}

/**
 * The index of the modifier an "or" at `i` offers instead of the one before it ("turn left or right", "to the left
 * or to the right", "once or twice", "two or three times"): as with alternative movements, the first is planned.
 */
export function alternativeModifierAfter (tokens: readonly ClauseToken[], i: number): number | undefined {
  const before = skipWords(tokens, i - 1, -1, w => NEGATED_FILLERS.has(w))
  const after = skipWords(tokens, i + 1, 1, w => NEGATED_FILLERS.has(w))
  const offered = modifierClass(tokens[after])
  return offered !== undefined && offered === modifierClass(tokens[before]) && actionAt(tokens, after) === undefined ? after : undefined
}

/** A non-word near the name of a path ("cirlces", "zigzgag"), measured against those names only. */
export function spelledPath (w: Word): { kind: 'circle' | 'zigzag', note: string } | undefined {
  const slips = allowedSlips(w.text.length)
  if (slips === 0 || isEnglishWord(w.text) || verbOf(w) !== undefined) return undefined
  const kind = (['circle', 'zigzag'] as const).find(path => vocabularyForms(path).some(form => editDistance(w.text, form) <= slips))
  return kind === undefined ? undefined : { kind, note: `"${w.text}" read as "${kind}" (spelling)` }
}

/** A non-word near a vocabulary word ("wakl") read as that word; correctly spelt English is never re-spelt. */
export function spelledAction (w: Word): { kind: ActionKind | 'step', note: string } | undefined {
  // A form of a vocabulary word ("shakes" in "shakes his hand") was read, and refused, as that word already.
  if (w.text.length < 4 || isEnglishWord(w.text) || isEnglishWord(w.lemma) || verbOf(w) !== undefined) return undefined
  const near = closestAction(w.text)
  return near === undefined ? undefined : { kind: near.kind, note: `"${w.text}" read as "${near.word}" (spelling)` }
}

/** The index of "like" when the word at `i` is named in a "like a ..." phrase ("like a robot", "like a ballet dancer"). */
export function likeBefore (tokens: readonly ClauseToken[], i: number): number | undefined {
  for (let j = i - 1; j >= Math.max(1, i - 3); j--) {
    const t = tokens[j]
    // "like a kickboxing move": a verb's -ing form after the article names a kind of thing.
    if (!isWord(t) || (t.pos === 'verb' && !t.text.endsWith('ing'))) return undefined
    const like = tokens[j - 1]
    if (DETERMINERS.has(t.text)) return isWord(like) && like.text === 'like' ? j - 1 : undefined
  }
  return undefined
}

/**
 * How a movement named in a "like a ..." phrase bears on the movement before it (`main`). A way of going keeps going:
 * the likeness is its manner ("walks like a robot", no dance), or goes along with it ("walks like a chicken": arms
 * flapping over the walk, 'keeps'). A movement in place, a dance or a bare "move" is the one the likeness names
 * ("jumps like a jumping jack", "waves his arms like a chicken", "dances like a robot": 'names'). A phrase opening its
 * clause is the manner of the clause before ("kicks with the left foot, like a kickboxing move").
 */
export function likenedTo (main: Found | undefined, kind: ActionKind | 'step', opensClause: boolean): 'names' | 'keeps' | 'manner' {
  if (main === undefined) return opensClause ? 'manner' : 'keeps'
  if (main.kind === 'dance' || main.word.lemma === 'move' || !LOCOMOTION.has(main.kind as ActionKind)) return 'names'
  return UPPER_BODY.has(kind as ActionKind) ? 'keeps' : 'manner'
}

/** A word that says a number ("two", "dozen"); the article "a" counts only where a countable noun follows it. */
export const isNumberWord = (w: string) => NUMBER_WORDS[w] !== undefined && w !== 'a' && w !== 'an'

export function numberJustBefore (tokens: readonly ClauseToken[], i: number): boolean {
  const previous = tokens[i - 1]
  return previous !== undefined && (previous.type === 'number' || (isWord(previous) && isNumberWord(previous.text)))
}

export function sideWord (text: string): Side | undefined {
  if (text === 'left' || text === 'right') return text
  if (text === 'both' || text === 'each') return 'both'
  return undefined
}
