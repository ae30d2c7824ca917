import { EnvEnum, Type, commonEnv, defineConfig, type Static } from '@openmotion/common/startup'
import { checkWebauthnConfig, mfaEnv } from './mfa-config.js'
import { checkProviderConfig, providerEnv } from './provider-config.js'

const HOUR = 3600

export const authConfig = defineConfig(
  Type.Object({
    ...commonEnv,
    AUTH_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000, description: 'Port the service listens on' }),
    PRIVATE_KEY: Type.Optional(
      Type.String({ description: 'ES512 (P-521) private key, PKCS#8 PEM; required in production, an ephemeral pair is generated otherwise' })
    ),
    PUBLIC_KEY: Type.Optional(Type.String({ description: 'SPKI PEM public key matching PRIVATE_KEY' })),
    PREVIOUS_PUBLIC_KEYS: Type.String({
      default: '',
      description: 'Rotated-out public keys (PEM, concatenated) still served in the JWKS so older tokens verify'
    }),
    ACCESS_TOKEN_TTL: Type.Integer({
      minimum: 30,
      maximum: 86_400,
      default: 1200,
      description: 'Access token lifetime, seconds (20 minutes by default, as the spec says)'
    }),
    REFRESH_TOKEN_TTL: Type.Integer({ minimum: 300, default: 30 * 86_400, description: 'Sliding refresh token (session) lifetime, seconds' }),
    REFRESH_GRACE_SECONDS: Type.Integer({
      minimum: 0,
      maximum: 300,
      default: 10,
      description:
        'Seconds after a rotation during which the replaced refresh token still yields the same successor (concurrent tabs) instead of revoking the session'
    }),
    ISSUER: Type.String({ default: 'openmotion-auth', description: 'iss claim of issued tokens' }),
    AUDIENCE: Type.String({ default: 'openmotion', description: 'aud claim of issued tokens' }),
    DATA_DIR: Type.String({ default: './data/auth-server', description: 'Directory of the embedded database when DATABASE_URL is unset' }),
    DATABASE_URL: Type.Optional(Type.String({ description: 'postgres:// URL; unset uses embedded PGlite under DATA_DIR' })),
    DOCUMENT_STORE: EnvEnum(['sql', 'memory'], {
      default: 'sql',
      description: 'Where accounts and sessions live: sql (PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL) or memory (lost on restart)'
    }),
    REDIS_URL: Type.Optional(Type.String({ description: 'redis:// URL for rate-limit counters shared by all instances; unset keeps them in memory' })),
    BCRYPT_COST: Type.Integer({ minimum: 4, maximum: 15, default: 12, description: 'bcrypt cost factor for password hashes' }),
    CORS_ORIGINS: Type.String({
      default: '',
      description: 'Comma-separated browser origins allowed with credentials (any http://localhost port outside production)'
    }),
    REFRESH_COOKIE_NAME: Type.String({ default: 'refresh_token', description: 'Name of the HttpOnly cookie carrying the refresh token' }),
    REQUIRE_EMAIL_VERIFICATION: Type.Boolean({
      default: false,
      description: 'When true, signIn and refreshToken answer EMAIL_NOT_VERIFIED until the address is verified'
    }),
    ADMIN_EMAIL: Type.Optional(
      Type.String({
        description:
          'First administrator: the account with this address becomes admin once the address is verified; with no account an admin invitation is mailed'
      })
    ),
    ADMIN_PASSWORD: Type.Optional(
      Type.String({
        minLength: 12,
        maxLength: 72,
        description:
          'Password of the ADMIN_EMAIL account: with no account of that address, it is created at start-up verified and admin (docker compose generates one); unset keeps the invitation flow'
      })
    ),
    SMTP_URL: Type.Optional(
      Type.String({ description: 'smtp:// or smtps:// URL (with credentials) for outgoing mail; unset writes mails to the log outside production' })
    ),
    MAIL_FROM: Type.String({ default: 'OpenMotion <no-reply@localhost>', description: 'From header of outgoing mail' }),
    APP_URL: Type.String({
      default: 'http://localhost:5173',
      description: 'Front-end base URL used in mailed links (/verify-email, /reset-password, /accept-invitation)'
    }),
    VERIFICATION_CODE_TTL: Type.Integer({ minimum: 60, default: 900, description: 'E-mail verification code lifetime, seconds' }),
    RESET_CODE_TTL: Type.Integer({ minimum: 60, default: 1800, description: 'Password reset code lifetime, seconds' }),
    INVITATION_TTL: Type.Integer({ minimum: 300, default: 7 * 86_400, description: 'Invitation lifetime, seconds' }),
    CODE_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 5, description: 'Wrong tries that burn a verification or reset code' }),
    RESET_LIMIT_PER_EMAIL: Type.Integer({ minimum: 1, default: 3, description: 'Password reset and verification mails per address per RESET_LIMIT_WINDOW' }),
    RESET_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 10, description: 'Password reset and verification mails per client IP per RESET_LIMIT_WINDOW' }),
    RESET_LIMIT_WINDOW: Type.Integer({ minimum: 1, default: HOUR, description: 'Window of the reset/verification mail limits, seconds' }),
    SIGNIN_LIMIT_PER_ACCOUNT: Type.Integer({
      minimum: 1,
      default: 10,
      description: 'Password guesses (signIn, changePassword) per account per SIGNIN_LIMIT_WINDOW before RATE_LIMITED; a success clears the count'
    }),
    SIGNIN_LIMIT_PER_IP: Type.Integer({
      minimum: 1,
      default: 100,
      description: 'Password guesses (signIn, changePassword) per client IP per SIGNIN_LIMIT_WINDOW'
    }),
    SIGNIN_LIMIT_WINDOW: Type.Integer({ minimum: 1, default: 900, description: 'Window of the sign-in limits, seconds' }),
    CODE_LIMIT_PER_ACCOUNT: Type.Integer({
      minimum: 1,
      default: 10,
      description: 'Code checks (verifyEmail, resetPassword) per address per CODE_LIMIT_WINDOW'
    }),
    CODE_LIMIT_PER_IP: Type.Integer({
      minimum: 1,
      default: 50,
      description: 'Code and invitation checks (verifyEmail, resetPassword, acceptInvitation) per client IP per CODE_LIMIT_WINDOW'
    }),
    CODE_LIMIT_WINDOW: Type.Integer({ minimum: 1, default: 900, description: 'Window of the code-check limits, seconds' }),
    SIGNUP_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 10, description: 'Sign-ups per client IP per SIGNUP_LIMIT_WINDOW (each aliased signUp counts)' }),
    SIGNUP_LIMIT_PER_EMAIL: Type.Integer({ minimum: 1, default: 3, description: 'Sign-ups (hence mails) per address per SIGNUP_LIMIT_WINDOW' }),
    SIGNUP_LIMIT_WINDOW: Type.Integer({ minimum: 1, default: HOUR, description: 'Window of the sign-up limits, seconds' }),
    GRAPHQL_MAX_DEPTH: Type.Integer({ minimum: 2, default: 8, description: 'Deepest selection nesting a GraphQL document may have' }),
    GRAPHQL_MAX_ALIASES: Type.Integer({ minimum: 1, default: 15, description: 'Most aliases in one GraphQL document (stops batched brute force)' }),
    GRAPHQL_MAX_FIELDS: Type.Integer({ minimum: 10, default: 200, description: 'Most field selections in one GraphQL document' }),
    GRAPHQL_MAX_COST: Type.Integer({
      minimum: 10,
      default: 5000,
      description: 'graphql-armor cost limit of one GraphQL document (objects and scalars weighted by depth)'
    }),
    TRUST_PROXY: Type.Boolean({
      default: false,
      description: 'Take the client IP from X-Forwarded-For (set behind a reverse proxy, or every client shares the per-IP limits of the proxy)'
    }),
    BODY_LIMIT: Type.Integer({ minimum: 1024, default: 64 * 1024, description: 'Largest accepted request body, bytes' }),
    ...mfaEnv,
    ...providerEnv
  }),
  {
    rules: [checkWebauthnConfig, checkProviderConfig],
    // STORAGE_TYPE is not read here: in the relay and motion-api it names the queue backend (memory, redis, kafka), and
    // one shared environment file holds it for them; read here it would turn a relay's STORAGE_TYPE=memory into an
    // auth-server that forgets every account on restart. STORE, the old name, is read for one more release.
    renamed: { STORE: 'DOCUMENT_STORE' }
  }
)

export type AuthConfig = Static<typeof authConfig.schema>
