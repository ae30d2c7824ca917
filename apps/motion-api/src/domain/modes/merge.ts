// Merging (mergingRequest): an earlier variant and a second one, each trimmed, joined by a generated transition.
import { integer, invalid, json, text } from '../param-values.js'
import { editRequest, loadVariantClip, noDuration, sourceJob, sourceParam, type Derived, type EditRequest, type MotionMode, type MotionSettings, type SourceRef } from './motion-mode.js'

export type MergeRequest = Derived & {
  processor: 'text2motion'
  mode: 'merge'
  source: SourceRef
  edit: EditRequest
  merge: { source: SourceRef, edit: EditRequest, prompt: string, blendDuration: number }
  settings: MotionSettings
}

export const mergeMode: MotionMode<MergeRequest> = {
  parameter: 'mergingRequest',
  fixedLength: 'merging',
  fromSource: () => true,
  parse ({ values, settings, overrides }) {
    noDuration(settings, 'mergingRequest')
    const request = json('mergingRequest', values.get('mergingRequest')!)
    const blendDuration = request.blendDuration ?? 0.5
    if (typeof blendDuration !== 'number' || !(blendDuration >= 0 && blendDuration <= 10)) { throw invalid('mergingRequest', 'blendDuration must be a number of seconds from 0 to 10') }
    const mergedSource = { rid: text('mergingRequest.t2m_rid', request.t2m_rid, 64), variantId: String(request.variant_id ?? '') }
    if (mergedSource.variantId === '') throw invalid('mergingRequest', 'variant_id is required')
    mergedSource.variantId = String(integer('mergingRequest.variant_id', mergedSource.variantId, 1, 1000))
    return {
      processor: 'text2motion',
      mode: 'merge',
      source: sourceParam(values),
      edit: editRequest('editRequest', values.get('editRequest')),
      merge: {
        source: mergedSource,
        edit: editRequest('mergingRequest.editRequest', request.editRequest),
        prompt: text('mergingRequest.prompt', request.prompt),
        blendDuration
      },
      settings,
      ...overrides
    }
  },
  sources: (request) => [...sourceJob(request.source), { ref: request.merge.source, parameter: 'mergingRequest' }],
  needsSource: true,
  prompt: (request) => request.merge.prompt,
  withPrompt: (request, prompt) => ({ ...request, merge: { ...request.merge, prompt } }),
  clip: async (request, { pipeline, blobs, seed, variant, options, context }) => {
    const clipA = await loadVariantClip(blobs, request.source)
    const clipB = await loadVariantClip(blobs, request.merge.source)
    const blendFrames = Math.round(request.merge.blendDuration * clipA.fps)
    const second = { prompt: request.merge.prompt, blendFrames, clipB, editB: request.merge.edit }
    return await pipeline.merge(clipA, request.edit, second, seed, variant, options, context)
  }
}
