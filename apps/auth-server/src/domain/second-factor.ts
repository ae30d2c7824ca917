// Second factors around a password sign-in, and passkey-only sign-in. An account with TOTP or a passkey gets no
// tokens from its password: signIn answers MFA_REQUIRED carrying a single-use ticket and the factors it may use,
// and verifyMfa(ticket, proof) opens the session. Guessable proofs (TOTP and recovery codes) count an attempt per
// account and per IP before they are checked, so concurrent guesses get at most the limit evaluated. Sessions
// record RFC 8176 methods (`amr`), which every access token of the session carries.
import { authError } from '../errors.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthService } from './auth-service.js'
import type { SecondFactor } from './mfa-records.js'
import { ticketHash, type MfaTickets } from './mfa-tickets.js'
import type { Passkeys } from './passkeys.js'
import type { AuthPayload, ClientInfo, User } from './records.js'
import type { RecoveryCodes } from './recovery-codes.js'
import type { TotpFactors } from './totp-factors.js'

export interface SecondFactorDeps {
  auth: AuthService
  totp: TotpFactors
  recoveryCodes: RecoveryCodes
  passkeys: Passkeys
  tickets: MfaTickets
  limits: AttemptLimits
  audit: AuditSink
}

/** What verifyMfa accepts: exactly one of them. */
export interface MfaProof { code?: string | null, recoveryCode?: string | null, passkey?: unknown }

export interface MfaStatus { totpEnabled: boolean, recoveryCodesLeft: number, passkeys: number }

export class SecondFactors {
  constructor (private readonly deps: SecondFactorDeps) {}

  async factors (userId: string): Promise<SecondFactor[]> {
    const [totp, codesLeft, passkeys] = await Promise.all([
      this.deps.totp.enabled(userId), this.deps.recoveryCodes.left(userId), this.deps.passkeys.list(userId)
    ])
    const factors: SecondFactor[] = []
    if (totp) factors.push('totp')
    if (totp && codesLeft > 0) factors.push('recovery_code')
    if (passkeys.length > 0) factors.push('passkey')
    return factors
  }

  async status (userId: string): Promise<MfaStatus> {
    const [totpEnabled, recoveryCodesLeft, passkeys] = await Promise.all([
      this.deps.totp.enabled(userId), this.deps.recoveryCodes.left(userId), this.deps.passkeys.list(userId)
    ])
    return { totpEnabled, recoveryCodesLeft, passkeys: passkeys.length }
  }

  /** The password step; throws MFA_REQUIRED with a ticket when the account has a second factor. */
  async signIn (email: string, password: string, client: ClientInfo): Promise<AuthPayload> {
    return await this.afterFirstFactor(await this.deps.auth.checkCredentials(email, password, client), client, ['pwd'])
  }

  /**
   * A first factor passed (`amr`: a password, a provider's sign-in): the session, or MFA_REQUIRED with a ticket that
   * remembers `amr` when the account has a second factor.
   */
  async afterFirstFactor (user: User, client: ClientInfo, amr: string[]): Promise<AuthPayload> {
    const factors = await this.factors(user.id)
    if (factors.length === 0) return await this.deps.auth.openSession(user, client, amr)
    const { ticket, expiresAt } = await this.deps.tickets.issue(user.id, client.deviceName ?? null, amr)
    throw authError('MFA_REQUIRED', 'this account has a second factor: call verifyMfa with the ticket and one of the factors', {
      ticket, ticketExpiresAt: expiresAt, factors
    })
  }

  /** Options for the passkey assertion of a ticket's second step, allowing only that account's passkeys. */
  async passkeyOptionsForTicket (ticket: string) {
    const doc = await this.deps.tickets.find(ticket)
    const passkeys = await this.deps.passkeys.list(doc.userId)
    if (passkeys.length === 0) throw authError('BAD_USER_INPUT', 'this account has no passkey', { field: 'ticket' })
    return await this.deps.passkeys.authenticationOptions({ purpose: 'second_factor', boundTo: doc.id, userId: doc.userId }, passkeys)
  }

