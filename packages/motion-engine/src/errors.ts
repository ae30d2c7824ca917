// Engine error codes are the motion API's numeric pipeline codes (spec: motion-api.md, "Errors"), so the worker can
// copy `code` into the job failure without a translation table.
export const ENGINE_ERROR = {
  INVALID_INPUT: 494,
  GENERATION: 501,
  BAD_PARAMETERS: 502,
  TIMEOUT: 599
} as const

export type EngineErrorCode = typeof ENGINE_ERROR[keyof typeof ENGINE_ERROR]

const NAMES: Record<EngineErrorCode, string> = {
  494: 'Invalid pipeline input',
  501: 'Error while generating motion',
  502: 'Error parsing motion generation parameters',
  599: 'Motion generation timeout'
}

export class EngineError extends Error {
  override name = 'EngineError'
  readonly code: EngineErrorCode

  constructor (code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }

  /** The spec's short meaning of the code, e.g. "Invalid pipeline input". */
  get title (): string {
    return NAMES[this.code]
  }
}

export function isEngineErrorCode (value: unknown): value is EngineErrorCode {
  return value === 494 || value === 501 || value === 502 || value === 599
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
