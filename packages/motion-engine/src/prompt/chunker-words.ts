// The chunker's tests of clauses and actions: whether a clause only names a way or a side, whether an action says
// anything of its own, whether a gait and a turn make one curve. Shared by the chunker's rules (chunker-rules.ts)
// and the walk over them (parser.ts).
import { GOES_AGAIN, HOLDS_GESTURE, STEPPING } from '../movements/registry.js'
import type { ClauseParse, ClauseToken } from './clause.js'
import type { ClauseMode } from './clause-marks.js'
import { PACES } from './path-shapes.js'
import type { ActionSpec, Side } from './plan.js'
import { DETERMINERS, DIRECTIONS, NUMBER_WORDS, REPEAT_WORDS } from './vocabulary.js'

/** `marks`: the words and punctuation that opened the clause ("then", ","). */
export interface Clause { mode: ClauseMode, tokens: ClauseToken[], marks: string[] }

/** A clause and what the clause reader read in it. */
export type ReadClause = ClauseParse & Clause

export function hasParameters (a: ActionSpec): boolean {
  return a.count !== undefined || a.durationSeconds !== undefined || a.distance !== undefined || a.direction !== undefined || a.side !== undefined
}

/** The action says a speed, and another than the one before it ("walk slowly, then walk fast"). */
export function hasOwnSpeed (prev: ActionSpec, action: ActionSpec): boolean {
  return action.speed !== 1 && action.speed !== prev.speed
}

/**
 * The clause opens with a verb's -ing form after a comma or "and" ("jumps to the left, jumping off with both feet"),
 * not after a word of order ("walks slowly, then walking fast" is two walks).
 */
export function isParticipleClause (clause: Clause): boolean {
  const first = clause.tokens.find(t => t.type === 'word')
  return first?.type === 'word' && first.pos === 'verb' && first.text.endsWith('ing') &&
    clause.marks.length > 0 && clause.marks.every(mark => mark === 'and' || /^[,;.:!?]+$/.test(mark))
}

/**
 * A participle clause right after the same movement describes that movement ("jumps to the left, jumping off and
 * landing with two feet" is one jump): it is the same one unless it says how many, how long, how far or a way of
 * its own (a speed other than the movement's included). What it adds (a side, a speed) goes to the movement.
 */
export function describesPrevious (prev: ActionSpec, action: ActionSpec): boolean {
  if (partOfCurve(prev, action)) return true
  return prev.kind === action.kind && action.count === undefined && action.durationSeconds === undefined && action.distance === undefined &&
    action.degrees === undefined && (action.direction === undefined || action.direction === prev.direction) &&
    (action.side === undefined || prev.side === undefined || action.side === prev.side) &&
    (prev.speed === 1 || !hasOwnSpeed(prev, action))
}

// The words of a clause that only names a way ("then to the left", "and back"); "stops right before" is more.
const WAY_FILLERS: ReadonlySet<string> = new Set([...DETERMINERS, 'to', 'then', 'again', 'and', 'side', 'direction', 'towards', 'toward', 'same', 'way',
  'times'])

export function onlyWays (tokens: readonly ClauseToken[]): boolean {
  return tokens.every(t => t.type === 'number' || (t.type === 'word' && (DIRECTIONS[t.text] !== undefined || WAY_FILLERS.has(t.text) || wayCount(t.text) !== undefined)))
}

/** A word that counts a clause of ways ("two back", "twice to the right"); "a", "an" and "half" are no count there. */
function wayCount (word: string): number | undefined {
  return REPEAT_WORDS[word] ?? (word === 'a' || word === 'an' || word === 'half' ? undefined : NUMBER_WORDS[word])
}

/** "one back", "2 to the left": how many the clause of ways asks for, instead of the movement's own count. */
export function countIn (tokens: readonly ClauseToken[]): number | undefined {
  for (const t of tokens) {
    const count = t.type === 'number' ? t.value : wayCount(t.text)
    if (count !== undefined) return count
  }
  return undefined
}

const LEVEL_WAYS: ReadonlySet<string> = new Set(['forward', 'backward', 'left', 'right', 'diagonalLeft', 'diagonalRight'])
// "one step forward, two to the right": a step sent sideways or back is still the same stepping.
const STEPS: ReadonlySet<string> = STEPPING
// Movements that go a way and can go it again another way ("looks left, then right" is two looks).
const TRAVELS: ReadonlySet<string> = GOES_AGAIN

/**
 * The movement before, sent another way by a clause of modifiers ("walks forward, then backward", "turn left and
 * right"); undefined when the clause only adds to it ("runs in a full circle, clockwise", "jumps forward and up").
 */
export function otherWay (before: ActionSpec, merged: ActionSpec | undefined): ActionSpec | undefined {
  const sameMovement = merged !== undefined && (merged.kind === before.kind || (STEPS.has(merged.kind) && STEPS.has(before.kind)))
  if (merged === undefined || !sameMovement) return undefined
  const [was, now] = [before.direction, merged.direction]
  return TRAVELS.has(before.kind) && was !== undefined && now !== undefined && was !== now && LEVEL_WAYS.has(was) && LEVEL_WAYS.has(now) ? merged : undefined
}

/** "jump, then jump again", "and again": the clause asks for the movement once more, not for the one before it. */
export function saysAgain (clause: Clause): boolean {
  return clause.tokens.some(t => t.type === 'word' && t.text === 'again')
}

/**
 * "jump, and again", "wave twice, then again": the movement before, once more (as the clause may send it level);
 * "steps up and down again" goes back, it does not step twice.
 */
export function onceMore (clause: Clause, merged: ActionSpec | undefined): ActionSpec | undefined {
  const level = merged?.direction === undefined || LEVEL_WAYS.has(merged.direction)
  return saysAgain(clause) && merged !== undefined && level && !isState(merged) ? { ...merged } : undefined
}

