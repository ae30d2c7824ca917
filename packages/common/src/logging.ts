// One pino logger per process. Secrets are redacted by path so no log line carries credentials, whatever
// object a developer logs. Pretty output only on an interactive terminal: machines read JSON.
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'

export const REDACTED_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie', 'headers["set-cookie"]',
  ...['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'clientSecret',
    'client_secret', 'apiKey', 'api_key', 'privateKey', 'key', 'authorization', 'cookie', 'verificationCode', 'resetCode']
    .flatMap((field) => [field, `*.${field}`, `*.*.${field}`])
]

export interface LoggerConfig {
  name: string
  level?: LoggerOptions['level']
  /** Force pretty output on or off; by default only when stdout is a TTY. */
  pretty?: boolean
  /** Extra redaction paths for app-specific secrets. */
  redact?: string[]
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  destination?: DestinationStream
}

export function createLogger (config: LoggerConfig): Logger {
  const pretty = config.destination === undefined && (config.pretty ?? process.stdout.isTTY === true)
  const options: LoggerOptions = {
    name: config.name,
    level: config.level ?? 'info',
    redact: { paths: [...REDACTED_PATHS, ...(config.redact ?? [])], censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } } : {})
  }
  return config.destination === undefined ? pino(options) : pino(options, config.destination)
}

export type { Logger }
