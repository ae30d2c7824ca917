// A rerun (rerunRequest): an earlier job's own request again (its prompt and settings, explicit parameters and a
// new prompt overriding), with its lineage. It is resolved to that request before it is stored, so a worker never
// sees a rerun.
import { errors } from '../../errors.js'
import { flag, invalid, json, numericField, text } from '../param-values.js'
import { checkKeys, sourceParam, type Derived, type MotionSettings, type SourceRef } from './motion-mode.js'
import { modeOf, type StoredText2Motion } from './stored-modes.js'

export type RerunRequest = Derived & {
  processor: 'text2motion'
  mode: 'rerun'
  source: SourceRef
  prompt: string | undefined
  overrides: Partial<MotionSettings>
  settings: MotionSettings
}

export function parseRerunRequest (raw: string): void {
  const request = json('rerunRequest', raw)
  checkKeys('rerunRequest', request, ['rerun'])
  if (request.rerun !== undefined && !flag('rerunRequest.rerun', numericField('rerunRequest.rerun', request.rerun))) { throw invalid('rerunRequest', 'rerun must be 1') }
}

export function parseRerun (values: Map<string, string>, settings: MotionSettings, explicit: Partial<MotionSettings>): RerunRequest {
  parseRerunRequest(values.get('rerunRequest')!)
  const prompt = values.get('prompt')
  return {
    processor: 'text2motion',
    mode: 'rerun',
    source: sourceParam(values),
    prompt: prompt === undefined ? undefined : text('prompt', prompt),
    overrides: explicit,
    settings
  }
}

/** The request a rerun repeats: the earlier job's (`earlier`), with the rerun's prompt and settings. */
export function resolveRerun (earlier: StoredText2Motion, request: RerunRequest): StoredText2Motion {
  const settings: MotionSettings = { ...earlier.settings, ...request.overrides }
  const mode = modeOf(earlier)
  if (settings.durationSeconds !== undefined && mode.fixedLength !== undefined) {
    throw errors.INVALID_PARAMETER(`requestedAnimationDuration: not used when rerunning a ${mode.fixedLength} job`, {
      parameter: 'requestedAnimationDuration'
    })
  }
  const prompted = request.prompt === undefined ? earlier : mode.withPrompt(earlier, request.prompt)
  return { ...prompted, settings, lineage: request.source }
}
