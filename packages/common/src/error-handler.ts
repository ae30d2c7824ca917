// The uniform error handler: every failure leaves as `ErrorBody`. Client mistakes keep their 4xx status and a
// message that says what to fix; a database, queue or broker that cannot be reached is a 503 the client may retry
// (with Retry-After); anything else is a 500 whose internals stay in the log, tied to the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, type ErrorBody, type ErrorCode, type ErrorDetails, type FrameworkFailure } from './errors.js'
import { SERVICE_UNAVAILABLE_MESSAGE, isServiceUnavailable } from './service-unavailable.js'

/** The code each framework failure is answered with (`unavailable`: a database, queue or broker is unreachable). */
export type ErrorCodeMap = Record<FrameworkFailure, ErrorCode>

export const defaultErrorCodes: ErrorCodeMap = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL'
}

interface ValidationIssue {
  instancePath: string
  message?: string
  params?: Record<string, unknown>
}

export function errorBody (requestId: string, code: ErrorCode, message: string, details?: ErrorDetails): ErrorBody {
  return { error: { code, message, requestId, ...(details === undefined ? {} : { details }) } }
}

/** Seconds a client is told to wait after a 503: a restarting dependency is usually back within seconds. */
const RETRY_AFTER_SECONDS = 1

/** `body/email`, or `querystring/limit` for a missing property: the field a client has to fix. */
function failingField (context: string | undefined, issue: ValidationIssue): string {
  const missing = issue.params?.missingProperty
  const path = typeof missing === 'string' ? `${issue.instancePath}/${missing}` : issue.instancePath
  return `${context ?? 'request'}${path}`
}

export function installErrorHandler (app: FastifyInstance, codes: ErrorCodeMap): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    // Checked before the app's own 5xx: an AppError wrapping a lost connection is an outage too, never a 4xx.
    if (!(error instanceof AppError && error.statusCode < 500) && isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'a service this request needs is unavailable')
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(request.id, codes.unavailable, SERVICE_UNAVAILABLE_MESSAGE))
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed')
      return reply
        .status(error.statusCode)
        .send(errorBody(request.id, error.code, error.statusCode >= 500 ? 'Internal server error' : error.message, error.details))
    }
    const fastifyError = error as FastifyError
    if (fastifyError.validation !== undefined) {
      const issue = fastifyError.validation[0] as ValidationIssue | undefined
      const field = issue === undefined ? 'request' : failingField(fastifyError.validationContext, issue)
      const message = issue === undefined ? 'Invalid request' : `${field} ${issue.message ?? 'is invalid'}`
      return reply.status(400).send(errorBody(request.id, codes.validation, message, { field }))
    }
    const status = fastifyError.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = status === 413
        ? codes.payloadTooLarge
        : status === 415 ? codes.unsupportedMediaType : status === 404 ? codes.notFound : codes.badRequest
      return reply.status(status).send(errorBody(request.id, code, fastifyError.message))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(errorBody(request.id, codes.internal, 'Internal server error'))
  })

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(errorBody(request.id, codes.notFound, `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`))
  })
}
