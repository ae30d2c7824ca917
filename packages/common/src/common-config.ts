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

/** The operator-identity variables motion-api and the relay both declare (spread into their config schemas). */
export const operatorAuthEnv = {
  AUTH_JWKS_URL: Type.Optional(Type.String({
    format: 'uri',
    description: "The auth-server's /.well-known/jwks.json: its ES512 access tokens with role admin are accepted on the admin API, besides ADMIN_API_KEY"
  })),
  AUTH_ISSUER: Type.String({ default: 'openmotion-auth', description: 'iss an auth-server token must carry (the auth-server ISSUER)' }),
  AUTH_AUDIENCE: Type.String({ default: 'openmotion', description: 'aud an auth-server token must carry (the auth-server AUDIENCE)' })
}
