// Variables every service shares. Apps spread these into their own schema so names and meanings match.
import { Type } from '@sinclair/typebox'
import { EnvEnum } from './config.js'

export const commonEnv = {
  NODE_ENV: EnvEnum(['development', 'production', 'test'], {
    default: 'development',
    description: 'Runtime mode; production enforces secure cookies and required secrets'
  }),
  HOST: Type.String({ default: '0.0.0.0', description: 'Interface to listen on' }),
  LOG_LEVEL: EnvEnum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info', description: 'Minimum log level' }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 15_000,
    description: 'Deadline for draining in-flight requests and work on SIGTERM before the process exits anyway'
  })
}
