// A signed-in user managing their own factors (TOTP with recovery codes, passkeys) and an admin resetting
// another user's. Turning a factor off or minting new recovery codes needs proof beyond the access token (a
// current code, or the password), so a stolen token alone cannot strip an account's second factor.
import { authError } from '../errors.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthService } from './auth-service.js'
import type { Passkey } from './mfa-records.js'
import type { Passkeys } from './passkeys.js'
import type { ClientInfo, User } from './records.js'
import type { RecoveryCodes } from './recovery-codes.js'
import type { SecondFactors } from './second-factor.js'
import type { TotpEnrollment, TotpFactors } from './totp-factors.js'

export interface MfaEnrollmentDeps {
  auth: AuthService
  totp: TotpFactors
  recoveryCodes: RecoveryCodes
  passkeys: Passkeys
  secondFactors: SecondFactors
  limits: AttemptLimits
  audit: AuditSink
}

export interface Caller { userId: string, sessionId: string }

export class MfaEnrollment {
  constructor (private readonly deps: MfaEnrollmentDeps) {}

  async enrollTotp (who: Caller): Promise<TotpEnrollment> {
    return await this.deps.totp.enroll(await this.user(who.userId))
  }

  /** Turns TOTP on with a first code from the app; resolves the ten recovery codes, shown this once. */
  async confirmTotp (who: Caller, code: string, client: ClientInfo): Promise<string[]> {
    const user = await this.user(who.userId)
    const factor = await this.deps.totp.get(user.id)
    if (factor === undefined) throw authError('BAD_USER_INPUT', 'no TOTP enrollment; call enrollTotp first')
    if (factor.enabled) throw authError('BAD_USER_INPUT', 'TOTP is already enabled')
    await this.checkCode(user, code, client, 'confirmTotp', 'pending')
    await this.deps.totp.enable(user.id)
    const codes = await this.deps.recoveryCodes.replace(user.id)
    await this.deps.audit.record('mfa_enabled', { userId: user.id, sessionId: who.sessionId, client }, { factor: 'totp' })
    return codes
  }

  /** Needs a current TOTP code or the account's password; removes the recovery codes with the secret. */
  async disableTotp (who: Caller, proof: { code?: string | null, password?: string | null }, client: ClientInfo): Promise<boolean> {
    const user = await this.user(who.userId)
    if (!await this.deps.totp.enabled(user.id)) throw authError('BAD_USER_INPUT', 'TOTP is not enabled')
    if (proof.code !== undefined && proof.code !== null) await this.checkCode(user, proof.code, client, 'disableTotp')
    else if (proof.password !== undefined && proof.password !== null && user.passwordHash !== null) await this.deps.auth.confirmPassword(user, proof.password, client, 'disableTotp')
    else throw authError('BAD_USER_INPUT', 'give a current code (or the password of an account that has one)', { field: 'code' })
    await this.deps.totp.remove(user.id)
    await this.deps.recoveryCodes.removeAll(user.id)
    await this.deps.audit.record('mfa_disabled', { userId: user.id, sessionId: who.sessionId, client }, { factor: 'totp', by: user.id })
    return true
  }

  async regenerateRecoveryCodes (who: Caller, code: string, client: ClientInfo): Promise<string[]> {
    const user = await this.user(who.userId)
    if (!await this.deps.totp.enabled(user.id)) throw authError('BAD_USER_INPUT', 'recovery codes come with TOTP; enable it first')
    await this.checkCode(user, code, client, 'regenerateRecoveryCodes')
    const codes = await this.deps.recoveryCodes.replace(user.id)
    await this.deps.audit.record('mfa_enabled', { userId: user.id, sessionId: who.sessionId, client }, { factor: 'recovery_code', regenerated: true })
    return codes
  }

  async passkeyRegistrationOptions (who: Caller) {
    return await this.deps.passkeys.registrationOptions(await this.user(who.userId), who.sessionId)
  }

  async registerPasskey (who: Caller, response: unknown, name: string | null, client: ClientInfo): Promise<Passkey> {
    const user = await this.user(who.userId)
    const passkey = await this.deps.passkeys.register(user, who.sessionId, response, name)
    await this.deps.audit.record('mfa_enabled', { userId: user.id, sessionId: who.sessionId, client }, { factor: 'passkey', passkeyId: passkey.id.slice(0, 128) })
    return passkey
  }

  async deletePasskey (who: Caller, id: string, client: ClientInfo): Promise<boolean> {
    const removed = await this.deps.passkeys.remove(who.userId, id)
    if (removed) {
      await this.deps.audit.record('mfa_disabled', { userId: who.userId, sessionId: who.sessionId, client }, { factor: 'passkey', passkeyId: id.slice(0, 128), by: who.userId })
    }
    return removed
  }

  /** An admin removes every factor of another account (a lost phone): audited with who did it. */
  async resetFactors (admin: Caller, userId: string, client: ClientInfo): Promise<boolean> {
    const user = await this.deps.auth.user(userId)
    if (user === undefined) throw authError('BAD_USER_INPUT', 'the account does not exist', { field: 'id' })
    const totp = await this.deps.totp.remove(user.id)
    const codes = await this.deps.recoveryCodes.removeAll(user.id)
    const passkeys = await this.deps.passkeys.removeAll(user.id)
    await this.deps.audit.record('mfa_disabled', { userId: user.id, client }, { factor: 'all', by: admin.userId, totp, recoveryCodes: codes, passkeys })
    return totp || codes > 0 || passkeys > 0
  }

  private async checkCode (user: User, code: string, client: ClientInfo, operation: string, state: 'pending' | 'enabled' = 'enabled'): Promise<void> {
    await this.deps.limits.attempt('mfa', operation, client, user.id, user.id)
    await this.deps.secondFactors.totpFactor(user, code, client, operation, state)
    await this.deps.limits.succeeded('mfa', user.id)
  }

  private async user (userId: string): Promise<User> {
    const user = await this.deps.auth.user(userId)
    if (user === undefined) throw authError('UNAUTHENTICATED', 'the account no longer exists')
    return user
  }
}
