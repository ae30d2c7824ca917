// Sign-up, sign-in, passwords and the tokens of a session. Guessable operations count an attempt before any
// bcrypt work (AttemptLimits); sign-in costs one bcrypt comparison whether or not the account exists; sign-up
// answers the same for a new and a taken address (the owner of a taken one gets a mail instead).
import { randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { authError } from '../errors.js'
import type { AccountMails } from './account-mails.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthMetrics } from './auth-metrics.js'
import type { DocumentStore } from './ports.js'
import { checkPassword, type Passwords } from './passwords.js'
import type { AuthPayload, ClientInfo, Role, Session, User } from './records.js'
import type { Sessions } from './sessions.js'
import type { SigningKeys } from './signing-keys.js'

export interface AuthSettings {
  accessTtl: number
  issuer: string
  audience: string
  requireEmailVerification: boolean
}

export interface AuthDeps {
  store: DocumentStore
  keys: SigningKeys
  passwords: Passwords
  sessions: Sessions
  limits: AttemptLimits
  audit: AuditSink
  mails: AccountMails
  metrics: AuthMetrics
  settings: AuthSettings
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function normalizeEmail (email: string): string {
  const normalized = email.trim().toLowerCase()
  if (!EMAIL.test(normalized) || normalized.length > 254) throw authError('BAD_USER_INPUT', 'email is not a valid address', { field: 'email' })
  return normalized
}

export class AuthService {
  constructor (private readonly deps: AuthDeps) {}

  /** Always `true`: a verification code goes to a new address, a notice to the owner of a taken one. */
  async signUp (email: string, password: string, client: ClientInfo): Promise<true> {
    const normalized = normalizeEmail(email)
    checkPassword(password)
    await this.deps.limits.attempt('signUp', 'signUp', client, normalized)
    // Hashing first, on both paths, keeps a taken address from answering faster.
    const user: User = {
      id: randomUUID(),
      email: normalized,
      passwordHash: await this.deps.passwords.hash(password),
      emailVerified: false,
      role: 'user',
      metadata: {},
      createdAt: new Date().toISOString()
    }
    if (await this.createUser(user)) {
      this.deps.metrics.signUps.inc({ outcome: 'success' })
      await this.deps.audit.record('signed_up', { userId: user.id, client })
      this.deps.mails.verification(user)
    } else {
      this.deps.metrics.signUps.inc({ outcome: 'email_taken' })
      const owner = await this.userByEmail(normalized)
      if (owner !== undefined) this.deps.mails.signUpAttempt(owner)
    }
    return true
  }

  /** Password sign-in with no second factor: the session's methods are just `pwd`. */
  async signIn (email: string, password: string, client: ClientInfo): Promise<AuthPayload> {
    return await this.openSession(await this.checkCredentials(email, password, client), client, ['pwd'])
  }

  /**
   * The first step of a sign-in: the limits, the password (one bcrypt comparison whether or not the account
   * exists) and the e-mail verification rule. Resolves the account; opens nothing, so a second factor can follow.
   */
  async checkCredentials (email: string, password: string, client: ClientInfo): Promise<User> {
    const normalized = email.trim().toLowerCase()
    await this.deps.limits.attempt('password', 'signIn', client, normalized)
    const [user] = await this.deps.store.findBy<User>('users', 'email', normalized)
    // Unknown accounts are compared against a decoy hash of the same cost (Passwords.matches).
    if (!await this.deps.passwords.matches(password, user?.passwordHash)) {
      await this.failedSignIn(user === undefined ? 'unknown_account' : 'wrong_password', user, normalized, client)
      throw authError('INVALID_CREDENTIALS', 'email or password is wrong')
    }
    await this.deps.limits.succeeded('password', normalized)
    if (this.deps.settings.requireEmailVerification && !user!.emailVerified) {
      await this.failedSignIn('email_not_verified', user, normalized, client)
      throw authError('EMAIL_NOT_VERIFIED', 'verify your e-mail address first (verifyEmail; resendVerificationCode sends a new code)')
    }
    return user!
  }

  /** Opens a session for an account whose factors were checked; `amr` (RFC 8176) says which ones. */
  async openSession (user: User, client: ClientInfo, amr: string[]): Promise<AuthPayload> {
    // Checked here too for sign-ins with no password step (a passkey alone).
    if (this.deps.settings.requireEmailVerification && !user.emailVerified) throw authError('EMAIL_NOT_VERIFIED', 'verify your e-mail address first')
    this.deps.metrics.signIns.inc({ outcome: 'success', reason: '' })
    const payload = await this.startSession(user, client, amr)
    await this.deps.audit.record('sign_in_succeeded', { userId: user.id, sessionId: payload.session.id, client }, { amr: amr.join(' ') })
    return payload
  }

  /** Checks a password of a signed-in account (disableTotp and the like) under the password limits. */
  async confirmPassword (user: User, password: string, client: ClientInfo, operation: string): Promise<void> {
    await this.deps.limits.attempt('password', operation, client, user.email, user.id)
    if (!await this.deps.passwords.matches(password, user.passwordHash)) {
      await this.failedSignIn('wrong_current_password', user, user.email, client, operation)
      throw authError('INVALID_CREDENTIALS', 'the password is wrong')
    }
    await this.deps.limits.succeeded('password', user.email)
  }

  async refresh (refreshToken: string, client: ClientInfo): Promise<AuthPayload> {
    try {
      const { session, refreshToken: next } = await this.deps.sessions.rotate(refreshToken, client)
      const user = await this.existing(session.userId)
      if (this.deps.settings.requireEmailVerification && !user.emailVerified) throw authError('EMAIL_NOT_VERIFIED', 'verify your e-mail address first')
      this.deps.metrics.refreshes.inc({ outcome: 'success' })
      return await this.payload(user, session, next)
    } catch (error) {
      this.deps.metrics.refreshes.inc({ outcome: 'failure' })
      throw error
    }
  }

  async user (id: string): Promise<User | undefined> {
    return this.deps.store.get<User>('users', id)
  }

  async userByEmail (email: string): Promise<User | undefined> {
    return (await this.deps.store.findBy<User>('users', 'email', email.trim().toLowerCase()))[0]
  }

  async createUser (user: User): Promise<boolean> {
    return this.deps.store.insert('users', user, 'email')
  }

  async saveUser (user: User): Promise<void> {
    await this.deps.store.put('users', user)
  }

  async updateProfile (userId: string, metadata: Record<string, unknown>): Promise<User> {
    const user = await this.existing(userId)
    const updated = { ...user, metadata }
    await this.saveUser(updated)
    return updated
  }

  /** Needs the current password (limited like a sign-in); ends every other session and mails the owner. */
  async changePassword (userId: string, sessionId: string, current: string, next: string, client: ClientInfo): Promise<boolean> {
    const user = await this.existing(userId)
    if (user.passwordHash === null) throw authError('BAD_USER_INPUT', 'this account has no password yet; use setPassword', { field: 'currentPassword' })
    checkPassword(next, 'newPassword')
    await this.deps.limits.attempt('password', 'changePassword', client, user.email, user.id)
    if (!await this.deps.passwords.matches(current, user.passwordHash)) {
      await this.failedSignIn('wrong_current_password', user, user.email, client, 'changePassword')
      throw authError('INVALID_CREDENTIALS', 'current password is wrong')
    }
    await this.deps.limits.succeeded('password', user.email)
    await this.saveUser({ ...user, passwordHash: await this.deps.passwords.hash(next) })
    const ended = await this.deps.sessions.revokeAll(user.id, 'password_changed', client, sessionId)
    await this.deps.audit.record('password_changed', { userId, sessionId, client }, { sessionsEnded: ended })
    this.deps.mails.passwordChanged(user)
    return true
  }

  /** First password of an account created by invitation (passwordless until now). */
  async setPassword (userId: string, sessionId: string, password: string, client: ClientInfo): Promise<boolean> {
    const user = await this.existing(userId)
    if (user.passwordHash !== null) throw authError('BAD_USER_INPUT', 'this account already has a password; use changePassword', { field: 'password' })
    checkPassword(password)
    await this.saveUser({ ...user, passwordHash: await this.deps.passwords.hash(password) })
    await this.deps.audit.record('password_changed', { userId, sessionId, client }, { first: true })
    return true
  }

  async setRole (userId: string, role: Role, context: { by: string | null, client: ClientInfo | null }): Promise<User> {
    const user = await this.existing(userId, 'BAD_USER_INPUT')
    if (user.role === role) return user
    const updated = { ...user, role }
    await this.saveUser(updated)
    await this.deps.audit.record('role_changed', { userId, client: context.client }, { from: user.role, to: role, by: context.by })
    return updated
  }

  async startSession (user: User, client: ClientInfo, amr: string[] = []): Promise<AuthPayload> {
    const { session, refreshToken } = await this.deps.sessions.start(user, client, amr)
    return this.payload(user, session, refreshToken)
  }

  private async failedSignIn (reason: string, user: User | undefined, email: string, client: ClientInfo, operation = 'signIn'): Promise<void> {
    this.deps.metrics.signIns.inc({ outcome: 'failure', reason: reason === 'email_not_verified' ? reason : 'invalid_credentials' })
    await this.deps.audit.record('sign_in_failed', { userId: user?.id ?? null, client }, { reason, email: email.slice(0, 320), operation })
  }

  private async existing (userId: string, code: 'UNAUTHENTICATED' | 'BAD_USER_INPUT' = 'UNAUTHENTICATED'): Promise<User> {
    const user = await this.user(userId)
    if (user === undefined) throw authError(code, 'the account does not exist', code === 'BAD_USER_INPUT' ? { field: 'id' } : undefined)
    return user
  }

  private async payload (user: User, session: Session, refreshToken: string): Promise<AuthPayload> {
    const { accessTtl, issuer, audience } = this.deps.settings
    const expiresAt = Math.floor(Date.now() / 1000) + accessTtl
    const amr = session.amr ?? []
    const claims = { sid: session.id, role: user.role, email_verified: user.emailVerified, ...(amr.length === 0 ? {} : { amr }) }
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES512', kid: this.deps.keys.kid, typ: 'JWT' })
      .setSubject(user.id).setIssuer(issuer).setAudience(audience)
      .setIssuedAt().setExpirationTime(expiresAt).setJti(randomUUID())
      .sign(this.deps.keys.privateKey)
    this.deps.metrics.tokensIssued.inc()
    return { accessToken, accessTokenExpiresAt: new Date(expiresAt * 1000).toISOString(), refreshToken, user, session }
  }
}
