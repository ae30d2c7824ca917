// Sign-up, sign-in, per-device sessions and refresh-token rotation. A refresh token is `<sessionId>.<secret>`;
// the session keeps only the SHA-256 of the current secret and of the ones it replaced, so presenting a replaced
// secret is recognised as reuse (a stolen token) and revokes the whole session.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { DocumentStore } from '../adapters/document-store.js'
import type { RateLimiter } from '../adapters/rate-limiter.js'
import { authError, rateLimited } from '../errors.js'
import type { AuthMetrics } from './auth-metrics.js'
import { checkPassword, type Passwords } from './passwords.js'
import type { SigningKeys } from './signing-keys.js'

export type Role = 'user' | 'admin'

export interface User extends Record<string, unknown> {
  id: string
  email: string
  passwordHash: string | null
  emailVerified: boolean
  role: Role
  metadata: Record<string, unknown>
  createdAt: string
}

export interface Session extends Record<string, unknown> {
  id: string
  userId: string
  deviceName: string | null
  userAgent: string | null
  ip: string | null
  refreshHash: string
  previousHashes: string[]
  createdAt: string
  lastUsedAt: string
  expiresAt: string
  revokedAt: string | null
}

export interface AuthPayload {
  accessToken: string
  accessTokenExpiresAt: string
  refreshToken: string
  user: User
  session: Session
}

export interface ClientInfo { deviceName?: string | null, userAgent?: string | null, ip?: string | null }

export interface AuthSettings {
  accessTtl: number
  refreshTtl: number
  issuer: string
  audience: string
  requireEmailVerification: boolean
  signInLimits: { perAccount: number, perIp: number, windowSeconds: number }
}

export interface AuthDeps {
  store: DocumentStore
  keys: SigningKeys
  passwords: Passwords
  limiter: RateLimiter
  metrics: AuthMetrics
  settings: AuthSettings
  /** Called after a sign-up so the verification mail goes out (account-recovery owns mails). */
  onSignUp: (user: User, client: ClientInfo) => Promise<void>
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function normalizeEmail (email: string): string {
  const normalized = email.trim().toLowerCase()
  if (!EMAIL.test(normalized) || normalized.length > 254) throw authError('BAD_USER_INPUT', 'email is not a valid address', { field: 'email' })
  return normalized
}

export class AuthService {
  constructor (private readonly deps: AuthDeps) {}

  async signUp (email: string, password: string, client: ClientInfo): Promise<AuthPayload> {
    const normalized = normalizeEmail(email)
    checkPassword(password)
    const user: User = { id: randomUUID(), email: normalized, passwordHash: await this.deps.passwords.hash(password), emailVerified: false, role: 'user', metadata: {}, createdAt: new Date().toISOString() }
    if (!await this.createUser(user)) {
      this.deps.metrics.signUps.inc({ outcome: 'email_taken' })
      throw authError('BAD_USER_INPUT', 'an account with this email already exists', { field: 'email' })
    }
    this.deps.metrics.signUps.inc({ outcome: 'success' })
    await this.deps.onSignUp(user, client)
    return this.startSession(user, client)
  }

  async signIn (email: string, password: string, client: ClientInfo): Promise<AuthPayload> {
    const normalized = email.trim().toLowerCase()
    const { perAccount, perIp, windowSeconds } = this.deps.settings.signInLimits
    // Every attempt counts against the IP; only failures count against the account, so its owner is not locked
    // out by their own successful sign-ins, and an attacker spraying one account is stopped after `perAccount`.
    const byIp = await this.deps.limiter.consume(`signin:ip:${client.ip ?? 'unknown'}`, perIp, windowSeconds)
    const byAccount = await this.deps.limiter.peek(`signin:account:${normalized}`, perAccount)
    if (!byIp.allowed || !byAccount.allowed) {
      this.deps.metrics.signIns.inc({ outcome: 'failure', reason: 'rate_limited' })
      throw rateLimited(Math.max(byIp.allowed ? 0 : byIp.retryAfter, byAccount.allowed ? 0 : byAccount.retryAfter), 'sign-in attempts')
    }
    const [user] = await this.deps.store.findBy<User>('users', 'email', normalized)
    if (user === undefined || !await this.deps.passwords.matches(password, user.passwordHash)) {
      await this.deps.limiter.consume(`signin:account:${normalized}`, perAccount, windowSeconds)
      this.deps.metrics.signIns.inc({ outcome: 'failure', reason: 'invalid_credentials' })
      throw authError('INVALID_CREDENTIALS', 'email or password is wrong')
    }
    await this.deps.limiter.reset(`signin:account:${normalized}`)
    if (this.deps.settings.requireEmailVerification && !user.emailVerified) {
      this.deps.metrics.signIns.inc({ outcome: 'failure', reason: 'email_not_verified' })
      throw authError('EMAIL_NOT_VERIFIED', 'verify your e-mail address first (verifyEmail; resendVerificationCode sends a new code)')
    }
    this.deps.metrics.signIns.inc({ outcome: 'success', reason: '' })
    return this.startSession(user, client)
  }

  async refresh (refreshToken: string, client: ClientInfo): Promise<AuthPayload> {
    try {
      const payload = await this.rotate(refreshToken, client)
      this.deps.metrics.refreshes.inc({ outcome: 'success' })
      return payload
    } catch (error) {
      this.deps.metrics.refreshes.inc({ outcome: 'failure' })
      throw error
    }
  }