  async verify (ticket: string, proof: MfaProof, client: ClientInfo): Promise<AuthPayload> {
    const given = [proof.code, proof.recoveryCode, proof.passkey].filter((p) => p !== undefined && p !== null)
    if (given.length !== 1) throw authError('BAD_USER_INPUT', 'give exactly one of code, recoveryCode or passkey')
    const doc = await this.deps.tickets.find(ticket)
    const user = await this.existing(doc.userId)
    const sessionClient = { ...client, deviceName: client.deviceName ?? doc.deviceName }
    let method: string
    if (proof.passkey !== undefined && proof.passkey !== null) {
      method = await this.passkeyFactor(user, proof.passkey, ticketHash(ticket), client)
    } else {
      await this.deps.limits.attempt('mfa', 'verifyMfa', client, user.id, user.id)
      method = proof.code !== undefined && proof.code !== null
        ? await this.totpFactor(user, proof.code, client, 'verifyMfa')
        : await this.recoveryFactor(user, proof.recoveryCode!, client)
    }
    await this.deps.tickets.consume(doc)
    await this.deps.limits.succeeded('mfa', user.id)
    return await this.deps.auth.openSession(user, sessionClient, [...(doc.amr ?? ['pwd']), method, 'mfa'])
  }

  /**
   * Options for a passkey-only sign-in: no account named, the browser offers its discoverable credentials. Each
   * call stores a challenge for anyone who asks, so it counts as a sign-in attempt of the client's IP.
   */
  async passkeySignInOptions (client: ClientInfo) {
    await this.deps.limits.attempt('password', 'passkeySignInOptions', client, null)
    return await this.deps.passkeys.authenticationOptions({ purpose: 'sign_in', boundTo: null, userId: null })
  }

  async signInWithPasskey (response: unknown, client: ClientInfo): Promise<AuthPayload> {
    let verified
    try {
      verified = await this.deps.passkeys.verifyAssertion(response, { purpose: 'sign_in', boundTo: null, userId: null })
    } catch (error) {
      await this.deps.audit.record('mfa_failed', { client }, { factor: 'passkey', operation: 'signInWithPasskey', reason: (error as Error).message.slice(0, 200) })
      throw error
    }
    const user = await this.existing(verified.passkey.userId)
    // A passkey with user verification is possession plus a PIN or biometric: two factors in one (NIST SP 800-63B).
    return await this.deps.auth.openSession(user, client, verified.userVerified ? [verified.amr, 'mfa'] : [verified.amr])
  }

  /** Checks a TOTP code under the `mfa` limits; audits a failure and throws CODE_INVALID. Resolves the amr value. */
  async totpFactor (user: User, code: string, client: ClientInfo, operation: string, state: 'pending' | 'enabled' = 'enabled'): Promise<'otp'> {
    const check = await this.deps.totp.check(user.id, code, state)
    if (!check.ok) {
      await this.deps.audit.record('mfa_failed', { userId: user.id, client }, { factor: 'totp', operation, reason: check.reason })
      throw authError('CODE_INVALID', 'the code is wrong or was already used')
    }
    return 'otp'
  }

  private async recoveryFactor (user: User, code: string, client: ClientInfo): Promise<'otp'> {
    if (!await this.deps.recoveryCodes.consume(user.id, code)) {
      await this.deps.audit.record('mfa_failed', { userId: user.id, client }, { factor: 'recovery_code', operation: 'verifyMfa', reason: 'wrong_code' })
      throw authError('CODE_INVALID', 'the recovery code is wrong or was already used')
    }
    await this.deps.audit.record('recovery_code_used', { userId: user.id, client }, { left: await this.deps.recoveryCodes.left(user.id) })
    return 'otp'
  }

  private async passkeyFactor (user: User, response: unknown, boundTo: string, client: ClientInfo): Promise<'hwk' | 'swk'> {
    try {
      return (await this.deps.passkeys.verifyAssertion(response, { purpose: 'second_factor', boundTo, userId: user.id })).amr
    } catch (error) {
      await this.deps.audit.record('mfa_failed', { userId: user.id, client }, { factor: 'passkey', operation: 'verifyMfa', reason: (error as Error).message.slice(0, 200) })
      throw error
    }
  }

  private async existing (userId: string): Promise<User> {
    const user = await this.deps.auth.user(userId)
    if (user === undefined) throw authError('MFA_TICKET_INVALID', 'the account no longer exists')
    return user
  }
}
