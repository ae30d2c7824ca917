import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import type {} from '@fastify/swagger'
import type { FastifyRequest } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius from 'mercurius'
import {
  Type, closeRedis, corsPlugin, errorResponses, createCorsPolicy, createLogger, createRedis, createServer, openAppDatabase, redisReadinessCheck,
  type AppInstance, type Database, type Logger
} from '@openmotion/common'
import { createMemoryDocumentStore, createSqlDocumentStore, documentMigrations, type DocumentStore } from './adapters/document-store.js'
import { createLogMailer, createSmtpMailer, type Mailer } from './adapters/mailer.js'
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './adapters/rate-limiter.js'
import type { AuthConfig } from './config.js'
import { frameworkErrorCodes } from './errors.js'
import { AccountMails } from './domain/account-mails.js'
import { AccountRecovery } from './domain/account-recovery.js'
import { AdminBootstrap } from './domain/admin-bootstrap.js'
import { AttemptLimits, type AttemptLimitSettings } from './domain/attempt-limits.js'
import { AuditLog } from './domain/audit-log.js'
import { createAuthMetrics } from './domain/auth-metrics.js'
import { AuthService } from './domain/auth-service.js'
import { Invitations } from './domain/invitations.js'
import { OneTimeCodes } from './domain/one-time-codes.js'
import { Passwords } from './domain/passwords.js'
import { Sessions } from './domain/sessions.js'
import { loadSigningKeys, type SigningKeys } from './domain/signing-keys.js'
import { formatGraphqlErrors } from './graphql/error-formatter.js'
import { documentGraphqlRoutes } from './graphql/openapi-route.js'
import { maxFieldsRule } from './graphql/query-limits.js'
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

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every mail queued so far is handed to the mailer (mails leave off the request path). */
    mailsIdle: () => Promise<void>
  }
}

const MAX_DIRECTIVES = 10

