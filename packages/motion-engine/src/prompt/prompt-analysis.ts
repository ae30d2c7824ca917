// Prompt understanding for the API's prompt optimizer: the actions the builtin engine reads in a prompt, in
// order, each written back as a short canonical phrase the parser reads the same way, with the length the
// engine gives it. No language model: this is exactly what generation would do with the prompt.
import { movement } from '../movements/registry.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { compose } from '../synth/compose.js'
import { createHumanoidSkeleton } from '../skeleton.js'
import { planPrompt } from './parser.js'
import { readPrompt } from './read-prompt.js'
import type { PromptReading } from './read-prompt.js'
import type { ActionSpec, TimelineEntry } from './parser.js'
import type { ActionKind, Emotion } from './vocabulary.js'

export interface AnalyzedAction {
  kind: ActionKind
  /** Canonical phrase of this action alone; generating it gives this action. */
  prompt: string
  startSeconds: number
  durationSeconds: number
  /** An upper-body action layered on this one ("walk while waving"). */
  overlay?: ActionKind
  /** How a word outside the vocabulary was read for this action ("gallop" read as "run"). */
  understood?: string
}

export interface PromptAnalysis {
  /** The canonical phrases joined in order ("…, then …"). Empty when no action was recognised. */
  optimizedPrompt: string
  actions: AnalyzedAction[]
  totalSeconds: number
  /** Every word outside the vocabulary and what it was read as, and every word ignored and why (negated, not a
   * movement); empty when every word was known. */
  understood: string[]
}

const phraseOf = (kind: ActionKind): string => movement(kind).phrases.plan
const ADVERB: Readonly<Record<Emotion, string>> = Object.fromEntries(([
  ['neutral', ''], ['happy', 'happily'], ['tired', 'tiredly'], ['angry', 'angrily'], ['sad', 'sadly'], ['confident', 'confidently'], ['sneaky', 'stealthily']
] as const)) as Record<Emotion, string>
const DIRECTION_WORDS: Readonly<Record<string, string>> = {
  diagonalLeft: 'diagonally left', diagonalRight: 'diagonally right', backward: 'backward', forward: 'forward'
}
const STYLE_WORDS: Readonly<Record<NonNullable<ActionSpec['style']>, string>> = {
  overhand: 'overhand', underhand: 'underhand', onBack: 'on the back', onFront: 'on the front', withHands: 'with hand support'
}

function round (n: number): number {
  return Math.round(n * 10) / 10
}

/** "sit down", "step back", "climb": the phrase already says the direction the parser read. */
function impliedBy (kind: ActionKind, direction: string): boolean {
  return phraseOf(kind).split(' ').includes(direction) || (kind === 'backstep' && direction === 'backward') || (kind === 'stepUp' && direction === 'up') ||
    ((kind === 'pickUp' || kind === 'standUp' || kind === 'getUp') && direction === 'up') || ((kind === 'lieDown' || kind === 'sitDown') && direction === 'down')
}

function sidePhrase (a: ActionSpec): string {
  if (a.kind === 'sideBend') return a.side === 'both' ? 'to the left and to the right' : `to the ${a.side}`
  const named = movement(a.kind).limbs.named
  if (named === 'hand') return a.side === 'both' ? 'with both hands' : `with the ${a.side} hand`
  if (a.side === 'both') return 'on both feet'
  return named === 'standingFoot' ? `on the ${a.side} foot` : named === 'leg' ? `with the ${a.side} leg` : `with the ${a.side} foot`
}

function describe (a: ActionSpec): string {
  const words = [phraseOf(a.kind)]
  if (a.kind === 'turn' || a.kind === 'spin') {
    const degrees = a.degrees ?? 90
    words.push(degrees < 0 ? 'right' : 'left', `${Math.abs(Math.round(degrees))} degrees`)
  } else if (a.direction === 'inPlace') {
    words.push('in place')
  } else if (a.kind === 'circle' && (a.direction === 'left' || a.direction === 'right')) {
    words.push(a.direction === 'left' ? 'counterclockwise' : 'clockwise')
    if (a.degrees !== undefined && a.count === undefined && Math.abs(a.degrees) !== 360) words.push(`for ${Math.abs(Math.round(a.degrees))} degrees`)
  } else if (a.direction !== undefined && !impliedBy(a.kind, a.direction)) {
    words.push(DIRECTION_WORDS[a.direction] ?? (a.direction === 'left' || a.direction === 'right' ? `to the ${a.direction}` : a.direction))
  }
  if (a.style !== undefined) words.push(STYLE_WORDS[a.style])
  if (a.from !== undefined) words.push(a.from === 'front' || a.from === 'back' ? `from the ${a.from}` : `from the ${a.from} side`)
  if (a.kind === 'pushed') words.push(a.fall === true ? 'and fall' : 'without falling')
  if (a.side !== undefined) words.push(sidePhrase(a))
  if (a.distance !== undefined) words.push(`${round(a.distance)} meters`)
  if (a.count !== undefined) words.push(movement(a.kind).countUnit === 'steps' ? `${a.count} ${a.count === 1 ? 'step' : 'steps'}` : a.count === 1 ? 'once' : `${a.count} times`)
  if (a.durationSeconds !== undefined) words.push(`for ${round(a.durationSeconds)} seconds`)
  if (a.speed < 0.95) words.push('slowly')
  else if (a.speed > 1.05) words.push('quickly')
  if (ADVERB[a.emotion] !== '') words.push(ADVERB[a.emotion])
  return words.join(' ')
}

function describeEntry (entry: TimelineEntry): string {
  return entry.overlay === undefined ? describe(entry.action) : `${describe(entry.action)} while ${describe(entry.overlay)}`
}

/** How the words outside the vocabulary were read and which were ignored, and why (parsing only, no motion is made). */
export function understandPrompt (prompt: string): string[] {
  return planPrompt(prompt).understood
}

/**
 * The actions of a prompt in order, with their canonical phrases and lengths at `fps`. Reads the prompt exactly as
 * generation does (read-prompt.ts): no movement gives no actions; a request no clip could hold throws the engine's
 * BAD_PARAMETERS, as generation would.
 */
export async function analyzePrompt (prompt: string, fps = 30): Promise<PromptAnalysis> {
  let reading: PromptReading
  try {
    reading = readPrompt(prompt)
  } catch (err) {
    if (err instanceof EngineError && err.code === ENGINE_ERROR.INVALID_INPUT) {
      return { optimizedPrompt: '', actions: [], totalSeconds: 0, understood: planPrompt(prompt).understood }
    }
    throw err
  }
  const skeleton = createHumanoidSkeleton()
  const actions: AnalyzedAction[] = []
  let start = 0
  for (const entry of reading.timeline) {
    let frames: number
    try {
      frames = (await compose({ timeline: [entry], skeleton, fps, seed: 0, variantIndex: 0 })).clip.frameCount
    } catch (err) {
      throw new EngineError(ENGINE_ERROR.GENERATION, `motion synthesis failed: ${(err as Error).message}`, { cause: err })
    }
    const durationSeconds = frames / fps
    actions.push({
      kind: entry.action.kind,
      prompt: describeEntry(entry),
      startSeconds: round(start),
      durationSeconds: round(durationSeconds),
      ...(entry.overlay === undefined ? {} : { overlay: entry.overlay.kind }),
      ...(entry.understood === undefined ? {} : { understood: entry.understood })
    })
    start += durationSeconds
  }
  return {
    optimizedPrompt: actions.map((a) => a.prompt).join(', then '),
    actions,
    totalSeconds: round(start),
    understood: reading.understood
  }
}
