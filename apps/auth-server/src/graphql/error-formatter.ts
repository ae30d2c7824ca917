// Only codes from the documented set reach clients. Errors the GraphQL layer raises itself (parse, validation,
// query depth, unknown field, wrong argument type) are the client's mistake: BAD_USER_INPUT with GraphQL's own
// message. Anything else thrown by a resolver is an internal error: logged with its stack, shown as
// "Internal server error".
import type { Logger } from '@openmotion/common'
import type { GraphQLError, SourceLocation } from 'graphql'
import type mercurius from 'mercurius'
import { AUTH_ERROR_CODES } from '../errors.js'

type FormattedExecution = Parameters<typeof mercurius.defaultErrorFormatter>[0]
interface ClientError { message: string, locations?: readonly SourceLocation[], path?: readonly (string | number)[], extensions: Record<string, unknown> }

const documentError = (error: { message: string, locations?: readonly SourceLocation[] }): ClientError =>
  ({ message: error.message, locations: error.locations, extensions: { code: 'BAD_USER_INPUT' } })

function toClientError (error: GraphQLError, logger: Logger): ClientError[] {
  const original = error.originalError as (Error & { code?: unknown, errors?: unknown, extensions?: { code?: unknown } }) | undefined | null
  // mercurius wraps every validation failure of a document into one MER_ERR_GQL_VALIDATION carrying the list.
  if (original !== undefined && original !== null && Array.isArray(original.errors)) return (original.errors as GraphQLError[]).map(documentError)
  const code = error.extensions?.code ?? original?.extensions?.code
  if (typeof code === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(code)) {
    return [{ message: error.message, locations: error.locations, path: error.path, extensions: { ...error.extensions, code } }]
  }
  if (original === undefined || original === null || /^MER_ERR_GQL_/.test(String(original.code))) return [documentError(error)]
  logger.error({ err: original }, 'graphql resolver failed')
  return [{ message: 'Internal server error', path: error.path, extensions: { code: 'INTERNAL' } }]
}

export function formatGraphqlErrors (execution: FormattedExecution, logger: Logger) {
  const errors = execution.errors.flatMap((error) => toClientError(error, logger))
  // A document that cannot run at all is a 400; once execution started the answer is 200 with `errors`
  // (GraphQL over HTTP), so partial data is never lost behind an error status.
  const statusCode = execution.data === undefined || execution.data === null ? (errors.every((e) => e.extensions.code === 'BAD_USER_INPUT') && execution.errors.every((e) => e.path === undefined) ? 400 : 200) : 200
  return { statusCode, response: { data: execution.data ?? null, errors } }
}
