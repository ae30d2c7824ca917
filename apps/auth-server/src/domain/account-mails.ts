// Every mail the account flows send. Work that depends on whether an address has an account (issuing a code,
// talking to the SMTP server) runs off the request path, so the answer to signUp, resendVerificationCode and
// requestPasswordReset takes the same time whether or not a mail goes out (no enumeration by timing).
import { BackgroundTasks, type Logger } from '@openmotion/common'
import type { AuthMetrics } from './auth-metrics.js'
import { passwordChangedMail, passwordResetMail, signUpAttemptMail, verificationMail } from './mail-templates.js'
import type { OneTimeCodes } from './one-time-codes.js'
import type { Mail, Mailer } from './ports.js'
import type { User } from './records.js'

export interface AccountMailDeps {
  codes: OneTimeCodes
  mailer: Mailer
  metrics: AuthMetrics
  logger: Logger
  settings: { appUrl: string, verificationTtl: number, resetTtl: number }
}

export class AccountMails {
  private readonly sending: BackgroundTasks

  constructor (private readonly deps: AccountMailDeps) {
    this.sending = new BackgroundTasks(deps.logger)
  }

  /** Resolves once every mail queued so far has been handed to the mailer (or failed and been logged). */
  async idle (): Promise<void> {
    await this.sending.idle()
  }

  verification (user: User): void {
    this.later('verification', async () => {
      const code = await this.deps.codes.issue(user.id, 'verify-email', this.deps.settings.verificationTtl)
      return verificationMail(this.deps.settings.appUrl, user.email, code, Math.round(this.deps.settings.verificationTtl / 60))
    })
  }

  passwordReset (user: User): void {
    this.later('password_reset', async () => {
      const code = await this.deps.codes.issue(user.id, 'reset-password', this.deps.settings.resetTtl)
      return passwordResetMail(this.deps.settings.appUrl, user.email, code, Math.round(this.deps.settings.resetTtl / 60))
    })
  }

  /** Someone signed up with an address that has an account: tell its owner instead of telling the caller. */
  signUpAttempt (user: User): void {
    this.later('sign_up_attempt', async () => signUpAttemptMail(this.deps.settings.appUrl, user.email))
  }

  passwordChanged (user: User): void {
    this.later('password_changed', async () => passwordChangedMail(this.deps.settings.appUrl, user.email))
  }

  private later (kind: string, compose: () => Promise<Mail>): void {
    this.sending.run(async () => {
      try {
        await this.deps.mailer.send(await compose())
      } catch (error) {
        this.deps.metrics.mails.inc({ kind, outcome: 'failed' })
        throw error
      }
      this.deps.metrics.mails.inc({ kind, outcome: 'sent' })
    }, { message: 'sending mail failed', fields: { kind } })
  }
}
