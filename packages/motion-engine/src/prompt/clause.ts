// One clause → its actions. The action words are found by lemma; numbers, units, sides and directions bind to the
// action word they follow (or, before any, to the first), so "walk three steps and jump twice" counts each its own.
// Negated action words are dropped and reported; unlisted verbs are read by meaning (WordNet), non-words by spelling.
import { GAITS as CATALOGUE_GAITS, SIDE_NAMES_LIMB } from '../movements/registry.js'
import { allowedSlips, closestAction, editDistance, vocabularyForms } from './closest-action.js'
import type { Token } from './lexer.js'
import { combine } from './combine.js'
import type { Found, Mods, Word } from './found.js'
import { alongShape } from './path-shapes.js'
import type { ActionSpec, Side } from './plan.js'
import { DETERMINERS, DIRECTIONS, EMOTIONS, NUMBER_WORDS, REPEAT_WORDS, SPEEDS, VERB_SPEEDS, VERBS } from './vocabulary.js'
import type { ActionKind, Emotion } from './vocabulary.js'
import { isEnglishWord, meaningOf } from './word-meaning.js'
import { ANY_BODY_PART, BODY_PARTS, DANCE_STYLES, LIMB_WORDS, LOCOMOTION, UPPER_BODY, WALKING } from './word-groups.js'

export type ClauseToken = Exclude<Token, { type: 'separator' }>

// Ways of going whose count is steps ("a sidestep", "a circle" are one), and movements of one hand or foot ("a left
// jab", "a right kick" name the limb, not a direction): the catalogue's.
const GAITS = CATALOGUE_GAITS as ReadonlySet<ActionKind | 'step'>
const LIMB_MOVES = SIDE_NAMES_LIMB as ReadonlySet<ActionKind | 'step'>
// Words before a number that make the noun after it a part of the body ("with two feet"), not a unit.
const PART_OWNERS = new Set(['with', 'on', 'using', 'his', 'her', 'its', 'their', 'my', 'your'])
// Words a path's name follows ("in circles", "a quarter circle", "a small zigzag").
const PATH_LEADS = new Set(['in', 'a', 'an', 'quarter', 'half', 'full', 'whole', 'small', 'big', 'large', 'wide', 'little'])
const HOLDING = new Set(['hold', 'holds', 'holding', 'held', 'carries', 'carrying', 'carried'])
const NEGATORS = new Set(['not', 'nt', 'never', 'no', 'without', 'instead', 'neither', 'nor'])
// Words between a negator and the way it refuses ("not the right one", "but not too fast", "instead of the right",
// "not with her left hand").
const NEGATED_FILLERS: ReadonlySet<string> = new Set([...DETERMINERS, 'to', 'too', 'so', 'very', 'of', 'with', 'on', 'using'])
// What "moves" can move instead of the person ("moves his left arm", "moving the head").
const MOVED_PARTS: ReadonlySet<string> = new Set(['arm', 'arms', 'hand', 'hands', 'elbow', 'elbows', 'head'])
// Verbs of making a movement ("makes a move", "performs some moves"): the noun they make is no walk.
const MAKING: ReadonlySet<string> = new Set(['make', 'do', 'perform', 'execute', 'show'])
// Words before "with the left (foot)" that make it the leading foot of a walk.
const LEADING: ReadonlySet<string> = new Set(['start', 'starts', 'starting', 'started', 'begin', 'begins', 'beginning', 'lead', 'leads', 'leading'])
// Movement verbs whose noun is a thing ("a rock", "a float", "the call", "a fly"), not the movement.
const THING_NOUNS: ReadonlySet<string> = new Set(['rock', 'float', 'call', 'drill', 'bowl', 'fly', 'fish', 'iron', 'comb'])
// The people who move: a number before them counts them, not the movement ("two people wave", "a couple of kids jump").
const PEOPLE = new Set(['people', 'persons', 'humans', 'men', 'women', 'kids', 'children', 'boys', 'girls', 'friends', 'guys', 'dancers', 'players',
  'adults', 'athletes', 'soldiers'])
// "the right one", "the other one": "one" stands for a hand or a foot, it counts nothing.
const ONE_AS_PRONOUN_AFTER = new Set(['left', 'right', 'other', 'same', 'this', 'that', 'each', 'first', 'last'])
const UNIT_SECONDS: Readonly<Record<string, number>> = {
  second: 1, seconds: 1, sec: 1, secs: 1, s: 1, minute: 60, minutes: 60, min: 60, mins: 60, hour: 3600, hours: 3600
}
const UNIT_METRES: Readonly<Record<string, number>> = { meter: 1, meters: 1, metre: 1, metres: 1, m: 1, feet: 0.3048, foot: 0.3048, yard: 0.91, yards: 0.91 }
const TURN_FRACTIONS: Readonly<Record<string, number>> = { quarter: 90, half: 180, full: 360, whole: 360, complete: 360 }
const TURN_NOUNS = /^(turn|circle|rotation|spin|revolution|round|curve|arc|corner)/