/**
 * A gait and a turn to one side made at the same time: the gait along a circle to that side, for the turn's angle.
 * The gait keeps its speed and manner; a count, a length or a distance of its own leaves the two in sequence.
 */
export function curveOf (a: ActionSpec, b: ActionSpec): ActionSpec | undefined {
  const [gait, turn] = a.kind === 'turn' ? [b, a] : [a, b]
  const pace = PACES[gait.kind]
  // "walks to the left in a quarter circle": the way the walk goes is the way the curve turns, when the turn has none.
  const sideOfGait = turn.direction === undefined && (gait.direction === 'left' || gait.direction === 'right') ? gait.direction : undefined
  const side = sideOfGait ?? turn.direction
  if (turn.kind !== 'turn' || pace === undefined || (side !== 'left' && side !== 'right') || hasParameters({ ...gait, direction: undefined })) return undefined
  if (sideOfGait === undefined && gait.direction !== undefined && gait.direction !== 'forward') return undefined
  const degrees = Math.abs(turn.degrees ?? 90)
  return { kind: 'circle', speed: gait.speed, emotion: gait.emotion, gait: pace, direction: side, degrees: side === 'left' ? degrees : -degrees }
}

// Verbs a turn is made with apart from the gait ("takes a 180 degree turn", "turn right"; a participle, "turning",
// is made while walking), and words of a path walked.
const TURN_VERBS: ReadonlySet<string> = new Set(['turn', 'turns', 'turned', 'take', 'takes', 'took', 'make', 'makes', 'made'])
const TURN_NOUN_AFTER: ReadonlySet<string> = new Set(['a', 'an', 'the', 'degree', 'degrees', 'left', 'right', 'full', 'whole'])
const ARC_WORDS: ReadonlySet<string> = new Set(['while', 'circle', 'curve', 'arc', 'bend', 'half', 'quarter', 'u', 'uturn'])

/**
 * "walks forward, takes a 180 degree turn to the left and keeps on walking", said without a comma: a half turn or
 * more with a verb of its own, in the clause of a walk but not said to be made while walking, is made after the
 * walk, not along an arc ("walks a 180 degree turn", "a left u-turn while walking" are arcs).
 */
export function turnedAfter (clause: Clause, i: number, action: ActionSpec): boolean {
  if (i === 0 || clause.mode === 'simultaneous' || action.kind !== 'turn' || Math.abs(action.degrees ?? 0) < 180) return false
  const words = clause.tokens.map(t => (t.type === 'word' ? t.text : ''))
  // "a 180 degree turn" is the noun, the turn walked.
  const nounAt = (k: number) => words[k] === 'turn' && (clause.tokens[k - 1]?.type === 'number' || TURN_NOUN_AFTER.has(words[k - 1] ?? ''))
  const verbAt = (k: number) => TURN_VERBS.has(words[k]!) && !nounAt(k)
  return words.some((_, k) => verbAt(k)) && !words.some(w => ARC_WORDS.has(w))
}

/**
 * What a clause beside a curve says about the curve itself: its steps ("walks a quarter circle, taking four steps")
 * or its turn ("walking in a left curve, doing a 90 degree turn").
 */
export function partOfCurve (curve: ActionSpec, action: ActionSpec): boolean {
  if (curve.kind !== 'circle' || curve.degrees === undefined || curve.count !== undefined) return false
  if (action.kind === 'turn') return action.count === undefined && Math.abs(action.degrees ?? curve.degrees) === Math.abs(curve.degrees)
  return PACES[action.kind] === curve.gait && action.direction === undefined && action.distance === undefined && action.durationSeconds === undefined
}

/** Postures a gesture can be made in, held under it (see the posture flow). */
export const HELD_POSTURES: ReadonlySet<string> = HOLDS_GESTURE

/** Standing, for no time of its own ("while standing"): the state every standing movement is made in. */
export function isPlainStanding (action: ActionSpec): boolean {
  return isState(action) && action.durationSeconds === undefined
}

/** Standing still is a state: "comes to rest again" goes back to it, it is no second rest. */
export function isState (action: ActionSpec): boolean {
  return action.kind === 'idle'
}

// The words of a clause that only names the other hand or foot ("then with the left one", "and the right leg").
const SIDE_FILLERS: ReadonlySet<string> = new Set([...DETERMINERS, 'with', 'on', 'using', 'one', 'then', 'and', 'again', 'hand', 'arm', 'fist', 'foot', 'leg'])

/**
 * "kick with the right leg, then the left", "hop on the right foot, then on the left": a clause that only names the
 * other side is the movement before, made with that hand or foot.
 */
export function otherSide (before: ActionSpec, tokens: readonly ClauseToken[]): ActionSpec | undefined {
  const sides = tokens.flatMap((t): Side[] => (t.type === 'word' && (t.text === 'left' || t.text === 'right') ? [t.text] : []))
  const onlySide = tokens.every(t => t.type === 'word' && (t.text === 'left' || t.text === 'right' || SIDE_FILLERS.has(t.text)))
  if (!onlySide || sides.length !== 1 || before.side === undefined || before.side === 'both' || before.side === sides[0]) return undefined
  return { ...before, side: sides[0]! }
}

/** The words after a leading "like" and its article ("like a robot": "robot"). */
export function withoutLike (tokens: readonly ClauseToken[]): readonly ClauseToken[] {
  const word = (i: number) => { const t = tokens[i]; return t?.type === 'word' ? t.text : undefined }
  if (word(0) !== 'like') return tokens
  return tokens.slice(word(1) === 'a' || word(1) === 'an' ? 2 : 1)
}
