// One error type for all three services, in the spirit of @fastify/error: a stable code, an HTTP status and a
// message. Each app declares its codes once in a table (`defineErrors`), so a code is never reused or invented
// inline, and the error handler can turn any AppError into the uniform response shape.

export type ErrorCode = string | number

export interface ErrorDetails { [key: string]: unknown }

export class AppError extends Error {
  readonly code: ErrorCode
  readonly statusCode: number
  readonly details: ErrorDetails | undefined

  constructor (code: ErrorCode, message: string, statusCode: number, options: { details?: ErrorDetails, cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.statusCode = statusCode
    this.details = options.details
  }
}

/** Failures fastify itself detects, outside any route's code: each app names the code it answers them with. */
export type FrameworkFailure = 'validation' | 'badRequest' | 'notFound' | 'payloadTooLarge' | 'unsupportedMediaType' | 'unavailable' | 'internal'

export interface ErrorSpec {
  status: number
  message: string
  /** The code clients see; defaults to the table key. Numeric codes (e.g. 1102) are allowed. */
  code?: ErrorCode
  /** The framework failures answered with this code (`frameworkCodes` collects them for the error handler). */
  answers?: readonly FrameworkFailure[]
}

export type ErrorFactory = ((message?: string, details?: ErrorDetails) => AppError) & {
  code: ErrorCode
  status: number
  answers: readonly FrameworkFailure[]
}

/** Turns `{ NOT_FOUND: { status: 404, message: 'Not found' } }` into `errors.NOT_FOUND(message?, details?)`. */
export function defineErrors<K extends string> (table: Record<K, ErrorSpec>): Record<K, ErrorFactory> {
  const factories = {} as Record<K, ErrorFactory>
  const seen = new Set<ErrorCode>()
  for (const key of Object.keys(table) as K[]) {
    const spec = table[key]
    const code = spec.code ?? key
    if (seen.has(code)) throw new Error(`error code ${String(code)} is declared twice`)
    seen.add(code)
    const factory = (message?: string, details?: ErrorDetails) =>
      new AppError(code, message ?? spec.message, spec.status, details === undefined ? {} : { details })
    factories[key] = Object.assign(factory, { code, status: spec.status, answers: spec.answers ?? [] })
  }
  return factories
}

/** The code each framework failure is answered with, as the table's `answers` fields declare it. */
export function frameworkCodes (factories: Record<string, ErrorFactory>): Partial<Record<FrameworkFailure, ErrorCode>> {
  const codes: Partial<Record<FrameworkFailure, ErrorCode>> = {}
  for (const factory of Object.values(factories)) {
    for (const failure of factory.answers) {
      if (codes[failure] !== undefined) throw new Error(`the framework failure ${failure} is answered by two codes`)
      codes[failure] = factory.code
    }
  }
  return codes
}

/** The one JSON error body every service returns. */
export interface ErrorBody {
  error: {
    code: ErrorCode
    message: string
    requestId: string
    details?: ErrorDetails
  }
}
