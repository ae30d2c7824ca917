// Prompt → timeline of actions. Clauses are split on "then"/"and"/commas (sequence) and "while"/"as" (layered);
// inside a clause the first action word is the action and the numbers, units and adverbs around it its parameters.
import { closestAction } from './closest-action.js'
import { lex } from './lexer.js'
import type { Token } from './lexer.js'
import { DIRECTIONS, EMOTIONS, NUMBER_WORDS, REPEAT_WORDS, SPEEDS, VERBS } from './vocabulary.js'
import type { ActionKind, Direction, Emotion } from './vocabulary.js'

export type Side = 'left' | 'right' | 'both'

export interface ActionSpec {
  kind: ActionKind
  /** Repetitions (steps for locomotion, jumps, waves...), when the prompt gives one. */
  count?: number
  durationSeconds?: number
  /** Metres to travel, for locomotion ("walk 5 meters"). */
  distance?: number
  /** Turn angle in degrees, positive = to the character's left. */
  degrees?: number
  direction?: Direction
  side?: Side
  /** Tempo multiplier from speed adverbs (1 = normal). */
  speed: number
  /** Pace of a path action ("run in a circle"). */
  gait?: 'walk' | 'jog' | 'run'
  emotion: Emotion
  /** How the action is done: throw overhand/underhand, lie on the back/front, kneel or get up with hand support. */
  style?: 'overhand' | 'underhand' | 'onBack' | 'onFront' | 'withHands'
  /** `pushed`: whether the push knocks the person down. */
  fall?: boolean
  /** `pushed`: the side the push comes from. */
  from?: 'front' | 'back' | 'left' | 'right'
}

export interface TimelineEntry {
  action: ActionSpec
  /** An upper-body action played at the same time ("walk while waving"). */
  overlay?: ActionSpec
  /** How an unknown word was understood, when the closest-action fallback was used. */
  understood?: string
}

type Word = Extract<Token, { type: 'word' }>
type Clause = { mode: 'sequence' | 'simultaneous', tokens: Exclude<Token, { type: 'separator' }>[] }

const LOCOMOTION: ReadonlySet<ActionKind> = new Set(['walk', 'jog', 'run', 'sneak', 'sidestep', 'backstep', 'crawl', 'skip', 'stomp', 'march', 'limp',
  'stagger', 'circle', 'zigzag', 'carry'])
const UPPER_BODY: ReadonlySet<ActionKind> = new Set(['wave', 'clap', 'point', 'nod', 'shakeHead', 'lookAround', 'punch', 'throw', 'stretch', 'salute',
  'cheer', 'shrug', 'crossArms', 'handsOnHips', 'scratchHead', 'think', 'beckon', 'fistPump', 'thumbsUp', 'facepalm', 'yawn', 'flap', 'swim', 'headbang'])
const PACES: Readonly<Record<string, ActionSpec['gait']>> = { walk: 'walk', march: 'walk', sneak: 'walk', jog: 'jog', skip: 'jog', run: 'run' }
const DANCE_STYLES: ReadonlySet<ActionKind> = new Set(['hipHop', 'salsa', 'disco', 'ballet', 'robot'])
const LIMB_WORDS = new Set(['hand', 'arm', 'fist', 'leg', 'foot', 'feet', 'hands', 'arms', 'legs'])
const UNIT_SECONDS: Readonly<Record<string, number>> = {
  second: 1,
  seconds: 1,
  sec: 1,
  secs: 1,
  s: 1,
  minute: 60,
  minutes: 60,
  min: 60,
  hour: 3600,
  hours: 3600
}
const UNIT_METRES: Readonly<Record<string, number>> = { meter: 1, meters: 1, metre: 1, metres: 1, m: 1, feet: 0.3048, foot: 0.3048 }
const TURN_FRACTIONS: Readonly<Record<string, number>> = { quarter: 90, half: 180, full: 360, whole: 360, complete: 360 }

function splitClauses (tokens: Token[]): Clause[] {
  const clauses: Clause[] = [{ mode: 'sequence', tokens: [] }]
  for (const t of tokens) {
    if (t.type === 'separator') {
      const last = clauses[clauses.length - 1]!
      // "and then", ", then": consecutive separators collapse; a simultaneous marker wins.
      if (last.tokens.length === 0) last.mode = t.mode === 'simultaneous' ? 'simultaneous' : last.mode
      else clauses.push({ mode: t.mode, tokens: [] })
    } else {
      clauses[clauses.length - 1]!.tokens.push(t)
    }
  }
  return clauses.filter(c => c.tokens.length > 0)
}

/** Whether "a"/"an" before this word is a quantity ("a few", "a second", "a jump") rather than an article. */
function isCountable (w: Word): boolean {
  return NUMBER_WORDS[w.text] !== undefined || UNIT_SECONDS[w.text] !== undefined || UNIT_METRES[w.text] !== undefined ||
    verbOf(w) !== undefined
}

