// Which guessable operation is limited by what. Each attempt is counted *before* its work (bcrypt, code check)
// runs, per client IP and per account, so 40 concurrent guesses get at most the limit evaluated, and each aliased
// field of one GraphQL document counts as its own attempt (the resolver runs once per alias).
import { rateLimited } from '../errors.js'
import type { AuditSink } from './audit-log.js'
import type { RateLimiter, RateRule } from './ports.js'
import type { ClientInfo } from './records.js'

export interface LimitSettings { perAccount: number, perIp: number, windowSeconds: number }

export interface AttemptLimitSettings {
  /** signIn and changePassword: both are a guess at a password. */
  password: LimitSettings
  /** verifyEmail, resetPassword, acceptInvitation: guesses at a mailed secret. */
  code: LimitSettings
  /** signUp: each one writes an account and sends a mail. perAccount limits mails to one address. */
  signUp: LimitSettings
  /** requestPasswordReset, resendVerificationCode: mails to an address. */
  mail: LimitSettings
  /** verifyMfa, confirmTotp, disableTotp, regenerateRecoveryCodes: guesses at a six-digit TOTP or a recovery code. */
  mfa: LimitSettings
}

export type LimitedOperation = keyof AttemptLimitSettings

const rules = (name: string, s: LimitSettings): { ip: RateRule, account: RateRule } => ({
  ip: { name: `${name}:ip`, points: s.perIp, windowSeconds: s.windowSeconds },
  account: { name: `${name}:account`, points: s.perAccount, windowSeconds: s.windowSeconds }
})

export class AttemptLimits {
  private readonly rules: Record<LimitedOperation, { ip: RateRule, account: RateRule }>

  constructor (private readonly limiter: RateLimiter, settings: AttemptLimitSettings, private readonly audit: AuditSink) {
    this.rules = {
      password: rules('password', settings.password),
      code: rules('code', settings.code),
      signUp: rules('signup', settings.signUp),
      mail: rules('mail', settings.mail),
      mfa: rules('mfa', settings.mfa)
    }
  }

  /**
   * Counts one attempt of `operation` against the client's IP and (when known) the account; throws RATE_LIMITED
   * with the longer `retryAfter` when either is over. `label` names the operation in the error and the audit log.
   */
  async attempt (operation: LimitedOperation, label: string, client: ClientInfo, account: string | null, userId: string | null = null): Promise<void> {
    const { ip, account: perAccount } = this.rules[operation]
    const decisions = await Promise.all([
      this.limiter.consume(ip, client.ip ?? 'unknown'),
      account === null ? undefined : this.limiter.consume(perAccount, account)
    ])
    const refused = decisions.filter((d) => d !== undefined && !d.allowed)
    if (refused.length === 0) return
    const retryAfter = Math.max(...refused.map((d) => d!.retryAfter))
    await this.audit.record('rate_limited', { userId, client }, { operation: label, retryAfter })
    throw rateLimited(retryAfter, `${label} attempts`)
  }

  /** A success clears the account's count, so its owner is not locked out by their own earlier typos. */
  async succeeded (operation: LimitedOperation, account: string): Promise<void> {
    await this.limiter.reset(this.rules[operation].account, account)
  }
}
