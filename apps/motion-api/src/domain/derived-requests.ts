// The JSON parameters of the public SayMotion API that derive a job from an earlier variant
// (motion-api-public-extensions.md): rerunRequest, loopRequest, refineRequest. Numbers may be floats or numeric
// strings; integers among them are rounded like every other parameter.
import { flag, integer, invalid, json, number, numericField, text } from './param-values.js'

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

export interface RefineSpec {
  /** Steers the change; the source job's prompt when absent (resolved at submission). */
  prompt: string | undefined
  creativity: number
}

export const LOOP_LIMITS = { maxReps: 20, minBlend: 0.05, maxBlend: 5, defaultBlend: 0.5 } as const
export const DEFAULT_CREATIVITY = 0.5

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

function checkKeys (name: string, request: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(request).find((key) => !allowed.includes(key))
  if (unknown !== undefined) throw invalid(name, `unknown field ${unknown}; accepted: ${allowed.join(', ')}`)
}

export function parseRerunRequest (raw: string): void {
  const request = json('rerunRequest', raw)
  checkKeys('rerunRequest', request, ['rerun'])
  if (request.rerun !== undefined && !flag('rerunRequest.rerun', numericField('rerunRequest.rerun', request.rerun))) { throw invalid('rerunRequest', 'rerun must be 1') }
}

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

export function parseRefineRequest (raw: string): RefineSpec {
  const request = json('refineRequest', raw)
  checkKeys('refineRequest', request, ['prompt', 'creativity'])
  return {
    prompt: request.prompt === undefined || request.prompt === '' ? undefined : text('refineRequest.prompt', request.prompt),
    creativity:
      request.creativity === undefined
        ? DEFAULT_CREATIVITY
        : number('refineRequest.creativity', String(numericField('refineRequest.creativity', request.creativity)), 0, 1)
  }
}
