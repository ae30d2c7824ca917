// The one definition, for the three apps, of text no store can hold: PostgreSQL refuses NUL in text and jsonb, a
// lone UTF-16 surrogate cannot be encoded as UTF-8 (jsonb refuses it too), and a value longer than anything a route
// accepts can overflow a btree index entry; each would otherwise surface as a 500 from deep inside a store.
// createServer runs every header, path and query parameter and JSON body through `findHostileInput` before
// validation; credentials, GraphQL arguments and the relay's webhook event are checked with `textProblem` where
// they are read.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

/** Longest text accepted per request part, in UTF-16 code units. */
export interface TextLimits {
  /** Any header value. Node's HTTP parser caps all headers together at 16 KiB on a real socket. */
  header: number
  /** Any path or query parameter value (and query parameter name). */
  parameter: number
  /** Any string or object key anywhere in a JSON body; the body limit bounds the whole body. */
  bodyString: number
}

export const DEFAULT_TEXT_LIMITS: Readonly<TextLimits> = Object.freeze({ header: 8192, parameter: 4096, bodyString: 65_536 })

/** Deeper JSON than any route accepts; stops a pathological body before it is walked any further. */
const MAX_DEPTH = 32

/**
 * Why `value` cannot be stored, phrased to follow the value's name ("contains a NUL character"); undefined when it
 * can. The check every request runs: no regular expression, because `includes` is a memchr over the one-byte
 * strings nearly all input is, and `isWellFormed` answers at once for them (a one-byte string holds no surrogate).
 */
export function textProblem (value: string, maxLength: number): string | undefined {
  if (value.length > maxLength) return `is longer than ${maxLength} characters`
  if (value.includes('\u0000')) return 'contains a NUL character'
  if (!value.isWellFormed()) return 'contains an unpaired UTF-16 surrogate'
  return undefined
}

export interface HostileInput {
  /** The request part at fault, `headers/user-agent`, `params/id`, `querystring/limit`, `body/name` or `body`. */
  field: string
  /** What is wrong with it, to follow the field's name in a message: "contains a NUL character". */
  problem: string
}

function problemIn (value: unknown, maxLength: number, depth: number): string | undefined {
  if (typeof value === 'string') return textProblem(value, maxLength)
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined
  if (depth > MAX_DEPTH) return `is nested deeper than ${MAX_DEPTH} levels`
  // Object.keys and indexed reads, not Object.entries: no [key, value] pair is allocated per field.
  const object = value as Record<string, unknown>
  for (const key of Object.keys(object)) {
    const problem = textProblem(key, maxLength) ?? problemIn(object[key], maxLength, depth + 1)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** The first field of one part (params, query or body) that is hostile, named by its top-level key. */
function hostileField (part: string, value: unknown, maxLength: number): HostileInput | undefined {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) {
    const problem = problemIn(value, maxLength, 0)
    return problem === undefined ? undefined : { field: part, problem }
  }
  const object = value as Record<string, unknown>
  for (const key of Object.keys(object)) {
    const keyProblem = textProblem(key, maxLength)
    if (keyProblem !== undefined) return { field: part, problem: `has a field name that ${keyProblem}` }
    const problem = problemIn(object[key], maxLength, 1)
    if (problem !== undefined) return { field: `${part}/${key}`, problem }
  }
  return undefined
}

// A `%` not starting a percent-encoded byte is kept as it is by the query parser (and here).
const LONE_PERCENT = /%(?![\dA-Fa-f]{2})/g

/**
 * Whether the query of a raw request URL has percent-encoded bytes that are not UTF-8 (`%ED%A0%80`, a lone
 * surrogate's bytes). The query parser keeps such a value as its raw text instead of failing, as the router does for
 * a path, so the check reads the URL itself; only a query with a `%` in it is decoded.
 */
export function queryIsUndecodable (url: string): boolean {
  const start = url.indexOf('?')
  if (start === -1 || !url.includes('%', start)) return false
  try {
    decodeURIComponent(url.slice(start + 1).replace(LONE_PERCENT, '%25'))
    return false
  } catch {
    return true
  }
}

/**
 * The first header whose value cannot be stored. Only values are read: a header's name never reaches a store, and
 * on a socket Node's parser admits only token characters in names (and no NUL in values, so this matters most for
 * injected requests). The plain test is written out rather than calling textProblem per value: every request runs it.
 */
function hostileHeader (headers: object, maxLength: number): HostileInput | undefined {
  const values = headers as Record<string, string | string[] | undefined>
  for (const name in values) {
    const value = values[name]
    if (typeof value === 'string') {
      if (value.length <= maxLength && !value.includes('\u0000') && value.isWellFormed()) continue
    } else if (!Array.isArray(value) || value.every((item) => textProblem(item, maxLength) === undefined)) continue
    const problem = typeof value === 'string' ? textProblem(value, maxLength) : problemIn(value, maxLength, 0)
    if (problem !== undefined) return { field: `headers/${name}`, problem }
  }
  return undefined
}

export interface RequestText { url?: string, headers?: object, params?: unknown, query?: unknown, body?: unknown }

/**
 * The first field of a request carrying text no store can hold, longer than its limit or nested absurdly deep, or
 * a query that is not percent-encoded UTF-8.
 */
export function findHostileInput (parts: RequestText, limits: TextLimits = DEFAULT_TEXT_LIMITS): HostileInput | undefined {
  if (parts.url !== undefined && queryIsUndecodable(parts.url)) return { field: 'querystring', problem: 'is not valid percent-encoded UTF-8' }
  return (parts.headers === undefined ? undefined : hostileHeader(parts.headers, limits.header)) ??
    (parts.params === undefined ? undefined : hostileField('params', parts.params, limits.parameter)) ??
    (parts.query === undefined ? undefined : hostileField('querystring', parts.query, limits.parameter)) ??
    (parts.body === undefined ? undefined : hostileField('body', parts.body, limits.bodyString))
}

/**
 * preValidation hooks refusing a request any part of which is hostile, with the app's own error: one for every
 * route, one for routes whose body is checked by their own parser or resolvers (callback-style: they run on every
 * request).
 */
export function hostileInputHooks (toError: (hostile: HostileInput) => Error, limits: TextLimits = DEFAULT_TEXT_LIMITS) {
  const answer = (hostile: HostileInput | undefined, done: HookHandlerDoneFunction): void => {
    if (hostile === undefined) done()
    else done(toError(hostile))
  }
  return {
    whole: (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      answer(findHostileInput({ url: request.url, headers: request.headers, params: request.params, query: request.query, body: request.body }, limits), done)
    },
    withoutBody: (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      answer(findHostileInput({ url: request.url, headers: request.headers, params: request.params, query: request.query }, limits), done)
    }
  }
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
