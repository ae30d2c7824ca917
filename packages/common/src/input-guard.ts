// Strings no store can hold: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16 surrogate cannot be
// encoded as UTF-8 (jsonb refuses it too), so either would otherwise surface as a 500 from deep inside a store.
// Apps run every part of a request (path parameters, query, JSON body, object keys included) through this before
// validation and answer a client mistake with their own validation code.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** Deeper JSON than any route accepts; stops a pathological body before it is walked any further. */
const MAX_DEPTH = 32

export interface HostileInput {
  /** The request part at fault: `params`, `querystring` or `body`. */
  part: string
  /** What is wrong with it, to follow the part's name in a message: "contains a NUL character". */
  problem: string
}

function stringProblem (value: string): string | undefined {
  if (value.includes('\u0000')) return 'contains a NUL character'
  if (LONE_SURROGATE.test(value)) return 'contains an unpaired UTF-16 surrogate'
  return undefined
}

function problemIn (value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return stringProblem(value)
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined
  if (depth > MAX_DEPTH) return `is nested deeper than ${MAX_DEPTH} levels`
  for (const [key, inner] of Object.entries(value)) {
    const problem = stringProblem(key) ?? problemIn(inner, depth + 1)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** The first part of a request carrying a string no store can hold (or nested absurdly deep), if any. */
export function findHostileInput (parts: { params?: unknown, query?: unknown, body?: unknown }): HostileInput | undefined {
  for (const [part, value] of Object.entries(parts)) {
    const problem = problemIn(value, 0)
    if (problem !== undefined) return { part: part === 'query' ? 'querystring' : part, problem }
  }
  return undefined
}

/**
 * `querystring/limit` when a path or query parameter holds Infinity or NaN after validation. ajv's type coercion
 * turns the strings "Infinity" and "1e999" into Infinity, counts it as an integer and skips minimum and maximum for
 * non-finite numbers, so `?limit=Infinity` would reach a store (a 500). createServer answers it as a validation error.
 */
export function findNonFiniteNumber (parts: { params?: unknown, querystring?: unknown }): string | undefined {
  for (const [part, value] of Object.entries(parts)) {
    if (value === null || typeof value !== 'object') continue
    for (const [name, inner] of Object.entries(value)) {
      const values: unknown[] = Array.isArray(inner) ? inner : [inner]
      if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) return `${part}/${name}`
    }
  }
  return undefined
}

/**
 * A preValidation hook that refuses a request any part of which carries hostile input, with the app's own error
 * (callback-style: it runs on every request).
 */
export function hostileInputHook (toError: (hostile: HostileInput) => Error) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const hostile = findHostileInput({ params: request.params, query: request.query, body: request.body })
    if (hostile === undefined) done()
    else done(toError(hostile))
  }
}
