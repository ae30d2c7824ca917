// The movement catalogue: every movement the builtin engine knows, and every table derived from it. Nothing else
// names a set of movements; a test (test/movement-catalogue.test.ts) fails on a movement kind listed anywhere else.
import type { ActionSynth, Posture } from '../synth/action-clip.js'
import { BLOWS_AND_OBJECTS } from './blows-and-objects.js'
import { DANCES } from './dances.js'
import type { Movement, RewriteRule } from './define-movement.js'
import { GESTURES } from './gestures.js'
import { POSTURES } from './postures.js'
import { TRAVEL } from './travel.js'
import { WHOLE_BODY } from './whole-body.js'

const ENTRIES = [...TRAVEL, ...WHOLE_BODY, ...GESTURES, ...BLOWS_AND_OBJECTS, ...POSTURES, ...DANCES]

/** Every movement the builtin engine can perform: the kinds of the catalogue's entries. */
export type ActionKind = (typeof ENTRIES)[number]['kind']

export const MOVEMENTS: readonly Movement<ActionKind>[] = ENTRIES

const byKind = new Map<string, Movement<ActionKind>>(MOVEMENTS.map(m => [m.kind, m]))

/** The catalogue entry of `kind`. */
export function movement (kind: ActionKind): Movement<ActionKind> {
  return byKind.get(kind)!
}

const kindsWhere = (test: (m: Movement<ActionKind>) => boolean): ReadonlySet<ActionKind> =>
  new Set(MOVEMENTS.filter(test).map(m => m.kind))

/**
 * Verb word → movement: `step` (resolved by the parser from its direction), every entry's words in family order, then
 * every entry's other words; spelling correction tries them in this order and keeps the first of two as near.
 */
export const VERB_TABLE: Readonly<Record<string, ActionKind | 'step'>> = Object.fromEntries([
  ['step', 'step'],
  ...MOVEMENTS.flatMap(m => m.words.map(w => [w, m.kind] as const)),
  ...MOVEMENTS.flatMap(m => m.otherWords.map(w => [w, m.kind] as const))
])

/** The movements' own rewrites, in catalogue order: applied before the lexer's rules. */
export const MOVEMENT_RULES: readonly RewriteRule[] = MOVEMENTS.flatMap(m => m.rules)

/** What the refusal message lists: a prompt must name at least one of these. */
export const LISTED_PHRASES: readonly string[] = MOVEMENTS.flatMap(m => m.phrases.listed ?? [])

// Groups of the reader and the posture flow.
export const LOCOMOTION = kindsWhere(m => m.limbs.moves === 'legs')
export const UPPER_BODY = kindsWhere(m => m.limbs.moves === 'upperBody')
export const DANCE_STYLES = kindsWhere(m => m.limbs.moves === 'danceStyle')
export const GAITS = kindsWhere(m => m.limbs.gait)
export const SIDE_NAMES_LIMB = kindsWhere(m => m.limbs.sideBefore)
export const GOES_AGAIN = kindsWhere(m => m.ways.again)
export const STEPPING = kindsWhere(m => m.ways.stepping)
export const DODGING = kindsWhere(m => m.ways.dodges)
export const FROM_ANY_POSTURE = kindsWhere(m => m.posture.from === 'any')
export const OVER_HELD_POSTURE = kindsWhere(m => m.posture.overHeld)
export const HOLDS_GESTURE = kindsWhere(m => m.posture.holdsGesture)
export const FACES_WAY_FIRST = kindsWhere(m => m.posture.facesWayFirst)

/** The postures besides standing a movement starts from (push-ups from lying face down). */
export function floorStarts (kind: ActionKind): readonly Posture[] {
  const from = movement(kind).posture.from
  return typeof from === 'string' ? [] : from
}

/** The synthesiser of every movement. */
export const SYNTHESISERS = Object.fromEntries(MOVEMENTS.map(m => [m.kind, m.synthesise])) as Readonly<Record<ActionKind, ActionSynth>>
