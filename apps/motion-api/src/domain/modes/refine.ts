// A refinement (refineRequest): a variation near an earlier variant, steered by a prompt (the earlier job's when
// none is given, resolved at submission); requestedAnimationDuration fits the refined clip.
import { json, number, numericField, text } from '../param-values.js'
import { checkKeys, fitted, loadVariantClip, sourceJob, sourceParam, type Derived, type MotionMode, type MotionSettings, type SourceRef } from './motion-mode.js'

export interface RefineSpec {
  /** Steers the change; the source job's prompt when absent (resolved at submission). */
  prompt: string | undefined
  creativity: number
}

export type RefineRequest = Derived & { processor: 'text2motion', mode: 'refine', source: SourceRef, refine: RefineSpec, settings: MotionSettings }

export const DEFAULT_CREATIVITY = 0.5

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

export const refineMode: MotionMode<RefineRequest> = {
  parameter: 'refineRequest',
  fromSource: () => true,
  parse ({ values, settings, overrides }) {
    const refine = parseRefineRequest(values.get('refineRequest')!)
    return {
      processor: 'text2motion',
      mode: 'refine',
      source: sourceParam(values),
      refine: { ...refine, prompt: refine.prompt ?? values.get('prompt') },
      settings,
      ...overrides
    }
  },
  sources: (request) => sourceJob(request.source),
  needsSource: true,
  prompt: (request) => request.refine.prompt,
  withPrompt: (request, prompt) => ({ ...request, refine: { ...request.refine, prompt } }),
  clip: async (request, input) => {
    const { pipeline, blobs, seed, variant, options, context } = input
    const source = await loadVariantClip(blobs, request.source)
    const refined = await pipeline.refine(source, { prompt: request.refine.prompt ?? '', creativity: request.refine.creativity }, seed, variant, options, context)
    return await fitted(input, refined, request.settings.durationSeconds)
  }
}
