// The engine's own error codes, prefixed like fastify's FST_ERR_*. An app maps them to its public codes at its
// boundary (motion-api: 494, 501, 502, 599), so the engine stays usable outside that API.
export const ENGINE_ERROR = {
  /** The prompt or input motion cannot be animated (no recognisable movement, an empty interval...). */
  INVALID_INPUT: 'ENGINE_ERR_INVALID_INPUT',
  /** Generation itself failed. */
  GENERATION: 'ENGINE_ERR_GENERATION',
  /** An option is malformed or out of range. */
  BAD_PARAMETERS: 'ENGINE_ERR_BAD_PARAMETERS',
  /** Generation took longer than allowed. */
  TIMEOUT: 'ENGINE_ERR_TIMEOUT'
} as const

export type EngineErrorCode = typeof ENGINE_ERROR[keyof typeof ENGINE_ERROR]

const NAMES: Record<EngineErrorCode, string> = {
  ENGINE_ERR_INVALID_INPUT: 'Invalid pipeline input',
  ENGINE_ERR_GENERATION: 'Error while generating motion',
  ENGINE_ERR_BAD_PARAMETERS: 'Error parsing motion generation parameters',
  ENGINE_ERR_TIMEOUT: 'Motion generation timeout'
}

/** The error base of the motion packages (engine, renderer, characters): a stable string code of the package's own. */
export class CodedError<C extends string> extends Error {
  constructor (readonly code: C, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
  }
}

export class EngineError extends CodedError<EngineErrorCode> {
  /** The spec's short meaning of the code, e.g. "Invalid pipeline input". */
  get title (): string {
    return NAMES[this.code]
  }
}

export function isEngineErrorCode (value: unknown): value is EngineErrorCode {
  return typeof value === 'string' && value in NAMES
}

/** The error thrown when a caller's AbortSignal fires; shaped like the DOMException fetch throws. */
export function abortError (signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason
  if (reason instanceof Error && reason.name === 'AbortError') return reason
  const err = new Error('generation aborted', { cause: reason })
  err.name = 'AbortError'
  return err
}

export function throwIfAborted (signal?: AbortSignal): void {
  if (signal?.aborted === true) throw abortError(signal)
}
