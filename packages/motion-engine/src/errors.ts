// The engine's own error codes, in fastify's FST_ERR_* scheme (`packageErrorCodes`). An app maps them to its public
// codes at its boundary (motion-api: 494, 501, 502, 599), so the engine stays usable outside that API.

/**
 * A package's error codes: each is `<PREFIX>_ERR_<NAME>`, as fastify names its own (FST_ERR_*), with the prefix
 * written once: `packageErrorCodes('RENDER', { encoder: 'ENCODER' }).encoder` is RENDER_ERR_ENCODER.
 */
export function packageErrorCodes<const P extends string, const T extends Record<string, string>> (prefix: P, names: T): PrefixedCodes<P, T> {
  return Object.fromEntries(Object.entries(names).map(([key, name]) => [key, `${prefix}_ERR_${name}`])) as PrefixedCodes<P, T>
}

type PrefixedCodes<P extends string, T extends Record<string, string>> = { readonly [K in keyof T]: `${P}_ERR_${T[K]}` }

export const ENGINE_ERROR = packageErrorCodes('ENGINE', {
  /** The prompt or input motion cannot be animated (no recognisable movement, an empty interval...). */
  INVALID_INPUT: 'INVALID_INPUT',
  /** Generation itself failed. */
  GENERATION: 'GENERATION',
  /** An option is malformed or out of range. */
  BAD_PARAMETERS: 'BAD_PARAMETERS',
  /** Generation took longer than allowed. */
  TIMEOUT: 'TIMEOUT'
})

export type EngineErrorCode = typeof ENGINE_ERROR[keyof typeof ENGINE_ERROR]

const NAMES: Record<EngineErrorCode, string> = {
  [ENGINE_ERROR.INVALID_INPUT]: 'Invalid pipeline input',
  [ENGINE_ERROR.GENERATION]: 'Error while generating motion',
  [ENGINE_ERROR.BAD_PARAMETERS]: 'Error parsing motion generation parameters',
  [ENGINE_ERROR.TIMEOUT]: 'Motion generation timeout'
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
