// E-mail verification and password reset: both mail a one-time code, both answer the same way whether or not
// the address has an account (no enumeration), both are rate limited per address and per IP.
import type { Logger } from '@openmotion/common'
import type { Mail, Mailer } from '../adapters/mailer.js'
import type { RateLimiter } from '../adapters/rate-limiter.js'
import type { AuthMetrics } from './auth-metrics.js'
import type { AuthService, ClientInfo, User } from './auth-service.js'
import { passwordResetMail, verificationMail } from './mail-templates.js'
import { consumeMailAllowance, type MailLimits } from './mail-limits.js'
import type { OneTimeCodes } from './one-time-codes.js'
import { checkPassword, type Passwords } from './passwords.js'

export interface RecoveryDeps {
  auth: AuthService
  codes: OneTimeCodes
  passwords: Passwords
  mailer: Mailer
  limiter: RateLimiter
  metrics: AuthMetrics
  logger: Logger
  settings: { appUrl: string, verificationTtl: number, resetTtl: number, limits: MailLimits }
}

export class AccountRecovery {
  constructor (private readonly deps: RecoveryDeps) {}

  async sendVerification (user: User): Promise<void> {
    const code = await this.deps.codes.issue(user.id, 'verify-email', this.deps.settings.verificationTtl)
    await this.send('verification', verificationMail(this.deps.settings.appUrl, user.email, code, Math.round(this.deps.settings.verificationTtl / 60)))
  }

  async resendVerification (email: string, client: ClientInfo): Promise<true> {
    const normalized = email.trim().toLowerCase()
    await consumeMailAllowance(this.deps.limiter, this.deps.settings.limits, 'verification', normalized, client.ip)
    const user = await this.deps.auth.userByEmail(normalized)
    if (user !== undefined && !user.emailVerified) await this.sendVerification(user)
    return true
  }

  async verifyEmail (email: string, code: string): Promise<User> {
    const user = await this.deps.auth.userByEmail(email)
    await this.deps.codes.consume(user?.id, 'verify-email', code)
    const verified = { ...user!, emailVerified: true }
    await this.deps.auth.saveUser(verified)
    return verified
  }

  async requestPasswordReset (email: string, client: ClientInfo): Promise<true> {
    const normalized = email.trim().toLowerCase()
    await consumeMailAllowance(this.deps.limiter, this.deps.settings.limits, 'password-reset', normalized, client.ip)
    const user = await this.deps.auth.userByEmail(normalized)
    if (user !== undefined) {
      const code = await this.deps.codes.issue(user.id, 'reset-password', this.deps.settings.resetTtl)
      await this.send('password_reset', passwordResetMail(this.deps.settings.appUrl, user.email, code, Math.round(this.deps.settings.resetTtl / 60)))
    }
    return true
  }

  /** Sets the new password, marks the address verified (the code proved the inbox) and revokes every session. */
  async resetPassword (email: string, code: string, newPassword: string): Promise<true> {
    checkPassword(newPassword, 'newPassword')
    const user = await this.deps.auth.userByEmail(email)
    await this.deps.codes.consume(user?.id, 'reset-password', code)
    await this.deps.auth.saveUser({ ...user!, passwordHash: await this.deps.passwords.hash(newPassword), emailVerified: true })
    await this.deps.auth.revokeAll(user!.id)
    return true
  }

  private async send (kind: string, mail: Mail): Promise<void> {
    try {
      await this.deps.mailer.send(mail)
      this.deps.metrics.mails.inc({ kind, outcome: 'sent' })
    } catch (error) {
      // The caller's answer must not depend on mail delivery (that would reveal which addresses exist).
      this.deps.metrics.mails.inc({ kind, outcome: 'failed' })
      this.deps.logger.error({ err: error, kind }, 'sending mail failed')
    }
  }
}
