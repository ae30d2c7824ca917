// A signed-in user managing their own factors (TOTP with recovery codes, passkeys) and an admin resetting
// another user's. Turning a factor off or minting new recovery codes needs proof beyond the access token (a
// current code, or the password), so a stolen token alone cannot strip an account's second factor. Adding one
// needs fresh proof too (a session opened within the re-authentication window, the password, or a current code):
// otherwise a stolen access token could add the thief's authenticator or passkey, a second factor that outlives
// the token and, on an account without one, locks its owner out.
import { authError } from '../errors.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthService } from './auth-service.js'
import type { Passkey } from './mfa-records.js'
import type { Passkeys } from './passkeys.js'
import type { ClientInfo, User } from './records.js'
import type { RecoveryCodes } from './recovery-codes.js'
import type { SecondFactors } from './second-factor.js'
import type { Sessions } from './sessions.js'
import type { TotpEnrollment, TotpFactors } from './totp-factors.js'

export interface MfaEnrollmentDeps {
  auth: AuthService
  sessions: Sessions
  totp: TotpFactors
  recoveryCodes: RecoveryCodes
  passkeys: Passkeys
  secondFactors: SecondFactors
  limits: AttemptLimits
  audit: AuditSink
  /** How long after it opened a session may add a factor without the password (or a current code). */
  reauthWindowSeconds: number
}

export interface Caller { userId: string, sessionId: string }

/** What re-authenticates a session older than the window: the account's password, or a current TOTP code. */
export interface FreshProof { password?: string | null, code?: string | null }

export class MfaEnrollment {
  constructor (private readonly deps: MfaEnrollmentDeps) {}

  async enrollTotp (who: Caller, proof: FreshProof, client: ClientInfo): Promise<TotpEnrollment> {
    const user = await this.user(who.userId)
    await this.requireFreshProof(user, who, proof, client, 'enrollTotp')
    return await this.deps.totp.enroll(user)
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

  async passkeyRegistrationOptions (who: Caller, proof: FreshProof, client: ClientInfo) {
    const user = await this.user(who.userId)
    await this.requireFreshProof(user, who, proof, client, 'passkeyRegistrationOptions')
    // The challenge is bound to this session, so registerPasskey inherits the proof given here.
    return await this.deps.passkeys.registrationOptions(user, who.sessionId)
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

  private async requireFreshProof (user: User, who: Caller, proof: FreshProof, client: ClientInfo, operation: string): Promise<void> {
    if (proof.password !== undefined && proof.password !== null) {
      if (user.passwordHash === null) throw authError('BAD_USER_INPUT', 'this account has no password; sign in again instead', { field: 'password' })
      await this.deps.auth.confirmPassword(user, proof.password, client, operation)
      return
    }
    if (proof.code !== undefined && proof.code !== null) {
      if (!await this.deps.totp.enabled(user.id)) throw authError('BAD_USER_INPUT', 'TOTP is not enabled; give the password or sign in again', { field: 'code' })
      await this.checkCode(user, proof.code, client, operation)
      return
    }
    const session = await this.deps.sessions.active(who.sessionId)
    const openedAt = session === undefined ? Number.NaN : Date.parse(session.createdAt)
    if (Date.now() - openedAt <= this.deps.reauthWindowSeconds * 1000) return
    throw authError(
      'REAUTHENTICATION_REQUIRED',
      `adding a second factor needs a session opened in the last ${this.deps.reauthWindowSeconds} s: give the password (or a current code), or sign in again`
    )
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
