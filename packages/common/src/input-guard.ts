// Strings no store can hold: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16 surrogate cannot be
// encoded as UTF-8 (jsonb refuses it too), so either would otherwise surface as a 500 from deep inside a store.
// Apps run every part of a request (path parameters, query, JSON body, object keys included) through this before
// validation and answer a client mistake with their own validation code.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// Every request runs through this: one scan for any NUL or surrogate at all lets plain text (nearly all of it) skip
// the two precise checks.
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/
/** Deeper JSON than any route accepts; stops a pathological body before it is walked any further. */
const MAX_DEPTH = 32

export interface HostileInput {
  /** The request part at fault: `params`, `querystring` or `body`. */
  part: string
  /** What is wrong with it, to follow the part's name in a message: "contains a NUL character". */
  problem: string
}

function stringProblem (value: string): string | undefined {
  if (!SUSPECT.test(value)) return undefined
  if (value.includes('\u0000')) return 'contains a NUL character'
  if (LONE_SURROGATE.test(value)) return 'contains an unpaired UTF-16 surrogate'
  return undefined
}

function problemIn (value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return stringProblem(value)
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined
  if (depth > MAX_DEPTH) return `is nested deeper than ${MAX_DEPTH} levels`
  // Object.keys and indexed reads, not Object.entries: no [key, value] pair is allocated per field.
  const object = value as Record<string, unknown>
  for (const key of Object.keys(object)) {
    const problem = stringProblem(key) ?? problemIn(object[key], depth + 1)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** The first part of a request carrying a string no store can hold (or nested absurdly deep), if any. */
export function findHostileInput (parts: { params?: unknown, query?: unknown, body?: unknown }): HostileInput | undefined {
  for (const part of Object.keys(parts) as Array<keyof typeof parts>) {
    const problem = problemIn(parts[part], 0)
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
  for (const part of Object.keys(parts) as Array<keyof typeof parts>) {
    const value = parts[part]
    if (value === null || typeof value !== 'object') continue
    const fields = value as Record<string, unknown>
    for (const name of Object.keys(fields)) {
      const inner = fields[name]
      if (Array.isArray(inner) ? inner.some(isNonFinite) : isNonFinite(inner)) return `${part}/${name}`
    }
  }
  return undefined
}

function isNonFinite (value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value)
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
