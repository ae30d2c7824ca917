// One clause → its actions. The action words are found by lemma; numbers, units, sides and directions bind to the
// action word they follow (or, before any, to the first), so "walk three steps and jump twice" counts each its own.
// Negated action words are dropped and reported; unlisted verbs are read by meaning (WordNet), non-words by spelling.
import { combine } from './combine.js'
import type { Found, Mods, Word } from './found.js'
import { alongShape } from './path-shapes.js'
import type { ActionSpec } from './plan.js'
import { DETERMINERS, DIRECTIONS } from './vocabulary.js'
import type { ActionKind, Emotion } from './vocabulary.js'
import { meaningOf } from './word-meaning.js'
import { ANY_BODY_PART, WALKING } from './word-groups.js'
import { BINDERS, modsOf } from './clause-binders.js'
import type { At, ClauseState } from './clause-binders.js'
import {
  isWord, likeBefore, movedPartAt, negatedAt, neighbours, partMovement, PATH_LEADS, PEOPLE, spelledAction, spelledPath, TURN_FRACTIONS
} from './clause-words.js'
import type { ClauseToken } from './clause-words.js'
export type { ClauseToken } from './clause-words.js'

export interface ClauseParse {
  actions: ActionSpec[]
  emotion: Emotion | undefined
  /** How words were read or why they were left out, for the plan's `understood` notes. */
  notes: string[]
}

/**
 * One clause's actions: every word is offered to the modifier binders (clause-binders.ts) in their order; what no
 * action word was found for is then read by the meaning or spelling of the words. `seen` is told each binder that
 * binds a word.
 */
export function parseClause (tokens: readonly ClauseToken[], inherited: Emotion, seen: (binder: string) => void = () => {}): ClauseParse {
  const words = tokens.map(t => (t.type === 'word' ? t.text : ''))
  const s: ClauseState = {
    tokens,
    words,
    found: [],
    notes: [],
    pre: {},
    emotion: undefined,
    speed: 1,
    very: false,
    pendingNumber: undefined,
    nextMods: undefined,
    ignored: new Map(),
    bothParts: false,
    hasWord: (...w: string[]) => w.some(x => words.includes(x))
  }
  const { found, notes, pre, hasWord } = s
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    const why = s.ignored.get(i)
    if (why !== undefined) {
      notes.push(`"${t.type === 'number' ? t.value : t.text}" ignored: ${why}`)
      continue
    }
    if (t.type === 'number') { s.pendingNumber = t.value; continue }
    const next = tokens[i + 1]
    const prev = tokens[i - 1]
    const at: At = { i, t, w: t.text, nextWord: isWord(next) ? next : undefined, prevWord: isWord(prev) ? prev.text : undefined }
    s.bothParts = false
    const binder = BINDERS.find(b => b.bind(s, at))
    if (binder !== undefined) seen(binder.id)
  }
  // A number at the clause's end counts the last action ("jumps 3").
  const last = s.pendingNumber
  if (last !== undefined && modsOf(s).count === undefined && last >= 1 && Number.isInteger(last)) modsOf(s).count = last

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
  const speed = s.very ? 1 + (s.speed - 1) * 1.6 : s.speed
  const actions = alongShape(combine(found.filter(f => !f.negated), hasWord).map(f => toSpec(f, speed, s.emotion ?? inherited, hasWord)), hasWord)
  return { actions, emotion: s.emotion, notes }
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
