// Every string a client sends (path parameters, query, JSON body, object keys included) is checked before
// validation: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16 surrogate cannot be encoded as UTF-8
// (jsonb refuses it too), so either would otherwise surface as a 500 from deep inside a store. They are client
// mistakes: 400 with code 1102 naming the part of the request at fault.
import { errors } from '../errors.js'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** Deeper JSON than any route accepts; stops a pathological body before it is walked any further. */
const MAX_DEPTH = 32

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

/** Throws 1102 when any part of the request carries a string no store can hold. */
export function rejectHostileInput (parts: { params?: unknown, query?: unknown, body?: unknown }): void {
  for (const [part, value] of Object.entries(parts)) {
    const problem = problemIn(value, 0)
    if (problem !== undefined) throw errors.INVALID_PARAMETER(`${part === 'query' ? 'querystring' : part} ${problem}`, { parameter: part })
  }
}