function verbOf (w: Word): ActionKind | 'step' | undefined {
  for (const b of w.bases) {
    const v = VERBS[b]
    if (v !== undefined) return v
  }
  return undefined
}

function wordAt (tokens: Clause['tokens'], i: number): Word | undefined {
  const t = tokens[i]
  return t?.type === 'word' ? t : undefined
}

interface ClauseParse { actions: ActionSpec[], emotion: Emotion | undefined }

function parseClause (tokens: Clause['tokens'], inherited: Emotion): ClauseParse {
  const verbs: { kind: ActionKind | 'step', at: number }[] = []
  let emotion: Emotion | undefined
  let speed = 1
  let very = false
  let count: number | undefined
  let duration: number | undefined
  let distance: number | undefined
  let degrees: number | undefined
  let direction: Direction | undefined
  let side: Side | undefined
  let pendingNumber: number | undefined
  const words = tokens.map(t => (t.type === 'word' ? t.text : ''))
  const hasWord = (w: string) => words.includes(w)

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (t.type === 'number') { pendingNumber = t.value; continue }
    const w = t.text
    const next = wordAt(tokens, i + 1)
    if (NUMBER_WORDS[w] !== undefined && (w !== 'a' && w !== 'an' ? true : next !== undefined && isCountable(next))) {
      // "a few", "a couple of": the second word carries the value.
      pendingNumber = NUMBER_WORDS[w]
      if (TURN_FRACTIONS[w] !== undefined && next !== undefined && ['turn', 'circle', 'rotation', 'spin'].includes(next.bases.at(-1) ?? '')) {
        degrees = TURN_FRACTIONS[w]
      }
      continue
    }
    if (TURN_FRACTIONS[w] !== undefined && next !== undefined && /^(turn|circle|rotation|spin)/.test(next.text)) {
      degrees = TURN_FRACTIONS[w]
      continue
    }
    if (REPEAT_WORDS[w] !== undefined) { count = REPEAT_WORDS[w]; continue }
    if (w === 'very' || w === 'really' || w === 'extremely') { very = true; continue }
    if (UNIT_SECONDS[w] !== undefined && pendingNumber !== undefined) {
      duration = pendingNumber * UNIT_SECONDS[w]!
      pendingNumber = undefined
      continue
    }
    if (UNIT_METRES[w] !== undefined && pendingNumber !== undefined) {
      distance = pendingNumber * UNIT_METRES[w]!
      pendingNumber = undefined
      continue
    }
    if ((w === 'degrees' || w === 'degree' || w === 'deg') && pendingNumber !== undefined) {
      degrees = pendingNumber
      pendingNumber = undefined
      continue
    }
    if ((w === 'times' || w === 'time' || w === 'reps' || w === 'repetitions') && pendingNumber !== undefined) {
      count = pendingNumber
      pendingNumber = undefined
      continue
    }
    const verb = verbOf(t)
    if (verb !== undefined) {
      if (pendingNumber !== undefined && w !== t.bases[t.bases.length - 1]) {
        // A number before a plural noun form of an action ("three steps", "two jumps") is its count.
        count = pendingNumber
        pendingNumber = undefined
      }
      if (verb === 'shakeHead' && !hasWord('head')) continue
      // "walk three steps": a step noun after a locomotion verb only counts, it is not a second action.
      if (verb === 'step' && verbs.some(v => LOCOMOTION.has(v.kind as ActionKind) || v.kind === 'step')) continue
      if (!verbs.some(v => v.kind === verb)) verbs.push({ kind: verb, at: i })
      continue
    }
    const e = EMOTIONS[w]
    if (e !== undefined) { emotion = e; continue }
    const s = SPEEDS[w]
    if (s !== undefined) { speed = s; continue }
    const d = DIRECTIONS[w]
    if (d !== undefined) {
      if ((d === 'left' || d === 'right') && next !== undefined && LIMB_WORDS.has(next.text)) side = d
      else if (d === 'around') direction = direction ?? 'around'
      else if ((d === 'up' || d === 'down') && direction !== undefined) continue
      else direction = d
      continue
    }
    if (w === 'both') { side = 'both'; continue }
    if (w === 'sideways' || w === 'aside' || w === 'sidewards') { direction = direction ?? 'right'; continue }
    if (w === 'place' || w === 'spot') { if (direction === undefined) direction = 'inPlace'; continue }
    if (pendingNumber !== undefined && verbs.length > 0 && count === undefined && !LIMB_WORDS.has(w)) {
      count = pendingNumber
      pendingNumber = undefined
    }
  }
  if (pendingNumber !== undefined && count === undefined && pendingNumber >= 1 && Number.isInteger(pendingNumber)) count = pendingNumber
  if (very) speed = 1 + (speed - 1) * 1.6
  const style = emotion ?? inherited

  // Word combinations that name one movement: "run in a circle", "walk up the stairs", "salsa dance".
  const has = (k: string) => verbs.some(v => v.kind === k)
  const pace = verbs.find(v => PACES[v.kind] !== undefined)
  let gait: ActionSpec['gait']
  if ((has('circle') || has('zigzag')) && pace !== undefined) {
    gait = PACES[pace.kind]
    verbs.splice(verbs.indexOf(pace), 1)
  }
  if (has('stepUp')) for (const g of ['walk', 'run', 'jog']) { const i = verbs.findIndex(v => v.kind === g); if (i >= 0) verbs.splice(i, 1) }
  if (verbs.some(v => DANCE_STYLES.has(v.kind as ActionKind)) && has('dance')) verbs.splice(verbs.findIndex(v => v.kind === 'dance'), 1)

  const actions = verbs.map(({ kind }, index): ActionSpec => {
    const resolved = resolveStep(kind, direction, hasWord)
    const spec: ActionSpec = { kind: resolved, speed, emotion: style }
    if (gait !== undefined && (resolved === 'circle' || resolved === 'zigzag')) spec.gait = gait
    // Modifiers belong to the clause's first action; later verbs in the same clause get none.
    if (index === 0) {
      if (count !== undefined) spec.count = Math.max(1, Math.round(count))
      if (duration !== undefined) spec.durationSeconds = duration
      if (distance !== undefined) spec.distance = distance
      if (degrees !== undefined) spec.degrees = degrees
      if (direction !== undefined) spec.direction = direction
    }
    if (side !== undefined) spec.side = side
    if (resolved === 'turn' || resolved === 'spin') applyTurnSign(spec)
    return spec
  })
  return { actions, emotion }
}

