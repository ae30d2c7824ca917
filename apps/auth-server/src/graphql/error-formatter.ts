// Only codes from the errors table reach clients. The domain throws `AppError`s: their code becomes
// `extensions.code` and their details sit beside it (`field`, `retryAfter`, `attemptsLeft`). Errors the GraphQL
// layer raises itself (parse, validation, depth/alias/cost limits, unknown field, wrong argument type) are the
// client's mistake: BAD_USER_INPUT with GraphQL's own message. A database or Redis that cannot be reached is
// SERVICE_UNAVAILABLE, and the whole answer a 503 when nothing else succeeded (the client retries it as a whole).
// Anything else thrown by a resolver is an internal error: logged with its stack, shown as "Internal server error".
import { SERVICE_UNAVAILABLE_MESSAGE, isServiceUnavailable, type Logger } from '@openmotion/common'
import type { GraphQLError, SourceLocation } from 'graphql'
import type mercurius from 'mercurius'
import { errors, isAuthError } from '../errors.js'

type FormattedExecution = Parameters<typeof mercurius.defaultErrorFormatter>[0]
interface ClientError { message: string, locations?: readonly SourceLocation[], path?: readonly (string | number)[], extensions: Record<string, unknown> }

const BAD_INPUT = errors.BAD_USER_INPUT.code
const UNAVAILABLE = errors.SERVICE_UNAVAILABLE.code
const documentError = (error: { message: string, locations?: readonly SourceLocation[] }): ClientError =>
  ({ message: error.message, locations: error.locations, extensions: { code: BAD_INPUT } })

function toClientError (error: GraphQLError, logger: Logger): ClientError[] {
  const original = error.originalError as (Error & { code?: unknown, errors?: unknown, statusCode?: unknown }) | undefined | null
  // mercurius wraps every validation failure of a document into one MER_ERR_GQL_VALIDATION carrying the list.
  if (original !== undefined && original !== null && Array.isArray(original.errors)) return (original.errors as GraphQLError[]).map(documentError)
  if (original !== undefined && original !== null && !(isAuthError(original) && original.statusCode < 500) && isServiceUnavailable(original)) {
    logger.warn({ err: original }, 'graphql resolver failed: a service it needs is unavailable')
    return [{ message: SERVICE_UNAVAILABLE_MESSAGE, locations: error.locations, path: error.path, extensions: { code: UNAVAILABLE } }]
  }
  if (isAuthError(original)) {
    if (original.statusCode >= 500) logger.error({ err: original }, 'graphql resolver failed')
    const message = original.statusCode >= 500 ? 'Internal server error' : original.message
    return [{ message, locations: error.locations, path: error.path, extensions: { ...original.details, code: original.code } }]
  }
  if (original === undefined || original === null || /^MER_ERR_GQL_/.test(String(original.code))) return [documentError(error)]
  // A request the HTTP layer refused (body too large, malformed JSON) reaches the formatter as a fastify error.
  if (typeof original.statusCode === 'number' && original.statusCode === 413) {
    return [{ message: original.message, extensions: { code: errors.PAYLOAD_TOO_LARGE.code } }]
  }
  if (typeof original.statusCode === 'number' && original.statusCode >= 400 && original.statusCode < 500) return [documentError(original)]
  logger.error({ err: original }, 'graphql resolver failed')
  return [{ message: 'Internal server error', path: error.path, extensions: { code: errors.INTERNAL.code } }]
}

/** Whether any top-level field produced a value (a partial answer is worth a 200 with its errors). */
function hasData (data: unknown): boolean {
  return data !== undefined && data !== null && Object.values(data as Record<string, unknown>).some((v) => v !== null && v !== undefined)
}

export function formatGraphqlErrors (execution: FormattedExecution, logger: Logger) {
  const clientErrors = execution.errors.flatMap((error) => toClientError(error, logger))
  // A document that cannot run at all is a 400 (413 for an oversized body); once execution started the answer is
  // 200 with `errors` (GraphQL over HTTP), so partial data is never lost behind an error status.
  const notRun = (execution.data === undefined || execution.data === null) && execution.errors.every((e) => e.path === undefined)
  const tooLarge = clientErrors.some((e) => e.extensions.code === errors.PAYLOAD_TOO_LARGE.code)
  const unavailable = clientErrors.length > 0 && clientErrors.every((e) => e.extensions.code === UNAVAILABLE) && !hasData(execution.data)
  const statusCode = unavailable
    ? 503
    : notRun && tooLarge ? 413 : notRun && clientErrors.every((e) => e.extensions.code === BAD_INPUT) ? 400 : 200
  return { statusCode, response: { data: execution.data ?? null, errors: clientErrors } }
}
