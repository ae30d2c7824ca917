import { join } from 'node:path'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type {} from '@fastify/swagger'
import type { FastifyRequest } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius from 'mercurius'
import { Type, closeRedis, createLogger, createRedis, createServer, migrate, openDatabase, redisReadinessCheck, type AppInstance, type Database, type Logger } from '@openmotion/common'
import { createMemoryDocumentStore, createSqlDocumentStore, documentMigrations, type DocumentStore } from './adapters/document-store.js'
import { createLogMailer, createSmtpMailer, type Mailer } from './adapters/mailer.js'
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './adapters/rate-limiter.js'
import type { AuthConfig } from './config.js'
import { AccountRecovery } from './domain/account-recovery.js'
import { createAuthMetrics } from './domain/auth-metrics.js'
import { AuthService } from './domain/auth-service.js'
import { bootstrapAdmin } from './domain/bootstrap-admin.js'
import { Invitations } from './domain/invitations.js'
import { OneTimeCodes } from './domain/one-time-codes.js'
import { Passwords } from './domain/passwords.js'
import { loadSigningKeys } from './domain/signing-keys.js'
import { formatGraphqlErrors } from './graphql/error-formatter.js'
import { maxAliasesRule, maxFieldsRule } from './graphql/query-limits.js'
import { createRequestAuth } from './graphql/request-auth.js'
import { createResolvers, type ResolverContext } from './graphql/resolvers.js'
import { schema } from './graphql/schema.js'

export interface AppOverrides {
  logger?: Logger
  store?: DocumentStore
  database?: Database
  mailer?: Mailer
  limiter?: RateLimiter
}

const LOCALHOST_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/