function resolveStep (kind: ActionKind | 'step', direction: Direction | undefined, hasWord: (w: string) => boolean): ActionKind {
  if (kind === 'stepUp' && (hasWord('down') && !hasWord('up'))) return 'stepUp'
  if (kind !== 'step') {
    if (kind === 'idle' && hasWord('up')) return 'standUp'
    return kind
  }
  if (direction === 'up') return 'stepUp'
  if (direction === 'backward') return 'backstep'
  if (direction === 'left' || direction === 'right' || hasWord('sideways') || hasWord('aside') || hasWord('side')) return 'sidestep'
  return 'walk'
}

function applyTurnSign (spec: ActionSpec): void {
  const magnitude = Math.abs(spec.degrees ?? (spec.kind === 'spin' ? 360 : spec.direction === 'around' ? 180 : 90))
  spec.degrees = spec.direction === 'right' ? -magnitude : magnitude
}

/**
 * Parses a prompt. A prompt whose words name no known movement is read through its closest-spelled movement word
 * (typos, unlisted forms); the timeline is empty only when nothing in it is a movement (the engine's 494).
 */
export function parsePrompt (prompt: string): TimelineEntry[] {
  const timeline = parseKnown(prompt)
  if (timeline.length > 0) return timeline
  for (const t of lex(prompt)) {
    if (t.type !== 'word') continue
    const near = t.bases.map(closestAction).find(c => c !== undefined)
    if (near !== undefined) {
      const [entry] = parseKnown(prompt.toLowerCase().replace(new RegExp(`\\b${t.text}\\b`), near.word))
      if (entry !== undefined) return [{ ...entry, understood: `"${t.text}" read as "${near.word}"` }]
    }
  }
  return []
}

function parseKnown (prompt: string): TimelineEntry[] {
  const clauses = splitClauses(lex(prompt))
  const firstEmotion = clauses.map(c => parseClause(c.tokens, 'neutral').emotion).find(e => e !== undefined)
  let emotion: Emotion = firstEmotion ?? 'neutral'
  const timeline: TimelineEntry[] = []
  for (const clause of clauses) {
    const { actions, emotion: own } = parseClause(clause.tokens, emotion)
    if (own !== undefined) emotion = own
    for (const [i, action] of actions.entries()) {
      const prev = timeline[timeline.length - 1]
      const layered = (i === 0 && clause.mode === 'simultaneous') || i > 0
      if (layered && prev !== undefined && prev.overlay === undefined) {
        if (LOCOMOTION.has(prev.action.kind) && UPPER_BODY.has(action.kind)) { prev.overlay = action; continue }
        if (UPPER_BODY.has(prev.action.kind) && LOCOMOTION.has(action.kind)) {
          timeline[timeline.length - 1] = { action: { ...action, emotion: prev.action.emotion }, overlay: prev.action }
          continue
        }
      }
      timeline.push({ action })
    }
  }
  return timeline
}
