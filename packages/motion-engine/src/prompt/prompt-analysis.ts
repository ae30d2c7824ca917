// Prompt understanding for the API's prompt optimizer: the actions the builtin engine reads in a prompt, in
// order, each written back as a short canonical phrase the parser reads the same way, with the length the
// engine gives it. No language model: this is exactly what generation would do with the prompt.
import { compose } from '../synth/compose.js'
import { expandTimeline } from '../synth/posture-flow.js'
import { createHumanoidSkeleton } from '../skeleton.js'
import { parsePrompt } from './parser.js'
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
  /** Every word outside the vocabulary and what it was read as; empty when every word was known. */
  understood: string[]
}

const PHRASE: Readonly<Record<ActionKind, string>> = Object.fromEntries(([
  ['idle', 'stand idle'], ['walk', 'walk'], ['jog', 'jog'], ['run', 'run'], ['sneak', 'sneak'], ['crawl', 'crawl'], ['jump', 'jump'], ['hop', 'hop'],
  ['turn', 'turn'], ['spin', 'spin'], ['sidestep', 'sidestep'], ['backstep', 'step back'], ['stepUp', 'climb'], ['sitDown', 'sit down'],
  ['standUp', 'stand up'], ['crouch', 'crouch'], ['kneel', 'kneel'], ['lieDown', 'lie down'], ['wave', 'wave'], ['clap', 'clap'], ['point', 'point'],
  ['bow', 'bow'], ['nod', 'nod'], ['shakeHead', 'shake head'], ['punch', 'punch'], ['kick', 'kick'], ['dance', 'dance'], ['stretch', 'stretch'],
  ['lookAround', 'look around'], ['pickUp', 'pick up'], ['throw', 'throw']
] as const)) as Record<ActionKind, string>
const ADVERB: Readonly<Record<Emotion, string>> = Object.fromEntries(([
  ['neutral', ''], ['happy', 'happily'], ['tired', 'tiredly'], ['angry', 'angrily'], ['sad', 'sadly'], ['confident', 'confidently'], ['sneaky', 'stealthily']
] as const)) as Record<Emotion, string>
const STEPPED: ReadonlySet<ActionKind> = new Set(['walk', 'jog', 'run', 'sneak', 'sidestep', 'backstep', 'crawl'])

function round (n: number): number {
  return Math.round(n * 10) / 10
}

/** "sit down", "step back", "climb": the phrase already says the direction the parser read. */
function impliedBy (kind: ActionKind, direction: string): boolean {
  return PHRASE[kind].split(' ').includes(direction) || (kind === 'backstep' && direction === 'backward') || (kind === 'stepUp' && direction === 'up')
}

function describe (a: ActionSpec): string {
  const words = [PHRASE[a.kind]]
  if (a.kind === 'turn' || a.kind === 'spin') {
    const degrees = a.degrees ?? 90
    words.push(degrees < 0 ? 'right' : 'left', `${Math.abs(Math.round(degrees))} degrees`)
  } else if (a.direction === 'inPlace') {
    words.push('in place')
  } else if (a.direction !== undefined && !impliedBy(a.kind, a.direction)) {
    words.push(a.direction)
  }
  if (a.side !== undefined) words.push(a.side === 'both' ? 'with both hands' : `with the ${a.side} hand`)
  if (a.distance !== undefined) words.push(`${round(a.distance)} meters`)
  if (a.count !== undefined) words.push(STEPPED.has(a.kind) ? `${a.count} steps` : `${a.count} times`)
  if (a.durationSeconds !== undefined) words.push(`for ${round(a.durationSeconds)} seconds`)
  if (a.speed < 0.95) words.push('slowly')
  else if (a.speed > 1.05) words.push('quickly')
  if (ADVERB[a.emotion] !== '') words.push(ADVERB[a.emotion])
  return words.join(' ')
}

function describeEntry (entry: TimelineEntry): string {
  return entry.overlay === undefined ? describe(entry.action) : `${describe(entry.action)} while ${describe(entry.overlay)}`
}

/** The actions of a prompt in order, with their canonical phrases and lengths at `fps`. */
/** How the words outside the vocabulary were read (parsing only, no motion is made); empty when all were known. */
export function understandPrompt (prompt: string): string[] {
  return parsePrompt(prompt).flatMap((entry) => entry.understood ?? [])
}

export async function analyzePrompt (prompt: string, fps = 30): Promise<PromptAnalysis> {
  const parsed = parsePrompt(prompt)
  const timeline = expandTimeline(parsed)
  const skeleton = createHumanoidSkeleton()
  const actions: AnalyzedAction[] = []
  let start = 0
  for (const entry of timeline) {
    const { clip } = await compose({ timeline: [entry], skeleton, fps, seed: 0, variantIndex: 0 })
    const durationSeconds = clip.frameCount / fps
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
    understood: parsed.flatMap((entry) => entry.understood ?? [])
  }
}
