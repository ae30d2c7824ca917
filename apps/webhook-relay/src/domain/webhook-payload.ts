// The spec's webhook payload `{ event, data }`, checked on the parsed JSON by POST /webhook's own body parser,
// before anything else sees it, with the relay's error codes (bodies are validated strictly, never coerced).
// `event` is stored as PostgreSQL text, so it is held to what a store can hold (common's textProblem: no NUL, no
// lone surrogate, at most MAX_EVENT_LENGTH). `data` is stored encrypted as JSON text, where a NUL or a lone
// surrogate is an escape, so its strings are the sender's; it is walked with an explicit stack and capped in depth
// and keys: a body nested 50,000 deep would otherwise overflow the stack of JSON.stringify and answer 500.
import { textProblem } from '@openmotion/common'
import { errors } from '../errors.js'

export const MAX_EVENT_LENGTH = 200
/** Deepest nesting of objects and arrays inside `data` (data itself is depth 1). */
export const MAX_DATA_DEPTH = 32
/** Most object keys and array items inside `data`, counted over the whole tree. */
export const MAX_DATA_KEYS = 10_000

export interface WebhookPayload {
  event: string
  data: Record<string, unknown>
}

const invalid = (field: string, message: string) => errors.RELAY_VALIDATION(`body/${field} ${message}`, { field: `body/${field}` })

function isPlainObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function checkEventName (event: unknown): string {
  if (event === undefined) throw invalid('event', "must have required property 'event'")
  if (typeof event !== 'string') throw invalid('event', 'must be a string')
  if (event.length === 0) throw invalid('event', `must be 1 to ${MAX_EVENT_LENGTH} characters`)
  const problem = textProblem(event, MAX_EVENT_LENGTH)
  if (problem !== undefined) throw invalid('event', problem)
  return event
}

/** Throws RELAY_VALIDATION when `data` nests deeper than MAX_DATA_DEPTH or holds more than MAX_DATA_KEYS keys. */
export function checkDataShape (data: Record<string, unknown>): void {
  const stack: { value: unknown, depth: number }[] = [{ value: data, depth: 1 }]
  let keys = 0
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item
    if (typeof value !== 'object' || value === null) continue
    if (depth > MAX_DATA_DEPTH) throw invalid('data', `must not nest deeper than ${MAX_DATA_DEPTH} levels`)
    const children = Array.isArray(value) ? value : Object.values(value)
    keys += children.length
    if (keys > MAX_DATA_KEYS) throw invalid('data', `must not hold more than ${MAX_DATA_KEYS} keys and items in total`)
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 })
  }
}

/** The payload of a parsed body, or RELAY_VALIDATION naming the field. Extra top-level fields are ignored. */
export function checkWebhookPayload (body: unknown): WebhookPayload {
  if (!isPlainObject(body)) throw errors.RELAY_VALIDATION('body must be an object with event and data', { field: 'body' })
  const event = checkEventName(body.event)
  const data = body.data
  if (data === undefined) throw invalid('data', "must have required property 'data'")
  if (!isPlainObject(data)) throw invalid('data', 'must be an object')
  checkDataShape(data)
  return { event, data }
}