export interface ClauseParse {
  actions: ActionSpec[]
  emotion: Emotion | undefined
  /** How words were read or why they were left out, for the plan's `understood` notes. */
  notes: string[]
}

function verbOf (w: Word): ActionKind | 'step' | undefined {
  for (const b of w.bases) {
    const v = VERBS[b]
    if (v !== undefined) return v
  }
  return undefined
}

const isWord = (t: ClauseToken | undefined): t is Word => t?.type === 'word'

/** Whether "a"/"an" before this word is a quantity ("a few", "a second", "a jump") rather than an article. */
function isCountable (w: Word): boolean {
  const t = w.text
  if (NUMBER_WORDS[t] !== undefined || UNIT_SECONDS[t] !== undefined || UNIT_METRES[t] !== undefined) return true
  return verbOf(w) !== undefined && !THING_NOUNS.has(w.lemma)
}

/** A word that names an action in `tokens[i]`'s context, or undefined ("left" in "left foot" is a side, never "leave"). */
function actionAt (tokens: readonly ClauseToken[], i: number): ActionKind | 'step' | undefined {
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
function skipWords (tokens: readonly ClauseToken[], i: number, step: 1 | -1, skip: (word: string) => boolean): number {
  let j = i
  while (isWord(tokens[j]) && skip((tokens[j] as Word).text)) j += step
  return j
}

/** The index of the arm, hand or head "move" at `i` moves ("moves his left arm", "moving the head"), if it names one. */
function movedPartAt (tokens: readonly ClauseToken[], i: number): number | undefined {
  const j = skipWords(tokens, i + 1, 1, w => DETERMINERS.has(w) || sideWord(w) !== undefined)
  const part = tokens[j]
  return isWord(part) && MOVED_PARTS.has(part.text) ? j : undefined
}

/**
 * The movement of a part moved with no movement named for it: a head looks around; arms or hands together meet (a
 * clasp), up and down they flap, one alone reaches (the one-hand reach of a point), both otherwise stretch out.
 */
function partMovement (part: string, hasWord: (...w: string[]) => boolean): ActionKind {
  if (part === 'head') return 'lookAround'
  if (hasWord('together', 'touch', 'touching', 'touches')) return 'claspHands'
  if (hasWord('up') && hasWord('down')) return 'flap'
  return part === 'arm' || part === 'hand' ? 'point' : 'stretch'
}

/**
 * Whether the word at `i` is what "makes", "does" or "performs" names (an article or "some" between them) and a
 * movement named after it says what it is ("makes moves like bouncing a ball"; "makes a move to the left" is a step).
 */
function isMadeAt (tokens: readonly ClauseToken[], i: number): boolean {
  const at = (j: number) => (isWord(tokens[j]) ? (tokens[j] as Word) : undefined)
  const verb = DETERMINERS.has(at(i - 1)?.text ?? '') || at(i - 1)?.text === 'some' ? at(i - 2) : at(i - 1)
  return verb !== undefined && MAKING.has(verb.lemma) && tokens.some((_, j) => j > i && actionAt(tokens, j) !== undefined)
}

/**
 * Whether the word at `i` (or "<it> dancer") is followed by the verb of a movement other than a dance: it names who
 * makes it ("the robot waves"; "a cha cha move" is the dance's).
 */
function isSubjectOf (tokens: readonly ClauseToken[], i: number): boolean {
  const dancer = tokens[i + 1]
  const at = isWord(dancer) && (dancer.text === 'dancer' || dancer.text === 'dancers') ? i + 2 : i + 1
  const verb = tokens[at]
  // A tagger may read "the robot waves" as a plural noun: an inflected form there is still the verb.
  const next = isWord(verb) && (verb.pos === 'verb' || verb.text !== verb.lemma) ? actionAt(tokens, at) : undefined
  return next !== undefined && next !== 'dance' && !DANCE_STYLES.has(next as ActionKind)
}

// "he or she", "his or her": one person named two ways, no alternative.
const PRONOUNS: ReadonlySet<string> = new Set(['he', 'she', 'his', 'her', 'him', 'hers', 'they', 'them', 'their'])

/** Whether "or" stands a few words before the action word at `i`, with no other action between. */
function alternativeAt (tokens: readonly ClauseToken[], i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    const t = tokens[j]
    const [previous, next] = [tokens[j - 1], tokens[j + 1]]
    if (isWord(t) && t.text === 'or') return !(isWord(previous) && PRONOUNS.has(previous.text) && isWord(next) && PRONOUNS.has(next.text))
    if (actionAt(tokens, j) !== undefined) return false
  }
  return false
}

