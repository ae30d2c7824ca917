// Inpainting (inPaintingRequest): frame intervals of an earlier variant, trimmed by editRequest, made again from
// a prompt.
import { integer, invalid, json, numericField, text } from '../param-values.js'
import { editRequest, loadVariantClip, noDuration, sourceJob, sourceParam, type Derived, type EditRequest, type MotionMode, type MotionSettings, type SourceRef } from './motion-mode.js'

export type InpaintRequest = Derived & {
  processor: 'text2motion'
  mode: 'inpaint'
  source: SourceRef
  edit: EditRequest
  inpaint: { prompt: string, intervals: Array<{ start: number, end: number }> }
  settings: MotionSettings
}

export const inpaintMode: MotionMode<InpaintRequest> = {
  parameter: 'inPaintingRequest',
  fixedLength: 'inpainting',
  fromSource: () => true,
  parse ({ values, settings, overrides }) {
    noDuration(settings, 'inPaintingRequest')
    const request = json('inPaintingRequest', values.get('inPaintingRequest')!)
    const intervals = request.intervals
    if (!Array.isArray(intervals) || intervals.length === 0) throw invalid('inPaintingRequest', 'intervals must be a non-empty array of { start, end }')
    const parsed = intervals.map((interval: unknown) => {
      const { start, end } = (interval ?? {}) as { start?: unknown, end?: unknown }
      const s = integer('inPaintingRequest.intervals.start', numericField('inPaintingRequest.intervals.start', start), 0, 1_000_000)
      const e = integer('inPaintingRequest.intervals.end', numericField('inPaintingRequest.intervals.end', end), 0, 1_000_000)
      if (e <= s) throw invalid('inPaintingRequest', 'each interval needs frames 0 <= start < end')
      return { start: s, end: e }
    })
    return {
      processor: 'text2motion',
      mode: 'inpaint',
      source: sourceParam(values),
      edit: editRequest('editRequest', values.get('editRequest')),
      inpaint: { prompt: text('inPaintingRequest.prompt', request.prompt), intervals: parsed },
      settings,
      ...overrides
    }
  },
  sources: (request) => sourceJob(request.source),
  needsSource: true,
  prompt: (request) => request.inpaint.prompt,
  withPrompt: (request, prompt) => ({ ...request, inpaint: { ...request.inpaint, prompt } }),
  clip: async (request, { pipeline, blobs, seed, variant, options, context }) => {
    const source = pipeline.trim(await loadVariantClip(blobs, request.source), request.edit)
    return await pipeline.inpaint(source, request.inpaint, seed, variant, options, context)
  }
}
