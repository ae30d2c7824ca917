// Every error a client of the relay can meet: one table, codes never reused (README lists them all).
import { SERVICE_UNAVAILABLE_MESSAGE, defineErrors, frameworkCodes } from '@openmotion/common'

export const errors = defineErrors({
  RELAY_VALIDATION: { status: 400, message: 'Invalid request', answers: ['validation'] },
  RELAY_BAD_REQUEST: { status: 400, message: 'Malformed request', answers: ['badRequest'] },
  RELAY_INVALID_JSON: { status: 400, message: 'Body is not valid JSON' },
  RELAY_UNAUTHORIZED: { status: 401, message: 'Missing or unknown API key' },
  RELAY_ADMIN_DISABLED: { status: 403, message: 'The admin API is disabled: set ADMIN_API_KEY or AUTH_JWKS_URL' },
  RELAY_NOT_FOUND: { status: 404, message: 'Not found' },
  RELAY_TENANT_NOT_FOUND: { status: 404, message: 'Tenant not found' },
  RELAY_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  RELAY_ENDPOINT_NOT_FOUND: { status: 404, message: 'Endpoint not found' },
  RELAY_MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  RELAY_DESTINATION_FORBIDDEN: { status: 422, message: 'Endpoint URL resolves to a forbidden address' },
  RELAY_INVALID_URL: { status: 422, message: 'Endpoint URL must be an absolute http(s) URL' },
  RELAY_INVALID_CURSOR: { status: 400, message: 'Invalid pagination cursor' },
  RELAY_IDEMPOTENCY_CONFLICT: { status: 409, message: 'Idempotency-Key reused with a different request body' },
  RELAY_PAYLOAD_TOO_LARGE: { status: 413, message: 'Payload exceeds MAX_PAYLOAD_BYTES', answers: ['payloadTooLarge'] },
  RELAY_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json', answers: ['unsupportedMediaType'] },
  RELAY_NOT_FOUND_ROUTE: { status: 404, message: 'Route not found', answers: ['notFound'] },
  // The database or the delivery queue cannot be reached (a restart, a network cut): retry after Retry-After seconds.
  RELAY_UNAVAILABLE: { status: 503, message: SERVICE_UNAVAILABLE_MESSAGE, answers: ['unavailable'] },
  RELAY_INTERNAL: { status: 500, message: 'Internal server error', answers: ['internal'] }
})

/** The codes of failures fastify itself detects (schema validation, bad JSON, unknown routes, body limits). */
export const frameworkErrorCodes = frameworkCodes(errors)
