// E-mail verification and password reset: both mail a one-time code, both answer the same way (and in the same
// time: the mail work runs off the request path) whether or not the address has an account, and both are rate
// limited per address and per IP. Checking a code is a guess: limited per account and per IP too.
import type { AccountMails } from './account-mails.js'
import type { AdminBootstrap } from './admin-bootstrap.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthService } from './auth-service.js'
import type { OneTimeCodes } from './one-time-codes.js'
import { checkPassword, type Passwords } from './passwords.js'
import type { ClientInfo, User } from './records.js'
import type { Sessions } from './sessions.js'

export interface RecoveryDeps {
  auth: AuthService
  sessions: Sessions
  codes: OneTimeCodes
  passwords: Passwords
  mails: AccountMails
  limits: AttemptLimits
  audit: AuditSink
  admin: AdminBootstrap
}

export class AccountRecovery {
  constructor (private readonly deps: RecoveryDeps) {}

  async resendVerification (email: string, client: ClientInfo): Promise<true> {
    const normalized = email.trim().toLowerCase()
    await this.deps.limits.attempt('mail', 'resendVerificationCode', client, normalized)
    const user = await this.deps.auth.userByEmail(normalized)
    if (user !== undefined && !user.emailVerified) this.deps.mails.verification(user)
    return true
  }

  async verifyEmail (email: string, code: string, client: ClientInfo): Promise<User> {
    const normalized = email.trim().toLowerCase()
    await this.deps.limits.attempt('code', 'verifyEmail', client, normalized)
    const user = await this.deps.auth.userByEmail(normalized)
    await this.deps.codes.consume(user?.id, 'verify-email', code)
    await this.deps.limits.succeeded('code', normalized)
    const verified = { ...user!, emailVerified: true }
    await this.deps.auth.saveUser(verified)
    await this.deps.audit.record('email_verified', { userId: verified.id, client })
    return this.deps.admin.promoteIfAdmin(verified, client)
  }

  async requestPasswordReset (email: string, client: ClientInfo): Promise<true> {
    const normalized = email.trim().toLowerCase()
    await this.deps.limits.attempt('mail', 'requestPasswordReset', client, normalized)
    const user = await this.deps.auth.userByEmail(normalized)
    if (user !== undefined) this.deps.mails.passwordReset(user)
    return true
  }

  /** Sets the new password, marks the address verified (the code proved the inbox) and revokes every session. */
  async resetPassword (email: string, code: string, newPassword: string, client: ClientInfo): Promise<true> {
    checkPassword(newPassword, 'newPassword')
    const normalized = email.trim().toLowerCase()
    await this.deps.limits.attempt('code', 'resetPassword', client, normalized)
    const user = await this.deps.auth.userByEmail(normalized)
    await this.deps.codes.consume(user?.id, 'reset-password', code)
    await this.deps.limits.succeeded('code', normalized)
    const updated = { ...user!, passwordHash: await this.deps.passwords.hash(newPassword), emailVerified: true }
    await this.deps.auth.saveUser(updated)
    const ended = await this.deps.sessions.revokeAll(updated.id, 'password_reset', client)
    await this.deps.audit.record('password_reset', { userId: updated.id, client }, { sessionsEnded: ended })
    if (!user!.emailVerified) await this.deps.audit.record('email_verified', { userId: updated.id, client }, { by: 'password_reset' })
    await this.deps.admin.promoteIfAdmin(updated, client)
    return true
  }
}
