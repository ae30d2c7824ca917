import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import type {} from '@fastify/swagger'
import { corsPlugin, createCorsPolicy, createLogger, createServer, type AppInstance } from '@openmotion/common'
import { createAuthContext, type AppOverrides } from './auth-context.js'
import type { AuthConfig } from './config.js'
import { loadSigningKeys } from './domain/signing-keys.js'
import { frameworkErrorCodes } from './errors.js'
import { graphqlPlugin } from './graphql/graphql-plugin.js'
import { inputGuardError } from './graphql/input-guard.js'
import { jwksRoute } from './routes/jwks.js'
import { providerCallbackRoute } from './routes/provider-callback.js'

export async function buildApp (config: AuthConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'auth-server', level: config.LOG_LEVEL })
  const production = config.NODE_ENV === 'production'
  const keys = await loadSigningKeys({ privateKey: config.PRIVATE_KEY, publicKey: config.PUBLIC_KEY, previous: config.PREVIOUS_PUBLIC_KEYS, production })
  if (keys.ephemeral) {
    logger.warn(
      'PRIVATE_KEY and PUBLIC_KEY are unset: using an EPHEMERAL ES512 key pair; every token dies on restart. Run `pnpm --filter @openmotion/auth-server run keys` and set both.'
    )
  }
  const app = await createServer({
    name: 'auth-server',
    version: '0.1.0',
    description: 'GraphQL authentication server',
    logger,
    bodyLimit: config.BODY_LIMIT,
    errorCodes: frameworkErrorCodes,
    trustProxy: config.TRUST_PROXY,
    strictBodies: true,
    // /graphql's body is checked argument by argument (graphql/input-guard.ts), so a NUL in a variable is refused
    // naming that argument; its query string (GET /graphql?query=…) is held to the body limit, not a parameter's.
    inputGuard: { toError: inputGuardError, ownBodyCheck: ['/graphql'], limits: { parameter: config.BODY_LIMIT } }
  })
  const context = await createAuthContext(app, config, keys, logger, overrides)
  const cors = createCorsPolicy({ origins: config.CORS_ORIGINS, production })

  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } })
  await app.register(cookie)
  await app.register(corsPlugin, { policy: cors })
  await app.register(jwksRoute(keys))
  await app.register(providerCallbackRoute({ providerSignIn: context.providerSignIn, publicUrl: config.AUTH_PUBLIC_URL }))
  await app.register(graphqlPlugin, { config, context, cors, logger })
  return app
}

export { authConfig, type AuthConfig } from './config.js'
export type { AppOverrides } from './auth-context.js'
export { createLogMailer, type OutboxMailer } from './adapters/mailer.js'
export type { Mail, Mailer } from './domain/ports.js'
