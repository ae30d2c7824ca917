// Which failures mean "a service this process depends on is away" (PostgreSQL restarting, Redis or the Kafka broker
// unreachable) rather than a bug: the error handler answers those with a 503 the client may retry, not a 500. The
// drivers say so in different ways (socket error codes, SQLSTATE classes, error class names, plain messages), and
// wrap each other (a pool error around a socket error, kafkajs' retries-exceeded around a connection error), so the
// whole `cause` chain is read.

// Socket-level: the server refused, reset or never answered the connection.
// Name resolution failures are left out: the relay resolves clients' endpoint URLs, and an unknown host there is theirs.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'])

// PostgreSQL SQLSTATEs: class 08 is "connection exception"; 57P01–57P03 are a server shutting down or starting
// up (admin_shutdown, crash_shutdown, cannot_connect_now); 53300 is too_many_connections while it recovers.
const POSTGRES_STATES = /^(08...|57P0[1-3]|53300)$/

// node-postgres and ioredis report a lost connection with a plain Error and one of these messages.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection is closed.',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  'PGlite is closed'
]

// kafkajs' errors for a broker that cannot be reached or does not answer in time. Its retries-exceeded wrapper is
// judged by its cause: it also wraps protocol errors that no restart cures.
const KAFKA_ERRORS = new Set(['KafkaJSConnectionError', 'KafkaJSConnectionClosedError', 'KafkaJSBrokerNotFound', 'KafkaJSRequestTimeoutError'])

const REDIS_ERRORS = new Set(['MaxRetriesPerRequestError'])

// The AWS SDK's names for an S3 server that is overloaded, restarting or did not answer in time (a refused
// connection carries its socket code).
const S3_ERRORS = new Set(['ServiceUnavailable', 'SlowDown', 'TimeoutError', 'RequestTimeout'])

interface ErrorLike { code?: unknown, name?: unknown, message?: unknown, cause?: unknown, errors?: unknown }

function isUnavailableOne (error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined
  if (code !== undefined && (SOCKET_CODES.has(code) || POSTGRES_STATES.test(code))) return true
  if (typeof error.name === 'string' && (KAFKA_ERRORS.has(error.name) || REDIS_ERRORS.has(error.name) || S3_ERRORS.has(error.name))) return true
  const message = typeof error.message === 'string' ? error.message : ''
  return CONNECTION_MESSAGES.some((m) => message.startsWith(m))
}

/** What a client reads in a 503 of any app: the apps' error tables use the same words. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'A service this request needs is unavailable; retry shortly'

/** Whether `error` (or anything it wraps) says a database, queue or broker could not be reached. */
export function isServiceUnavailable (error: unknown): boolean {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0) {
    const next = pending.pop()
    if (next === null || typeof next !== 'object' || seen.has(next)) continue
    seen.add(next)
    const candidate = next as ErrorLike
    if (isUnavailableOne(candidate)) return true
    pending.push(candidate.cause)
    // AggregateError (a connect to every address of a name failing), and kafkajs' retriable wrappers.
    if (Array.isArray(candidate.errors)) pending.push(...(candidate.errors as unknown[]))
    pending.push((next as { originalError?: unknown }).originalError)
  }
  return false
}
