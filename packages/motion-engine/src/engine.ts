// The one interface the motion-api worker talks to; engines differ only in how they produce the raw clip.
import type { MotionClip } from './clip.js'
import { ENGINE_ERROR, EngineError } from './errors.js'
import { DEFAULT_OPTIONS, motionOptionsProblem, type MotionOptions } from './motion-options.js'

export { DEFAULT_OPTIONS, type FootLockingMode, type MotionOptions } from './motion-options.js'

export interface GenerateRequest {
  prompt: string
  seed?: number
  variantIndex?: number
  /** Frames per second of the produced clip; default 30. */
  fps?: number
  options?: Partial<MotionOptions>
  /**
   * Optional length hint in seconds (editing asks for sections of a given length). The builtin engine fits its
   * timeline to it; other engines may ignore it and editing resamples whatever comes back.
   */
  durationSeconds?: number
}

export interface Progress { step: number, total: number }

export interface GenerateContext {
  signal?: AbortSignal
  onProgress?: (progress: Progress) => void
}

export interface MotionEngine {
  readonly kind: string
  generate (request: GenerateRequest, context?: GenerateContext): Promise<MotionClip>
}

export interface NormalizedRequest {
  prompt: string
  seed: number
  variantIndex: number
  fps: number
  options: MotionOptions
  durationSeconds: number | undefined
}

function bad (message: string): EngineError {
  return new EngineError(ENGINE_ERROR.BAD_PARAMETERS, message)
}

/** Validates once and fills defaults; every engine calls this first so bad input fails the same way (502). */
export function normalizeRequest (request: GenerateRequest): NormalizedRequest {
  if (typeof request?.prompt !== 'string') throw bad('prompt must be a string')
  const seed = request.seed ?? 0
  if (!Number.isInteger(seed)) throw bad('seed must be an integer')
  const variantIndex = request.variantIndex ?? 0
  if (!Number.isInteger(variantIndex) || variantIndex < 0) throw bad('variantIndex must be a non-negative integer')
  const fps = request.fps ?? 30
  if (!Number.isFinite(fps) || fps < 1 || fps > 240) throw bad('fps must be between 1 and 240')
  const o = { ...DEFAULT_OPTIONS, ...request.options }
  const problem = motionOptionsProblem(o)
  if (problem !== undefined) throw bad(problem)
  const d = request.durationSeconds
  if (d !== undefined && !(Number.isFinite(d) && d > 0 && d <= 600)) throw bad('durationSeconds must be in (0, 600]')
  return { prompt: request.prompt, seed, variantIndex, fps, options: Object.freeze(o), durationSeconds: d }
}