  async activeSession (sessionId: string): Promise<Session | undefined> {
    const session = await this.deps.store.get<Session>('sessions', sessionId)
    return session === undefined || session.revokedAt !== null || Date.parse(session.expiresAt) < Date.now() ? undefined : session
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

  async sessions (userId: string): Promise<Session[]> {
    const all = await this.deps.store.findBy<Session>('sessions', 'userId', userId)
    return all.filter((s) => s.revokedAt === null && Date.parse(s.expiresAt) > Date.now())
  }

  async revoke (userId: string, sessionId: string): Promise<boolean> {
    const session = await this.deps.store.get<Session>('sessions', sessionId)
    if (session === undefined || session.userId !== userId || session.revokedAt !== null) return false
    await this.deps.store.put('sessions', { ...session, revokedAt: new Date().toISOString() })
    return true
  }

  async revokeAll (userId: string): Promise<number> {
    const sessions = await this.sessions(userId)
    for (const s of sessions) await this.revoke(userId, s.id)
    return sessions.length
  }

  async updateProfile (userId: string, metadata: Record<string, unknown>): Promise<User> {
    const user = await this.existing(userId)
    const updated = { ...user, metadata }
    await this.saveUser(updated)
    return updated
  }

  async changePassword (userId: string, current: string, next: string): Promise<boolean> {
    const user = await this.existing(userId)
    if (user.passwordHash === null) throw authError('BAD_USER_INPUT', 'this account has no password yet; use setPassword', { field: 'currentPassword' })
    if (!await this.deps.passwords.matches(current, user.passwordHash)) throw authError('INVALID_CREDENTIALS', 'current password is wrong')
    checkPassword(next, 'newPassword')
    await this.saveUser({ ...user, passwordHash: await this.deps.passwords.hash(next) })
    return true
  }

  /** First password of an account created by invitation (passwordless until now). */
  async setPassword (userId: string, password: string): Promise<boolean> {
    const user = await this.existing(userId)
    if (user.passwordHash !== null) throw authError('BAD_USER_INPUT', 'this account already has a password; use changePassword', { field: 'password' })
    checkPassword(password)
    await this.saveUser({ ...user, passwordHash: await this.deps.passwords.hash(password) })
    return true
  }

  async startSession (user: User, client: ClientInfo): Promise<AuthPayload> {
    const secret = randomBytes(32).toString('base64url')
    const now = new Date()
    const session: Session = {
      id: randomUUID(),
      userId: user.id,
      deviceName: client.deviceName ?? null,
      userAgent: client.userAgent ?? null,
      ip: client.ip ?? null,
      refreshHash: sha256(secret),
      previousHashes: [],
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.deps.settings.refreshTtl * 1000).toISOString(),
      revokedAt: null
    }
    await this.deps.store.insert('sessions', session)
    return this.payload(user, session, `${session.id}.${secret}`)
  }

  private async existing (userId: string): Promise<User> {
    const user = await this.user(userId)
    if (user === undefined) throw authError('UNAUTHENTICATED', 'the account no longer exists')
    return user
  }

  private async rotate (refreshToken: string, client: ClientInfo): Promise<AuthPayload> {
    const [sessionId, secret] = refreshToken.split('.')
    const session = sessionId === undefined || secret === undefined ? undefined : await this.deps.store.get<Session>('sessions', sessionId)
    if (session === undefined || secret === undefined || session.revokedAt !== null || Date.parse(session.expiresAt) < Date.now()) {
      throw authError('UNAUTHENTICATED', 'refresh token is invalid or expired')
    }
    const hash = sha256(secret)
    if (session.previousHashes.includes(hash)) {
      await this.deps.store.put('sessions', { ...session, revokedAt: new Date().toISOString() })
      this.deps.metrics.reuseDetections.inc()
      throw authError('TOKEN_REUSED', 'this refresh token was already used; the session has been revoked')
    }
    if (hash !== session.refreshHash) throw authError('UNAUTHENTICATED', 'refresh token is invalid or expired')
    const user = await this.existing(session.userId)
    if (this.deps.settings.requireEmailVerification && !user.emailVerified) throw authError('EMAIL_NOT_VERIFIED', 'verify your e-mail address first')
    const next = randomBytes(32).toString('base64url')
    const now = Date.now()
    const updated: Session = {
      ...session,
      refreshHash: sha256(next),
      previousHashes: [...session.previousHashes.slice(-49), hash],
      lastUsedAt: new Date(now).toISOString(),
      // Sliding lifetime: each refresh extends the session by REFRESH_TOKEN_TTL.
      expiresAt: new Date(now + this.deps.settings.refreshTtl * 1000).toISOString(),
      userAgent: client.userAgent ?? session.userAgent,
      ip: client.ip ?? session.ip
    }
    await this.deps.store.put('sessions', updated)
    return this.payload(user, updated, `${session.id}.${next}`)
  }

  private async payload (user: User, session: Session, refreshToken: string): Promise<AuthPayload> {
    const { accessTtl, issuer, audience } = this.deps.settings
    const expiresAt = Math.floor(Date.now() / 1000) + accessTtl
    const accessToken = await new SignJWT({ sid: session.id, role: user.role, email_verified: user.emailVerified })
      .setProtectedHeader({ alg: 'ES512', kid: this.deps.keys.kid, typ: 'JWT' })
      .setSubject(user.id).setIssuer(issuer).setAudience(audience)
      .setIssuedAt().setExpirationTime(expiresAt).setJti(randomUUID())
      .sign(this.deps.keys.privateKey)
    this.deps.metrics.tokensIssued.inc()
    return { accessToken, accessTokenExpiresAt: new Date(expiresAt * 1000).toISOString(), refreshToken, user, session }
  }
}
