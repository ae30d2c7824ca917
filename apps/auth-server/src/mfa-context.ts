// The second-factor services, built from the configuration over the same store, limits and audit log as the rest
// of the auth context (auth-context.ts spreads them into the context the resolvers receive).
import { ConfigError, type Logger } from '@openmotion/common'
import type { AuthConfig } from './config.js'
import type { AttemptLimits } from './domain/attempt-limits.js'
import type { AuditSink } from './domain/audit-log.js'
import type { AuthService } from './domain/auth-service.js'
import { MfaEnrollment } from './domain/mfa-enrollment.js'
import { MfaTickets } from './domain/mfa-tickets.js'
import { Passkeys } from './domain/passkeys.js'
import type { DocumentStore } from './domain/ports.js'
import { RecoveryCodes } from './domain/recovery-codes.js'
import { SecondFactors } from './domain/second-factor.js'
import type { Sessions } from './domain/sessions.js'
import { createSecretBox, developmentSecretKey, parseSecretKeys } from './domain/secret-box.js'
import { TotpFactors } from './domain/totp-factors.js'
import { webauthnOrigins } from './mfa-config.js'

function secretKeys (config: AuthConfig, logger: Logger): Buffer[] {
  if (config.MFA_ENCRYPTION_KEYS !== undefined) return parseSecretKeys(config.MFA_ENCRYPTION_KEYS)
  if (config.NODE_ENV === 'production') {
    throw new ConfigError('MFA_ENCRYPTION_KEYS', 'MFA_ENCRYPTION_KEYS is required in production: one or more 32-byte keys in base64 (openssl rand -base64 32)')
  }
  logger.warn('MFA_ENCRYPTION_KEYS is unset: TOTP secrets are sealed under a fixed DEVELOPMENT key, which protects nothing. Set it (openssl rand -base64 32).')
  return [developmentSecretKey()]
}

/** How long a WebAuthn ceremony may take between its options and its response. */
const CHALLENGE_TTL_SECONDS = 300

export interface MfaContextDeps { store: DocumentStore, auth: AuthService, sessions: Sessions, limits: AttemptLimits, audit: AuditSink }

export function createMfaServices (config: AuthConfig, { store, auth, sessions, limits, audit }: MfaContextDeps, logger: Logger) {
  const totp = new TotpFactors(store, config.TOTP_ISSUER, createSecretBox(secretKeys(config, logger)))
  const recoveryCodes = new RecoveryCodes(store)
  const passkeys = new Passkeys(store, {
    rpId: config.WEBAUTHN_RP_ID, rpName: config.WEBAUTHN_RP_NAME, origins: webauthnOrigins(config.WEBAUTHN_ORIGINS), challengeTtl: CHALLENGE_TTL_SECONDS
  })
  const tickets = new MfaTickets(store, config.MFA_TICKET_TTL)
  const secondFactors = new SecondFactors({ auth, totp, recoveryCodes, passkeys, tickets, limits, audit })
  const enrollment = new MfaEnrollment({
    auth, sessions, totp, recoveryCodes, passkeys, secondFactors, limits, audit, reauthWindowSeconds: config.MFA_REAUTH_WINDOW
  })
  return { secondFactors, enrollment, passkeys }
}