function negatedAt (tokens: readonly ClauseToken[], i: number, w: Word): boolean {
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
function turnNounAfterArticle (tokens: readonly ClauseToken[], i: number): boolean {
  for (let j = i + 1; j < Math.min(tokens.length, i + 4); j++) {
    const t = tokens[j]
    if (!isWord(t)) return false
    if (t.text === 'a' || t.text === 'an' || t.text === 'of') continue
    return TURN_NOUNS.test(t.lemma)
  }
  return false
}

/** The words either side of the action word at `i`. */
function neighbours (tokens: readonly ClauseToken[], i: number): Pick<Found, 'before' | 'after'> {
  const [before, after] = [tokens[i - 1], tokens[i + 1]]
  return { ...(isWord(before) ? { before: before.text } : {}), ...(isWord(after) ? { after: after.text } : {}) }
}

/** Whether a word is a way of moving a negator can refuse: a direction, a side or a speed ("not the right", "not too fast"). */
function isModifierWord (w: string): boolean {
  return DIRECTIONS[w] !== undefined || sideWord(w) !== undefined || SPEEDS[w] !== undefined
}

/** The index of the modifier a negator at `i` refuses ("walk forward, not backward"), if one follows it. */
function negatedModifierAfter (tokens: readonly ClauseToken[], i: number): number | undefined {
  const j = skipWords(tokens, i + 1, 1, w => NEGATED_FILLERS.has(w))
  const t = tokens[j]
  if (j > i + 3 || !isWord(t)) return undefined
  return isModifierWord(t.text) && actionAt(tokens, j) === undefined ? j : undefined
}

/** What a modifier says of a movement: which way (or how fast), or how many times. */
function modifierClass (t: ClauseToken | undefined): 'way' | 'count' | undefined {
  if (t === undefined) return undefined
  if (t.type === 'number') return 'count'
  if (REPEAT_WORDS[t.text] !== undefined || isNumberWord(t.text)) return 'count'
  return isModifierWord(t.text) ? 'way' : undefined
}

/**
 * The index of the modifier an "or" at `i` offers instead of the one before it ("turn left or right", "to the left
 * or to the right", "once or twice", "two or three times"): as with alternative movements, the first is planned.
 */
function alternativeModifierAfter (tokens: readonly ClauseToken[], i: number): number | undefined {
  const before = skipWords(tokens, i - 1, -1, w => NEGATED_FILLERS.has(w))
  const after = skipWords(tokens, i + 1, 1, w => NEGATED_FILLERS.has(w))
  const offered = modifierClass(tokens[after])
  return offered !== undefined && offered === modifierClass(tokens[before]) && actionAt(tokens, after) === undefined ? after : undefined
}

/** A non-word near the name of a path ("cirlces", "zigzgag"), measured against those names only. */
function spelledPath (w: Word): { kind: 'circle' | 'zigzag', note: string } | undefined {
  const slips = allowedSlips(w.text.length)
  if (slips === 0 || isEnglishWord(w.text) || verbOf(w) !== undefined) return undefined
  const kind = (['circle', 'zigzag'] as const).find(path => vocabularyForms(path).some(form => editDistance(w.text, form) <= slips))
  return kind === undefined ? undefined : { kind, note: `"${w.text}" read as "${kind}" (spelling)` }
}

/** A non-word near a vocabulary word ("wakl") read as that word; correctly spelt English is never re-spelt. */
function spelledAction (w: Word): { kind: ActionKind | 'step', note: string } | undefined {
  // A form of a vocabulary word ("shakes" in "shakes his hand") was read, and refused, as that word already.
  if (w.text.length < 4 || isEnglishWord(w.text) || isEnglishWord(w.lemma) || verbOf(w) !== undefined) return undefined
  const near = closestAction(w.text)
  return near === undefined ? undefined : { kind: near.kind, note: `"${w.text}" read as "${near.word}" (spelling)` }
}

/** The index of "like" when the word at `i` is named in a "like a ..." phrase ("like a robot", "like a ballet dancer"). */
function likeBefore (tokens: readonly ClauseToken[], i: number): number | undefined {
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
function likenedTo (main: Found | undefined, kind: ActionKind | 'step', opensClause: boolean): 'names' | 'keeps' | 'manner' {
  if (main === undefined) return opensClause ? 'manner' : 'keeps'
  if (main.kind === 'dance' || main.word.lemma === 'move' || !LOCOMOTION.has(main.kind as ActionKind)) return 'names'
  return UPPER_BODY.has(kind as ActionKind) ? 'keeps' : 'manner'
}

/** A word that says a number ("two", "dozen"); the article "a" counts only where a countable noun follows it. */
const isNumberWord = (w: string) => NUMBER_WORDS[w] !== undefined && w !== 'a' && w !== 'an'

function numberJustBefore (tokens: readonly ClauseToken[], i: number): boolean {
  const previous = tokens[i - 1]
  return previous !== undefined && (previous.type === 'number' || (isWord(previous) && isNumberWord(previous.text)))
}

function sideWord (text: string): Side | undefined {
  if (text === 'left' || text === 'right') return text
  if (text === 'both' || text === 'each') return 'both'
  return undefined
}

export function parseClause (tokens: readonly ClauseToken[], inherited: Emotion): ClauseParse {
  const found: Found[] = []
  const notes: string[] = []
  const pre: Mods = {}
  let emotion: Emotion | undefined
  let speed = 1
  let very = false
  let pendingNumber: number | undefined
  let nextMods: Mods | undefined
  const words = tokens.map(t => (t.type === 'word' ? t.text : ''))
  // Directions, sides and speeds a negator refuses ("kick with the right leg, not the left") and modifiers offered
  // as an alternative ("left or right"): read as nothing, each with the reason.
  const ignored = new Map<number, string>()
  const hasWord = (...w: string[]) => w.some(x => words.includes(x))
  const mods = (): Mods => found.at(-1)?.mods ?? pre
  // "a full turn", "a 180 degree turn", "a left curve": a modifier right before an action word is that word's, and
  // so is one before its angle ("a right 90 degree curve").
  const before = (i: number): Mods => {
    const angle = tokens[i + 1]?.type === 'number' && ['degree', 'degrees', 'deg'].includes(words[i + 2] ?? '')
    return actionAt(tokens, angle ? i + 3 : i + 1) !== undefined ? (nextMods ??= {}) : mods()
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    const why = ignored.get(i)
    if (why !== undefined) {
      notes.push(`"${t.type === 'number' ? t.value : t.text}" ignored: ${why}`)
      continue
    }
    if (t.type === 'number') { pendingNumber = t.value; continue }
    const w = t.text
    const next = tokens[i + 1]
    const nextWord = isWord(next) ? next : undefined
    const prevWord = isWord(tokens[i - 1]) ? (tokens[i - 1] as Word).text : undefined
    const offered = w === 'or' ? alternativeModifierAfter(tokens, i) : NEGATORS.has(w) ? negatedModifierAfter(tokens, i) : undefined
    if (offered !== undefined) ignored.set(offered, w === 'or' ? 'an alternative ("or")' : 'negated')
    if (w === 'one' && prevWord !== undefined && ONE_AS_PRONOUN_AFTER.has(prevWord)) continue
    // "half a minute": the article belongs to the half.
    if ((w === 'a' || w === 'an') && prevWord === 'half') continue
    if (PEOPLE.has(w)) { pendingNumber = undefined; continue }
    if (NUMBER_WORDS[w] !== undefined && (w !== 'a' && w !== 'an' ? true : nextWord !== undefined && isCountable(nextWord))) {
      // "two dozen", "half a dozen": so many dozens.
      const dozens = w === 'dozen' && pendingNumber !== undefined && (numberJustBefore(tokens, i) || prevWord === 'a') ? pendingNumber : 1
      pendingNumber = NUMBER_WORDS[w]! * dozens
      if (TURN_FRACTIONS[w] !== undefined && nextWord !== undefined && TURN_NOUNS.test(nextWord.lemma)) before(i).degrees = TURN_FRACTIONS[w]
      else if (TURN_FRACTIONS[w] !== undefined && turnNounAfterArticle(tokens, i)) mods().degrees = TURN_FRACTIONS[w]
      continue
    }
    if (TURN_FRACTIONS[w] !== undefined && nextWord !== undefined && TURN_NOUNS.test(nextWord.text)) { before(i).degrees = TURN_FRACTIONS[w]; continue }
    if (TURN_FRACTIONS[w] !== undefined && turnNounAfterArticle(tokens, i)) { mods().degrees = TURN_FRACTIONS[w]; continue }
    if (REPEAT_WORDS[w] !== undefined) { mods().count = REPEAT_WORDS[w]; continue }
    if (w === 'very' || w === 'really' || w === 'extremely') { very = true; continue }
    if (UNIT_SECONDS[w] !== undefined && pendingNumber !== undefined) {
      mods().duration = pendingNumber * UNIT_SECONDS[w]!
      pendingNumber = undefined
      continue
    }
    // "walk two feet forward" is a distance; "landing with two feet", "on his two feet" are the feet.
    if (UNIT_METRES[w] !== undefined && pendingNumber !== undefined && !LIMB_WORDS.has(nextWord?.text ?? '') && !PART_OWNERS.has(words[i - 2] ?? '')) {
      mods().distance = pendingNumber * UNIT_METRES[w]!
      pendingNumber = undefined
      continue
    }
    if ((w === 'degrees' || w === 'degree' || w === 'deg') && pendingNumber !== undefined) {
      before(i).degrees = pendingNumber
      pendingNumber = undefined
      continue
    }
    if ((w === 'times' || w === 'time' || w === 'reps' || w === 'repetitions' || w === 'rounds') && pendingNumber !== undefined) {
      // "three times" binds to the action before it; with none yet, to the next one.
      mods().count = pendingNumber
      pendingNumber = undefined
      continue
    }
    // "from the left", "in the back": where a push comes from.
    if ((prevWord === 'from' || prevWord === 'in' || (prevWord !== undefined && DETERMINERS.has(prevWord) && ['from', 'in'].includes(words[i - 2] ?? ''))) &&
      ['front', 'back', 'behind', 'left', 'right', 'side'].includes(w) && found.some(f => f.kind === 'pushed')) {
      const from = w === 'behind' ? 'back' : w === 'side' ? (mods().from ?? 'left') : w as 'front' | 'back' | 'left' | 'right'
      for (const f of found) if (f.kind === 'pushed') f.mods.from = from
      continue
    }
    if (w === 'behind' && found.some(f => f.kind === 'pushed')) { for (const f of found) if (f.kind === 'pushed') f.mods.from = 'back'; continue }
    // "lie down on his back / on her stomach", "lies face down".
    if (found.some(f => f.kind === 'lieDown') && (w === 'face' || w === 'facedown') && (nextWord?.text === 'down' || w === 'facedown')) {
      mods().style = 'onFront'
      continue
    }
    if (found.some(f => f.kind === 'lieDown') && (prevWord === 'on' || (prevWord !== undefined && DETERMINERS.has(prevWord) && words[i - 2] === 'on'))) {
      if (w === 'back') { mods().style = 'onBack'; continue }
      if (w === 'front' || w === 'stomach' || w === 'belly' || w === 'face') { mods().style = 'onFront'; continue }
    }
    let bothParts = false
    // "hop on one foot", "wave with one hand": the number says which part, not how many times ("two side steps" counts).
    if (pendingNumber === 1 && LIMB_WORDS.has(w) && !BODY_PARTS.has(w) && numberJustBefore(tokens, i) && actionAt(tokens, i + 1) === undefined) {
      pendingNumber = undefined
      continue
    }
    if (pendingNumber !== undefined && BODY_PARTS.has(w) && numberJustBefore(tokens, i)) {
      // "two hands" is both of them; "two fingers" is two of one hand's.
      bothParts = pendingNumber === 2 && w !== 'fingers' && w !== 'toes'
      pendingNumber = undefined
    }
    const kind = actionAt(tokens, i)
    if (kind === undefined && bothParts) {
      mods().side ??= 'both'
      continue
    }
    const like = kind === undefined ? undefined : likeBefore(tokens, i)
    const likened = like === undefined ? undefined : likenedTo(found.at(-1), kind!, like === 0)
    // The article of "like a robot" counts nothing.
    if (likened !== undefined) pendingNumber = undefined
    if (kind !== undefined && likened === 'manner') {
      const main = found.at(-1)
      if (main !== undefined) notes.push(`"${w}" ignored: how "${main.word.text}" is done ("like")`)
      continue
    }
    if (kind !== undefined && likened === 'names') {
      found.at(-1)!.kind = kind
      continue
    }
    // "wiping or stirring", "throws a ball or plays tennis": the first movement named is the one planned.
    if (kind !== undefined && found.length > 0 && alternativeAt(tokens, i)) {
      notes.push(`"${w}" ignored: an alternative ("or")`)
      // What it says of the kind the movement kept has said already goes with it ("turns left or walks right" turns
      // left); the rest may be said of both ("a wiping or stirring movement with the right hand").
      const kept = found.at(-1)!.mods
      const said = { way: kept.direction !== undefined || kept.side !== undefined, count: kept.count !== undefined }
      for (let j = i + 1; j < tokens.length && actionAt(tokens, j) === undefined; j++) {
        const c = modifierClass(tokens[j])
        if (c !== undefined && said[c]) ignored.set(j, `said of "${w}", an alternative`)
      }
      continue
    }
    if (kind !== undefined) {
      const negated = negatedAt(tokens, i, t)
      if (negated) notes.push(`"${w}" ignored: negated`)
      // "slows to a walk", "goes for a run": the article names the gait, it counts no steps ("a step" still does).
      if (pendingNumber === 1 && (prevWord === 'a' || prevWord === 'an') && GAITS.has(kind)) pendingNumber = undefined
      // A number before a plural noun form of an action ("three steps", "two jumps") is its count.
      const plural = pendingNumber !== undefined && t.text !== t.lemma && t.pos !== 'verb' ? pendingNumber : undefined
      if (plural !== undefined) pendingNumber = undefined
      // "walk three steps": a step noun after a locomotion verb only counts, it is not a second action.
      const walking = found.findLast(f => LOCOMOTION.has(f.kind as ActionKind) || f.kind === 'step')
      if (kind === 'step' && walking !== undefined) {
        if (plural !== undefined) walking.mods.count ??= plural
        continue
      }
      let entry = found.find(f => f.kind === kind)
      if (entry === undefined) {
        const paced = t.bases.map(b => VERB_SPEEDS[b]).find(v => v !== undefined)
        entry = {
          kind,
          word: t,
          mods: found.length === 0 ? pre : {},
          negated,
          ...neighbours(tokens, i),
          ...(paced === undefined ? {} : { speed: paced })
        }
        found.push(entry)
      } else if (!negated) entry.negated = false
      if (nextMods !== undefined) {
        // "a left jab and a right hook": one punch of each hand.
        if (nextMods.side !== undefined && entry.mods.side !== undefined && entry.mods.side !== nextMods.side) nextMods.side = 'both'
        Object.assign(entry.mods, nextMods)
        nextMods = undefined
      }
      if (plural !== undefined) entry.mods.count ??= plural
      if (bothParts) entry.mods.side ??= 'both'
      continue
    }
    const e = EMOTIONS[w]
    if (e !== undefined) { emotion = e; continue }
    const s = SPEEDS[w]
    if (s !== undefined) { speed = s; continue }
    const side = sideWord(w)
    // "to the right side" is a way to go; "his right side", "the left hand" are the body's.
    const towardsSide = nextWord?.text === 'side' && words.slice(Math.max(0, i - 3), i).some(x => x === 'to' || x === 'towards' || x === 'toward')
    if (side !== undefined && nextWord !== undefined && !towardsSide && (LIMB_WORDS.has(nextWord.text) || (w === 'both' && nextWord.text !== 'directions'))) {
      // "knocks with his left hand on something he is holding in his right hand": the hand that holds is not the
      // one that moves, once that one is named.
      const holding = words.slice(Math.max(0, i - 4), i).some(x => HOLDING.has(x))
      if (!(holding && mods().side !== undefined)) mods().side = side
      continue
    }
    // "kicks with the right (leg)": the side of the limb that moves; "starting with the left (foot)" only names the
    // leading foot, not a direction.
    const withAt = prevWord === 'with' ? i - 1 : prevWord !== undefined && DETERMINERS.has(prevWord) && words[i - 2] === 'with' ? i - 2 : undefined
    if ((w === 'left' || w === 'right') && withAt !== undefined) {
      if (!LEADING.has(words[withAt - 1] ?? '')) mods().side = w
      continue
    }
    const d = DIRECTIONS[w]
    if (d !== undefined) {
      if (w === 'straight' && mods().direction !== undefined) continue
      // "a left jab", "a right kick": the side of the limb that makes the movement named next.
      const nextKind = actionAt(tokens, i + 1)
      if ((d === 'left' || d === 'right') && nextKind !== undefined && LIMB_MOVES.has(nextKind)) { before(i).side = d; continue }
      // "a left turn", "a right curve": the direction names the action word it stands before.
      const m = d === 'left' || d === 'right' ? before(i) : mods()
      const diagonal = m.direction === 'diagonalLeft' || m.direction === 'diagonalRight'
      if (d === 'diagonalRight' || d === 'diagonalLeft') m.direction = hasWord('left') ? 'diagonalLeft' : 'diagonalRight'
      else if (diagonal && (d === 'left' || d === 'right' || d === 'forward')) continue
      else if (d === 'around') m.direction = m.direction ?? 'around'
      else if ((d === 'up' || d === 'down') && m.direction !== undefined) continue
      else if (d === 'backward' && m.direction === 'around') continue
      else m.direction = d
      continue
    }
    if (w === 'sideways' || w === 'aside' || w === 'sidewards' || w === 'sideward') { mods().direction ??= 'right'; continue }
    if (w === 'place' || w === 'spot') { mods().direction ??= 'inPlace'; continue }
    if (w === 'overhand' || w === 'overarm') { mods().style = 'overhand'; continue }
    if (w === 'underhand' || w === 'underarm') { mods().style = 'underhand'; continue }
    if (w === 'falls' || w === 'fall' || w === 'falling' || w === 'fell' || w === 'ground') { if (found.some(f => f.kind === 'pushed')) mods().fall = true }
    if (pendingNumber !== undefined && found.length > 0 && mods().count === undefined && !LIMB_WORDS.has(w) && UNIT_METRES[w] === undefined) {
      mods().count = pendingNumber
      pendingNumber = undefined
    }
  }
  if (pendingNumber !== undefined && mods().count === undefined && pendingNumber >= 1 && Number.isInteger(pendingNumber)) mods().count = pendingNumber

  // "moves his left arm" and nothing more: a movement of that arm.
  const moving = found.length === 0 ? tokens.findIndex((t, i) => isWord(t) && t.lemma === 'move' && movedPartAt(tokens, i) !== undefined) : -1
  if (moving >= 0) {
    const part = tokens[movedPartAt(tokens, moving)!] as Word
    found.push({ kind: partMovement(part.text, hasWord), word: tokens[moving] as Word, mods: pre, negated: negatedAt(tokens, moving, tokens[moving] as Word) })
  }
  // Nothing known: an unlisted verb is read by its meaning, a non-word by its spelling.
  if (found.length === 0) {
    for (const [i, t] of tokens.entries()) {
      // "landing with two feet" is no walk; "he shoulders the door" is a push; "like a kickboxing move" a manner.
      if (!isWord(t) || DIRECTIONS[t.text] !== undefined || (ANY_BODY_PART.has(t.text) && t.pos !== 'verb') || likeBefore(tokens, i) === 0) continue
      // A tagger may take an inflected verb for a noun ("the man lurches"); an uninflected noun ("weather") is no verb.
      const verbLemma = t.bases.at(-1)!
      const meant = t.pos === 'verb'
        ? meaningOf(t.lemma) ?? meaningOf(t.text)
        : t.pos === 'noun' && verbLemma !== t.text ? meaningOf(verbLemma) : undefined
      const read = meant !== undefined
        ? { kind: meant.kind, note: `"${t.text}" read as "${meant.word}" (WordNet: ${meant.path.join(' → ')})` }
        : spelledAction(t)
      if (read === undefined) continue
      const negated = negatedAt(tokens, i, t)
      notes.push(negated ? `"${t.text}" ignored: negated` : read.note)
      found.push({ kind: read.kind, word: t, mods: pre, negated, ...neighbours(tokens, i) })
      break
    }
  } else {
    respellBesideKnown(found, tokens, words, notes)
  }
  if (found.length === 0) {
    // A tagger may take "left" for the verb: a direction is never an ignored verb.
    for (const t of tokens) if (isWord(t) && t.pos === 'verb' && DIRECTIONS[t.text] === undefined) notes.push(`"${t.text}" ignored: not a movement the engine knows`)
  }
  if (very) speed = 1 + (speed - 1) * 1.6
  const actions = alongShape(combine(found.filter(f => !f.negated), hasWord).map(f => toSpec(f, speed, emotion ?? inherited, hasWord)), hasWord)
  return { actions, emotion, notes }
}

/**
 * Non-words beside the vocabulary words a clause has: a misspelt gait before counted steps ("joggs a few steps" are
 * jogged) and a misspelt path after gaits ("walks in cirlces"). Everything else spelt wrong is tried only when a
 * clause has no vocabulary word at all.
 */
function respellBesideKnown (found: Found[], tokens: readonly ClauseToken[], words: readonly string[], notes: string[]): void {
  if (found.length === 1 && found[0]!.kind === 'step' && found[0]!.word.pos !== 'verb') {
    // "joggs a few steps": the steps are counted, and the misspelt verb says how they are taken.
    const steps = found[0]!
    for (const [i, t] of tokens.entries()) {
      // Only the verb before the steps: "takes a step to rebalance" is a step, whatever "rebalance" is.
      if (t === steps.word) break
      if (!isWord(t) || PEOPLE.has(t.text) || DETERMINERS.has(t.text)) continue
      const read = spelledAction(t)
      if (read === undefined) continue
      notes.push(read.note)
      found[0] = { kind: read.kind, word: t, mods: steps.mods, negated: negatedAt(tokens, i, t), ...neighbours(tokens, i) }
      break
    }
  } else if (found.every(f => WALKING.has(f.kind))) {
    // "walks in cirlces": the path the gait takes, misspelt after it, where a path is named.
    for (const [i, t] of tokens.entries()) {
      if (!isWord(t) || !PATH_LEADS.has(words[i - 1] ?? '') || found.some(f => f.word === t)) continue
      const read = spelledPath(t)
      if (read === undefined) continue
      notes.push(read.note)
      // "a quarter cirlce": part of a circle, a turn made while walking (as "a quarter circle" is read).
      const part = read.kind === 'circle' ? TURN_FRACTIONS[words[i - 1] ?? ''] : undefined
      const mods: Mods = part === undefined || part >= 360 ? {} : { degrees: part }
      found.push({ kind: mods.degrees === undefined ? read.kind : 'turn', word: t, mods, negated: negatedAt(tokens, i, t), ...neighbours(tokens, i) })
      break
    }
  }
}

function toSpec (f: Found, speed: number, emotion: Emotion, hasWord: (...w: string[]) => boolean): ActionSpec {
  const kind = resolveKind(f, hasWord)
  const m = f.mods
  const spec: ActionSpec = { kind, speed: speed === 1 && f.speed !== undefined ? f.speed : speed, emotion }
  const gait = (m as Mods & { gait?: ActionSpec['gait'] }).gait
  if (gait !== undefined && (kind === 'circle' || kind === 'zigzag')) spec.gait = gait
  if (m.count !== undefined) spec.count = Math.max(1, Math.round(m.count))
  if (m.duration !== undefined) spec.durationSeconds = m.duration
  if (m.distance !== undefined) spec.distance = m.distance
  if (m.degrees !== undefined) spec.degrees = m.degrees
  if (m.direction !== undefined) spec.direction = m.direction
  if (m.side !== undefined) spec.side = m.side
  if (m.style !== undefined) spec.style = m.style
  // A hand or arm raised with no way said goes up ("raises his arm", "lifts his hand"), or out to its own side ("to
  // the side"); "in front" keeps it forward.
  if (kind === 'point' && f.word.lemma === 'raisehand' && spec.direction === undefined &&
    !hasWord('front', 'forward', 'forwards', 'ahead', 'out', 'on', 'onto', 'floor', 'ground', 'down')) {
    spec.direction = hasWord('side', 'sideways', 'sides') ? (spec.side === 'left' ? 'left' : 'right') : 'up'
  }
  if (kind === 'pushed') {
    if (m.from !== undefined) spec.from = m.from
    else if (m.direction === 'left' || m.direction === 'right') spec.from = m.direction === 'left' ? 'right' : 'left'
    else if (m.direction === 'backward') spec.from = 'front'
    else if (m.direction === 'forward') spec.from = 'back'
    spec.fall = m.fall === true
  }
  if ((kind === 'kneel' || kind === 'getUp' || kind === 'standUp') && hasWord('hand', 'hands', 'support', 'arm', 'arms')) spec.style = 'withHands'
  // A side step goes the way named, else toward the side named ("a step to the left side"), else right.
  if (kind === 'sidestep' && spec.direction !== 'left' && spec.direction !== 'right') spec.direction = spec.side === 'left' ? 'left' : 'right'
  if (kind === 'turn' || kind === 'spin') applyTurnSign(spec, ['around', 'back', 'backward', 'backwards', 'round'].includes(f.after ?? ''))
  if (kind === 'circle' && spec.direction !== 'left' && spec.direction !== 'right') delete spec.direction
  return spec
}

function resolveKind (f: Found, hasWord: (...w: string[]) => boolean): ActionKind {
  const kind = f.kind
  const direction = f.mods.direction
  if (kind === 'stepUp' && hasWord('down') && !hasWord('up')) return 'stepUp'
  if (kind === 'getUp') return hasWord('ground', 'floor', 'lying', 'back', 'stomach') ? 'getUp' : 'standUp'
  if (kind === 'bow' && (direction === 'left' || direction === 'right' || f.mods.side === 'left' || f.mods.side === 'right') && !hasWord('forward', 'down')) {
    // A side bend names the side it leans to; "to the left and to the right" is both, one after the other.
    const named = direction === 'left' || direction === 'right' ? direction : f.mods.side
    f.mods.side = hasWord('left') && hasWord('right') ? 'both' : named === 'left' ? 'left' : 'right'
    delete f.mods.direction
    return 'sideBend'
  }
  if (kind === 'circle' && f.mods.degrees !== undefined && f.mods.degrees < 360) return 'turn'
  if (kind !== 'step') {
    if (kind === 'idle' && hasWord('up')) return 'standUp'
    return kind
  }
  if (direction === 'up') return 'stepUp'
  if (direction === 'backward') return 'backstep'
  if (direction === 'left' || direction === 'right' || hasWord('sideways', 'aside', 'side')) return 'sidestep'
  return 'walk'
}

function applyTurnSign (spec: ActionSpec, around: boolean): void {
  // "turn back" and "turn around" are half turns; "turn around to the right" keeps its side.
  if (spec.direction === 'backward') spec.direction = 'around'
  const magnitude = Math.abs(spec.degrees ?? (spec.kind === 'spin' ? 360 : around || spec.direction === 'around' ? 180 : 90))
  spec.degrees = spec.direction === 'right' ? -magnitude : magnitude
}