export async function buildApp (config: AuthConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'auth-server', level: config.LOG_LEVEL })
  const production = config.NODE_ENV === 'production'
  const keys = await loadSigningKeys({ privateKey: config.PRIVATE_KEY, publicKey: config.PUBLIC_KEY, previous: config.PREVIOUS_PUBLIC_KEYS, production })
  if (keys.ephemeral) logger.warn('PRIVATE_KEY and PUBLIC_KEY are unset: using an EPHEMERAL ES512 key pair; every token dies on restart. Run `pnpm --filter @openmotion/auth-server run keys` and set both.')

  const app = await createServer({ name: 'auth-server', version: '0.1.0', description: 'GraphQL authentication server', logger, bodyLimit: config.BODY_LIMIT })
  const store = overrides.store ?? await openStore(config, app, overrides.database)
  const limiter = overrides.limiter ?? openLimiter(config, app)
  const smtpUrl = config.SMTP_URL === '' ? undefined : config.SMTP_URL
  const mailer = overrides.mailer ?? (smtpUrl === undefined ? createLogMailer(logger, { production }) : createSmtpMailer(smtpUrl, config.MAIL_FROM))
  if (overrides.mailer === undefined) app.addHook('onClose', async () => { await mailer.close() })
  if (smtpUrl === undefined && production) logger.warn('SMTP_URL is unset in production: verification, reset and invitation mails are NOT delivered')

  const metrics = createAuthMetrics(app.metrics.registry)
  const passwords = new Passwords(config.BCRYPT_COST, metrics.bcryptSeconds)
  const codes = new OneTimeCodes(store, config.CODE_MAX_ATTEMPTS)
  const auth = new AuthService({
    store,
    keys,
    passwords,
    limiter,
    metrics,
    settings: {
      accessTtl: config.ACCESS_TOKEN_TTL,
      refreshTtl: config.REFRESH_TOKEN_TTL,
      issuer: config.ISSUER,
      audience: config.AUDIENCE,
      requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION,
      signInLimits: { perAccount: config.SIGNIN_LIMIT_PER_ACCOUNT, perIp: config.SIGNIN_LIMIT_PER_IP, windowSeconds: config.SIGNIN_LIMIT_WINDOW }
    },
    // `recovery` is declared below: it needs this service, and sends the sign-up verification mail.
    onSignUp: async (user) => { await recovery.sendVerification(user) }
  })
  const recovery = new AccountRecovery({
    auth,
    codes,
    passwords,
    mailer,
    limiter,
    metrics,
    logger,
    settings: {
      appUrl: config.APP_URL,
      verificationTtl: config.VERIFICATION_CODE_TTL,
      resetTtl: config.RESET_CODE_TTL,
      limits: { perEmail: config.RESET_LIMIT_PER_EMAIL, perIp: config.RESET_LIMIT_PER_IP, windowSeconds: config.RESET_LIMIT_WINDOW }
    }
  })
  const invitations = new Invitations({ store, auth, mailer, metrics, logger, settings: { appUrl: config.APP_URL, ttl: config.INVITATION_TTL } })
  if (config.ADMIN_EMAIL !== undefined && config.ADMIN_EMAIL !== '') {
    const { outcome } = await bootstrapAdmin(config.ADMIN_EMAIL, auth, invitations)
    logger.info({ outcome }, 'ADMIN_EMAIL checked')
  }

  const origins = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter((o) => o !== '')
  const corsAllowed = (origin: string) => origins.includes(origin) || (!production && LOCALHOST_ORIGIN.test(origin))
  const sameOrigin = (origin: string, request: FastifyRequest) => origin === `${request.protocol}://${request.host}`

  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } })
  await app.register(cookie)
  await app.register(cors, { credentials: true, origin: (origin, cb) => { cb(null, origin !== undefined && corsAllowed(origin)) } })

  app.get('/.well-known/jwks.json', { schema: { tags: ['keys'], response: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return keys.jwks
  })

  await app.register(mercurius, {
    schema,
    resolvers: createResolvers({
      auth,
      recovery,
      invitations,
      requestAuth: createRequestAuth({ auth, keys, issuer: config.ISSUER, audience: config.AUDIENCE }),
      cookie: { name: config.REFRESH_COOKIE_NAME, secure: production || origins.length > 0, sameSite: origins.length > 0 ? 'none' : 'lax', maxAge: config.REFRESH_TOKEN_TTL },
      originAllowed: (origin, request) => corsAllowed(origin) || sameOrigin(origin, request)
    }) as never,
    context: (request, reply): ResolverContext => ({ request, reply }),
    path: '/graphql',
    graphiql: false,
    queryDepth: config.GRAPHQL_MAX_DEPTH,
    validationRules: [
      maxAliasesRule(config.GRAPHQL_MAX_ALIASES),
      maxFieldsRule(config.GRAPHQL_MAX_FIELDS),
      ...(production ? [NoSchemaIntrospectionCustomRule] : [])
    ],
    errorFormatter: (execution) => formatGraphqlErrors(execution, logger)
  })
  return app
}

async function openStore (config: AuthConfig, app: AppInstance, given: Database | undefined): Promise<DocumentStore> {
  if (config.STORAGE_TYPE === 'memory') return createMemoryDocumentStore()
  const db = given ?? await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db') })
  await migrate(db, 'auth-server', documentMigrations)
  app.readiness.register('database', () => db.ping())
  if (given === undefined) app.addHook('onClose', async () => { await db.close() })
  return createSqlDocumentStore(db)
}

function openLimiter (config: AuthConfig, app: AppInstance): RateLimiter {
  if (config.REDIS_URL === undefined || config.REDIS_URL === '') return createMemoryRateLimiter()
  const redis = createRedis({ url: config.REDIS_URL, name: 'auth-server' })
  app.readiness.register('redis', redisReadinessCheck(redis))
  app.addHook('onClose', async () => { await closeRedis(redis) })
  return createRedisRateLimiter(redis)
}

export { authConfig, type AuthConfig } from './config.js'
export { createLogMailer, type Mail, type Mailer, type OutboxMailer } from './adapters/mailer.js'
