// A loop (loopRequest): an earlier variant, or a clip generated from the loop's prompt, made seamless and
// repeated; requestedAnimationDuration fits one repetition. Numbers may be floats or numeric strings; integers
// among them are rounded like every other parameter.
import { flag, integer, invalid, json, number, numericField, text } from '../param-values.js'
import { checkKeys, fitted, loadVariantClip, sourceJob, sourceParam, type Derived, type MotionMode, type MotionSettings, type SourceRef } from './motion-mode.js'

export type FixRootMode = 'INTERPOLATION' | 'LOCKED'

export interface LoopSpec {
  numReps: number
  /** Seconds of cross-fade at the seam. */
  blendDuration: number
  fixRootMode: FixRootMode
  fixRootPositionAltitude: boolean
  fixRootPositionHorizontal: boolean
  fixRootOrientation: boolean
  fixAcrossEntireMotion: boolean
}

export type LoopRequest = Derived & {
  processor: 'text2motion'
  mode: 'loop'
  source: SourceRef | undefined
  prompt: string | undefined
  loop: LoopSpec
  settings: MotionSettings
}

export const LOOP_LIMITS = { maxReps: 20, minBlend: 0.05, maxBlend: 5, defaultBlend: 0.5 } as const

const LOOP_KEYS = [
  'numReps',
  'blendDuration',
  'prompt',
  'fixRootMode',
  'fixRootPositionAltitude',
  'fixRootPositionHorizontal',
  'fixRootOrientation',
  'fixAcrossEntireMotion'
]

export function parseLoopRequest (raw: string): { loop: LoopSpec, prompt: string | undefined } {
  const request = json('loopRequest', raw)
  checkKeys('loopRequest', request, LOOP_KEYS)
  if (request.numReps === undefined) throw invalid('loopRequest', 'numReps is required')
  const mode = request.fixRootMode ?? 'INTERPOLATION'
  if (mode !== 'INTERPOLATION' && mode !== 'LOCKED') throw invalid('loopRequest', 'fixRootMode must be INTERPOLATION or LOCKED')
  const fix = (key: string): boolean => request[key] === undefined ? false : flag(`loopRequest.${key}`, numericField(`loopRequest.${key}`, request[key]))
  const blend =
    request.blendDuration === undefined
      ? LOOP_LIMITS.defaultBlend
      : number(
        'loopRequest.blendDuration',
        String(numericField('loopRequest.blendDuration', request.blendDuration)),
        LOOP_LIMITS.minBlend,
        LOOP_LIMITS.maxBlend,
        ' seconds'
      )
  return {
    loop: {
      numReps: integer('loopRequest.numReps', numericField('loopRequest.numReps', request.numReps), 1, LOOP_LIMITS.maxReps),
      blendDuration: blend,
      fixRootMode: mode,
      fixRootPositionAltitude: fix('fixRootPositionAltitude'),
      fixRootPositionHorizontal: fix('fixRootPositionHorizontal'),
      fixRootOrientation: fix('fixRootOrientation'),
      fixAcrossEntireMotion: fix('fixAcrossEntireMotion')
    },
    prompt: request.prompt === undefined ? undefined : text('loopRequest.prompt', request.prompt)
  }
}

export const loopMode: MotionMode<LoopRequest> = {
  parameter: 'loopRequest',
  // Only a loop of an earlier variant takes that job's model and settings; a loop of a prompt is a new generation.
  fromSource: (values) => values.has('t2m_rid'),
  parse ({ values, settings, overrides }) {
    const { loop, prompt } = parseLoopRequest(values.get('loopRequest')!)
    if (values.has('t2m_rid')) {
      if (settings.numVariants > 1) { throw invalid('numVariant', 'a loop of an earlier variant has one variant; give loopRequest.prompt instead of t2m_rid for several') }
      return { processor: 'text2motion', mode: 'loop', source: sourceParam(values), prompt: undefined, loop, settings, ...overrides }
    }
    return { processor: 'text2motion', mode: 'loop', source: undefined, prompt: prompt ?? text('prompt', values.get('prompt')), loop, settings }
  },
  sources: (request) => sourceJob(request.source),
  needsSource: false,
  prompt: (request) => request.prompt,
  withPrompt: (request, prompt) => request.source === undefined ? { ...request, prompt } : request,
  clip: async (request, input) => {
    const { pipeline, blobs, seed, variant, options, context } = input
    const base = request.source !== undefined
      ? await loadVariantClip(blobs, request.source)
      : await pipeline.generate(request.prompt ?? '', seed, variant, options, context)
    const cycle = await fitted(input, base, request.settings.durationSeconds)
    const { blendDuration, ...flags } = request.loop
    return pipeline.loop(cycle, { ...flags, blendFrames: Math.round(blendDuration * cycle.fps) })
  }
}
