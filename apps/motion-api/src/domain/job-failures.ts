// How failures reach clients: a failed job's details carry { exc_type, exc_message, code } with the spec's numeric
// codes, and storeModel answers with an API error. Engine, renderer and character errors carry their packages'
// own codes; they are translated here, at the boundary, through the one table in errors.ts.
import { AppError, type ErrorFactory } from '@openmotion/common'
import { CHARACTER_ERROR, CharacterError } from '@openmotion/motion-characters/errors'
import { ENGINE_ERROR, EngineError } from '@openmotion/motion-engine'
import { RENDER_ERROR, RenderError } from '@openmotion/motion-render/errors'
import { codeOf, errors } from '../errors.js'

export interface JobFailure { code: number, type: string, message: string }

const PUBLIC_ERRORS = new Map<string, ErrorFactory>([
  [ENGINE_ERROR.INVALID_INPUT, errors.INVALID_PIPELINE_INPUT],
  [ENGINE_ERROR.GENERATION, errors.GENERATION_FAILED],
  [ENGINE_ERROR.BAD_PARAMETERS, errors.BAD_GENERATION_PARAMETERS],
  [ENGINE_ERROR.TIMEOUT, errors.GENERATION_TIMEOUT],
  [RENDER_ERROR.characterLoad, errors.RENDER_CHARACTER_LOAD],
  [RENDER_ERROR.animationAttach, errors.RENDER_ANIMATION_ATTACH],
  [RENDER_ERROR.backdrop, errors.RENDER_BACKDROP],
  [RENDER_ERROR.encoder, errors.UNKNOWN_PIPELINE_ERROR],
  [CHARACTER_ERROR.meshLoad, errors.MODEL_LOAD_FAILED],
  [CHARACTER_ERROR.rig, errors.RIG_NOT_RECOGNISED],
  [CHARACTER_ERROR.retarget, errors.RETARGET_FAILED],
  [CHARACTER_ERROR.export, errors.CHARACTER_EXPORT_FAILED],
  [CHARACTER_ERROR.noSkin, errors.NO_SKINNED_MESH],
  [CHARACTER_ERROR.face, errors.FACE_BLENDSHAPES_MISSING],
  [CHARACTER_ERROR.metadata, errors.METADATA_UNREADABLE]
])

/** The API error for an engine, renderer or character error, keeping its message; any other error unchanged. */
export function toPublicError (error: unknown): unknown {
  if (!(error instanceof EngineError || error instanceof RenderError || error instanceof CharacterError)) return error
  return (PUBLIC_ERRORS.get(error.code) ?? errors.UNKNOWN_PIPELINE_ERROR)(error.message)
}

/** What a failed job reports. Anything unexpected is 498 without its message, which may hold internals. */
export function jobFailureOf (error: unknown): JobFailure {
  const type = error instanceof Error && error.name !== 'Error' ? error.name : 'PipelineError'
  const known = toPublicError(error)
  if (!(known instanceof AppError) || known.code === errors.UNKNOWN_PIPELINE_ERROR.code) {
    return { code: codeOf(errors.UNKNOWN_PIPELINE_ERROR), type, message: 'Unknown pipeline error' }
  }
  return { code: known.code as number, type, message: known.message }
}

/** The failure of a job that failed for `reason` (timeout, stuck, cancelled), named by `type`. */
export function jobFailure (reason: ErrorFactory, type: string, message: string): JobFailure {
  return { code: codeOf(reason), type, message }
}
