// Parameter, query and request body schemas shared by the route files; they also shape /openapi.json. The tenant
// API's response bodies are in @openmotion/relay-schemas, which the portal's types are derived from.
import { Type, errorResponses } from '@openmotion/common'
import { DURATION } from '../domain/duration.js'

/** The error statuses of a tenant route (bad input, unknown API key) plus `more`, all in the shared error shape. */
export const tenantErrors = (...more: number[]) => errorResponses(400, 401, ...more)
/** The error statuses of an admin route (bad input, wrong key, admin API disabled) plus `more`. */
export const adminErrors = (...more: number[]) => errorResponses(400, 401, 403, ...more)
/** Bodies and queries name their fields: an unknown one (a typo such as `evenTypes`, or 10,000 of them) is 400, not ignored. */
export const CLOSED = { additionalProperties: false }
/** A JSON body also answers 413 above the body limit and 415 for another content type. */
export const BODY_ERRORS = [413, 415]

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })

export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 250, default: 50, description: 'Page size' }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' }))
}

export const HeadersMap = Type.Record(Type.String(), Type.String({ maxLength: 1000 }), {
  maxProperties: 20,
  description: 'Extra headers sent with every delivery to this endpoint'
})

export const EndpointInputFields = {
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL deliveries are POSTed to', examples: ['https://hooks.example.com/openmotion'] }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  eventTypes: Type.Optional(
    Type.Unsafe<string[] | null>({
      type: ['array', 'null'],
      items: { type: 'string', minLength: 1, maxLength: 200 },
      minItems: 1,
      maxItems: 100,
      description: 'Exact event names or prefix wildcards like "job.*"; absent or null means all events'
    })
  ),
  disabled: Type.Optional(Type.Boolean()),
  // A type list, not a union: ajv's type coercion would turn null into 0 (or 0 into null) across union branches.
  rateLimitPerSecond: Type.Optional(
    Type.Unsafe<number | null>({
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 10_000,
      description: 'Most delivery attempts started per second for this endpoint; null means unlimited'
    })
  ),
  headers: Type.Optional(HeadersMap),
  retrySchedule: Type.Optional(
    Type.Unsafe<string[] | null>({
      type: ['array', 'null'],
      items: { type: 'string', pattern: DURATION.source },
      minItems: 1,
      maxItems: 20,
      description:
        'This endpoint\'s waits after failure 1, 2, … (durations such as "1m", each at least 1s; one attempt per entry plus the first); absent or null uses the relay\'s RETRY_SCHEDULE'
    })
  )
}
