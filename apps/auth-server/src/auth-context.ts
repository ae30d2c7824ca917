// The auth-server's pieces, built once from the configuration: signing keys, the document store (opened and
// migrated with the server's lifecycle), rate limiter, mailer, and the domain services the GraphQL resolvers call.
// Tests replace the outside pieces through AppOverrides.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { closeRedis, createRedis, openAppDatabase, redisReadinessCheck, type AppInstance, type Database, type Logger } from '@openmotion/common'
import { createMemoryDocumentStore, createSqlDocumentStore } from './adapters/document-store.js'
import { createLogMailer, createSmtpMailer } from './adapters/mailer.js'
import { migrations } from './adapters/migrations.js'
import { createMemoryRateLimiter, createRedisRateLimiter } from './adapters/rate-limiter.js'
import type { AuthConfig } from './config.js'
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
import { createMfaServices } from './mfa-context.js'
import { createProviderServices } from './provider-context.js'
import type { DocumentStore, Mailer, RateLimiter } from './domain/ports.js'
import { Sessions } from './domain/sessions.js'
import type { SigningKeys } from './domain/signing-keys.js'

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

export type AuthContext = Awaited<ReturnType<typeof createAuthContext>>

export async function createAuthContext (app: AppInstance, config: AuthConfig, keys: SigningKeys, logger: Logger, overrides: AppOverrides) {
  const production = config.NODE_ENV === 'production'
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
  const mails = new AccountMails({
    codes,
    mailer,
    metrics,
    logger,
    settings: { appUrl: config.APP_URL, verificationTtl: config.VERIFICATION_CODE_TTL, resetTtl: config.RESET_CODE_TTL }
  })
  // Registered before the mailer's own onClose hook, which runs after it (hooks run in reverse): queued mails leave first.
  app.addHook('onClose', async () => { await mails.idle() })
  app.decorate('mailsIdle', () => mails.idle())
  const sessions = new Sessions(store, audit, metrics, {
    refreshTtl: config.REFRESH_TOKEN_TTL,
    graceSeconds: config.REFRESH_GRACE_SECONDS,
    rotationKey: rotationKeyOf(keys)
  })
  const auth = new AuthService({
    store,
    keys,
    passwords,
    sessions,
    limits,
    audit,
    mails,
    metrics,
    settings: {
      accessTtl: config.ACCESS_TOKEN_TTL,
      issuer: config.ISSUER,
      audience: config.AUDIENCE,
      requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION
    }
  })
  const adminPassword =
    config.ADMIN_PASSWORD === undefined ? undefined : { password: config.ADMIN_PASSWORD, hash: async (p: string) => await passwords.hash(p) }
  const admin = new AdminBootstrap(config.ADMIN_EMAIL, auth, adminPassword)
  const recovery = new AccountRecovery({ auth, sessions, codes, passwords, mails, limits, audit, admin })
  const invitations = new Invitations({ store, auth, mailer, metrics, limits, audit, logger, settings: { appUrl: config.APP_URL, ttl: config.INVITATION_TTL } })
  const { outcome } = await admin.atStartup(invitations)
  if (outcome !== 'disabled') logger.info({ outcome }, 'ADMIN_EMAIL checked')
  const mfa = createMfaServices(config, { store, auth, sessions, limits, audit }, logger)
  const providers = createProviderServices(config, { store, keys, auth, sessions, limits, audit, ...mfa })
  return { keys, auth, sessions, recovery, invitations, audit, ...mfa, ...providers }
}

async function openStore (config: AuthConfig, app: AppInstance, given: Database | undefined): Promise<DocumentStore> {
  if (config.DOCUMENT_STORE === 'memory') return createMemoryDocumentStore()
  const db = await openAppDatabase(app, { app: 'auth-server', migrations, url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db'), given })
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
    mail: { perAccount: config.RESET_LIMIT_PER_EMAIL, perIp: config.RESET_LIMIT_PER_IP, windowSeconds: config.RESET_LIMIT_WINDOW },
    mfa: { perAccount: config.MFA_LIMIT_PER_ACCOUNT, perIp: config.MFA_LIMIT_PER_IP, windowSeconds: config.MFA_LIMIT_WINDOW }
  }
}

function openLimiter (config: AuthConfig, app: AppInstance): RateLimiter {
  if (config.REDIS_URL === undefined || config.REDIS_URL === '') return createMemoryRateLimiter()
  const redis = createRedis({ url: config.REDIS_URL, name: 'auth-server' })
  app.readiness.absorbs('redis', redisReadinessCheck(redis))
  app.addHook('onClose', async () => { await closeRedis(redis) })
  return createRedisRateLimiter(redis)
}