export async function buildApp (config: AuthConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'auth-server', level: config.LOG_LEVEL })
  const production = config.NODE_ENV === 'production'
  const keys = await loadSigningKeys({ privateKey: config.PRIVATE_KEY, publicKey: config.PUBLIC_KEY, previous: config.PREVIOUS_PUBLIC_KEYS, production })
  if (keys.ephemeral) logger.warn('PRIVATE_KEY and PUBLIC_KEY are unset: using an EPHEMERAL ES512 key pair; every token dies on restart. Run `pnpm --filter @openmotion/auth-server run keys` and set both.')

  const app = await createServer({ name: 'auth-server', version: '0.1.0', description: 'GraphQL authentication server', logger, bodyLimit: config.BODY_LIMIT, errorCodes: frameworkErrorCodes, trustProxy: config.TRUST_PROXY, strictBodies: true })
  const store = overrides.store ?? await openStore(config, app, overrides.database)
  const limiter = overrides.limiter ?? openLimiter(config, app)
  const smtpUrl = config.SMTP_URL === '' ? undefined : config.SMTP_URL
  const mailer = overrides.mailer ?? (smtpUrl === undefined ? createLogMailer(logger, { production }) : createSmtpMailer(smtpUrl, config.MAIL_FROM))
  if (overrides.mailer === undefined) app.addHook('onClose', async () => { await mailer.close() })
  if (smtpUrl === undefined && production) logger.warn('SMTP_URL is unset in production: verification, reset and invitation mails are NOT delivered')

  const metrics = createAuthMetrics(app.metrics.registry)
  const audit = new AuditLog(store, logger, metrics.auditEvents)
  const passwords = new Passwords(config.BCRYPT_COST, metrics.bcryptSeconds)
  const codes = new OneTimeCodes(store, config.CODE_MAX_ATTEMPTS)
  const limits = new AttemptLimits(limiter, attemptLimitSettings(config), audit)
  const mails = new AccountMails({ codes, mailer, metrics, logger, settings: { appUrl: config.APP_URL, verificationTtl: config.VERIFICATION_CODE_TTL, resetTtl: config.RESET_CODE_TTL } })
  // Registered before the mailer's own onClose hook, which runs after it (hooks run in reverse): queued mails leave first.
  app.addHook('onClose', async () => { await mails.idle() })
  app.decorate('mailsIdle', () => mails.idle())
  const sessions = new Sessions(store, audit, metrics, { refreshTtl: config.REFRESH_TOKEN_TTL, graceSeconds: config.REFRESH_GRACE_SECONDS, rotationKey: rotationKeyOf(keys) })
  const auth = new AuthService({
    store,
    keys,
    passwords,
    sessions,
    limits,
    audit,
    mails,
    metrics,
    settings: { accessTtl: config.ACCESS_TOKEN_TTL, issuer: config.ISSUER, audience: config.AUDIENCE, requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION }
  })
  const admin = new AdminBootstrap(config.ADMIN_EMAIL, auth, config.ADMIN_PASSWORD === undefined ? undefined : { password: config.ADMIN_PASSWORD, hash: async (p) => passwords.hash(p) })
  const recovery = new AccountRecovery({ auth, sessions, codes, passwords, mails, limits, audit, admin })
  const invitations = new Invitations({ store, auth, mailer, metrics, limits, audit, logger, settings: { appUrl: config.APP_URL, ttl: config.INVITATION_TTL } })
  const { outcome } = await admin.atStartup(invitations)
  if (outcome !== 'disabled') logger.info({ outcome }, 'ADMIN_EMAIL checked')

  const cors = createCorsPolicy({ origins: config.CORS_ORIGINS, production })
  const origins = cors.configured
  const sameOrigin = (origin: string, request: FastifyRequest) => origin === `${request.protocol}://${request.host}`

  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } })
  await app.register(cookie)
  await app.register(corsPlugin, { policy: cors })

  // The key set cannot fail a request; only an unexpected fault would answer (500, the shared error shape).
  const JwksBody = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'Public JWKs (ES512, P-521): the signing key, then previous ones still verifying' }) })
  app.get('/.well-known/jwks.json', { schema: { tags: ['keys'], summary: 'Public keys that verify access tokens', response: { 200: JwksBody, ...errorResponses(500) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return keys.jwks
  })

  documentGraphqlRoutes(app, '/graphql')
  await app.register(mercurius, {
    schema,
    resolvers: createResolvers({
      auth,
      sessions,
      recovery,
      invitations,
      audit,
      requestAuth: createRequestAuth({ auth, sessions, keys, issuer: config.ISSUER, audience: config.AUDIENCE }),
      cookie: { name: config.REFRESH_COOKIE_NAME, secure: production || origins.length > 0, sameSite: origins.length > 0 ? 'none' : 'lax', maxAge: config.REFRESH_TOKEN_TTL },
      originAllowed: (origin, request) => cors.allowsWithoutLookup(origin) || sameOrigin(origin, request)
    }) as never,
    context: (request, reply): ResolverContext => ({ request, reply }),
    path: '/graphql',
    graphiql: false,
    validationRules: [
      // graphql-armor counts aliases, depth and cost through fragments too; our own rule bounds total selections.
      maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES }),
      maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false }),
      costLimitRule({ maxCost: config.GRAPHQL_MAX_COST }),
      maxDirectivesRule({ n: MAX_DIRECTIVES }),
      maxFieldsRule(config.GRAPHQL_MAX_FIELDS),
      ...(production ? [NoSchemaIntrospectionCustomRule] : [])
    ],
    errorFormatter: (execution) => formatGraphqlErrors(execution, logger)
  })
  return app
}

async function openStore (config: AuthConfig, app: AppInstance, given: Database | undefined): Promise<DocumentStore> {
  if (config.STORAGE_TYPE === 'memory') return createMemoryDocumentStore()
  const db = await openAppDatabase(app, { app: 'auth-server', migrations: documentMigrations, url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db'), given })
  return createSqlDocumentStore(db)
}

/** The HMAC key deriving refresh-token successors: from the signing key, so every instance agrees without a new secret. */
function rotationKeyOf (keys: SigningKeys): Buffer {
  return createHash('sha256').update('auth-server refresh rotation\u0000').update(keys.privateKey.export({ type: 'pkcs8', format: 'der' })).digest()
}

function attemptLimitSettings (config: AuthConfig): AttemptLimitSettings {
  return {
    password: { perAccount: config.SIGNIN_LIMIT_PER_ACCOUNT, perIp: config.SIGNIN_LIMIT_PER_IP, windowSeconds: config.SIGNIN_LIMIT_WINDOW },
    code: { perAccount: config.CODE_LIMIT_PER_ACCOUNT, perIp: config.CODE_LIMIT_PER_IP, windowSeconds: config.CODE_LIMIT_WINDOW },
    signUp: { perAccount: config.SIGNUP_LIMIT_PER_EMAIL, perIp: config.SIGNUP_LIMIT_PER_IP, windowSeconds: config.SIGNUP_LIMIT_WINDOW },
    mail: { perAccount: config.RESET_LIMIT_PER_EMAIL, perIp: config.RESET_LIMIT_PER_IP, windowSeconds: config.RESET_LIMIT_WINDOW }
  }
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
