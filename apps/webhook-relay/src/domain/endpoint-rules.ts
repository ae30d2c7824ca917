// What an endpoint registration must satisfy beyond its JSON schema: a usable http(s) URL that does not point
// into a private network, well-formed event filters, and custom headers that cannot forge the relay's own.
import { errors } from '../errors.js'
import { assertPublicDestination, ForbiddenDestinationError } from './destination-guard.js'
import { durationMs } from './duration.js'
import { isValidEventPattern } from './event-filter.js'

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// Headers the relay sets itself or that would break the HTTP exchange.
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'user-agent'
])

export async function checkEndpointUrl (text: string, allowPrivate: boolean): Promise<string> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw errors.RELAY_INVALID_URL()
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    throw errors.RELAY_INVALID_URL('Endpoint URL must be an absolute http(s) URL without credentials')
  }
  if (!allowPrivate) {
    try {
      await assertPublicDestination(url)
    } catch (error) {
      if (error instanceof ForbiddenDestinationError) throw errors.RELAY_DESTINATION_FORBIDDEN(error.message, { address: error.address })
      throw errors.RELAY_INVALID_URL(`Endpoint host ${url.hostname} does not resolve`)
    }
  }
  return url.toString()
}

export function checkEventTypes (patterns: readonly string[] | null | undefined): void {
  const bad = patterns?.find((p) => !isValidEventPattern(p))
  if (bad !== undefined) {
    throw errors.RELAY_VALIDATION(`eventTypes entry ${JSON.stringify(bad)} is not an event name or a prefix wildcard like "job.*"`, {
      field: 'body/eventTypes'
    })
  }
}

export function checkHeaders (headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined
  const normalised: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(lower) || lower.startsWith('webhook-')) {
      throw errors.RELAY_VALIDATION(`header ${JSON.stringify(name)} cannot be set on deliveries`, { field: 'body/headers' })
    }
    if (/[\r\n\0]/.test(value)) throw errors.RELAY_VALIDATION(`header ${name} has an invalid value`, { field: 'body/headers' })
    normalised[lower] = value
  }
  return normalised
}

/** A tenant's own retry schedule: each wait at least a second, so a schedule cannot turn the relay on its owner. */
export function checkRetrySchedule (schedule: readonly string[] | null | undefined): void {
  const tooShort = schedule?.find((entry) => durationMs(entry) < 1000)
  if (tooShort !== undefined) { throw errors.RELAY_VALIDATION(`retrySchedule entry ${JSON.stringify(tooShort)} is shorter than 1s`, { field: 'body/retrySchedule' }) }
}
