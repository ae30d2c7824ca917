// One pino logger per process. Secret fields are censored in every logged object, whatever object a developer
// logs. This is done when a line is written (formatters.log), not with pino's `redact` paths: those also run on the
// bindings of every child logger, and fastify makes one per request, which cost a third of a bare route's
// throughput (bench: 44,000 → 29,000 req/s). Bindings hold ids only. Pretty output only on an interactive
// terminal: machines read JSON. A line written inside a span carries its `trace_id` and `span_id`, so a trace in the
// tracing backend and the lines of every service it crossed are found with one id.
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import { traceIdsForLog } from './tracing/trace-context.js'

/** Fields whose values never reach a log line, at any of the first levels of a logged object. */
export const REDACTED_FIELDS = [
  'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'clientSecret',
  'client_secret', 'apiKey', 'api_key', 'privateKey', 'key', 'authorization', 'cookie', 'set-cookie', 'x-api-key',
  'verificationCode', 'resetCode'
]

const CENSOR = '[redacted]'
// Three levels cover `password`, `body.password` and `req.headers.authorization`.
const MAX_DEPTH = 3

function isPlainObject (value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}

/**
 * The logged object with secret fields censored, copied only along the paths that hold one (the caller's object
 * is never changed). Only plain objects are walked: requests, errors and streams go to their serializers as they are.
 */
function censorSecrets (value: Record<string, unknown>, secrets: ReadonlySet<string>, depth = 1): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(value)) {
    const inner = value[key]
    const next = secrets.has(key) ? CENSOR : depth < MAX_DEPTH && isPlainObject(inner) ? censorSecrets(inner, secrets, depth + 1) : inner
    if (next !== inner) {
      copy ??= { ...value }
      copy[key] = next
    }
  }
  return copy ?? value
}

export interface LoggerConfig {
  name: string
  level?: LoggerOptions['level']
  /** Force pretty output on or off; by default only when stdout is a TTY. */
  pretty?: boolean
  /** Extra field names to censor (app-specific secrets). */
  redact?: string[]
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  destination?: DestinationStream
}

export function createLogger (config: LoggerConfig): Logger {
  const secrets = new Set([...REDACTED_FIELDS, ...(config.redact ?? [])])
  const pretty = config.destination === undefined && (config.pretty ?? process.stdout.isTTY === true)
  const options: LoggerOptions = {
    name: config.name,
    level: config.level ?? 'info',
    formatters: { log: (object) => censorSecrets(object, secrets) },
    // A fresh object each time: pino merges the line's fields into what the mixin returns.
    mixin: () => traceIdsForLog() ?? {},
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } } : {})
  }
  return config.destination === undefined ? pino(options) : pino(options, config.destination)
}

export type { Logger }
