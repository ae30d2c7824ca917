// Per-device sessions and refresh-token rotation. A refresh token is `<sessionId>.<secret>`; the session keeps
// only the SHA-256 of the current secret and of the ones it replaced. Every write to a session is a
// compare-and-set on its `version`, so concurrent refreshes and revocations never overwrite each other.
//
// Grace window (two tabs refreshing at once): the successor of a secret is HMAC(rotationKey, sessionId.secret),
// so the same old secret always yields the same successor. Presenting the secret just replaced, within
// `graceSeconds` of its rotation, answers that successor again instead of treating it as theft. Presenting any
// replaced secret later is reuse: the session (the whole rotation family) is revoked with TOKEN_REUSED.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { authError } from '../errors.js'
import type { AuditSink } from './audit-log.js'
import type { AuthMetrics } from './auth-metrics.js'
import type { DocumentStore } from './ports.js'
import type { ClientInfo, RevokeReason, Session, User } from './records.js'

export interface SessionSettings { refreshTtl: number, graceSeconds: number, rotationKey: Buffer }

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const SECRET = /^[A-Za-z0-9_-]{43}$/
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const CAS_TRIES = 5

export class Sessions {
  constructor (private readonly store: DocumentStore, private readonly audit: AuditSink, private readonly metrics: AuthMetrics,
    private readonly settings: SessionSettings) {}

  async start (user: User, client: ClientInfo, amr: string[] = []): Promise<{ session: Session, refreshToken: string }> {
    const secret = randomBytes(32).toString('base64url')
    const now = new Date()
    const session: Session = {
      id: randomUUID(),
      userId: user.id,
      deviceName: client.deviceName ?? null,
      userAgent: client.userAgent ?? null,
      ip: client.ip ?? null,
      refreshHash: sha256(secret),
      previousHash: null,
      rotatedAt: null,
      previousHashes: [],
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.settings.refreshTtl * 1000).toISOString(),
      revokedAt: null,
      amr,
      version: 1
    }
    await this.store.insert('sessions', session)
    return { session, refreshToken: `${session.id}.${secret}` }
  }

  async active (sessionId: string): Promise<Session | undefined> {
    const session = await this.store.get<Session>('sessions', sessionId)
    return session === undefined || !live(session) ? undefined : session
  }

  async list (userId: string): Promise<Session[]> {
    return (await this.store.findBy<Session>('sessions', 'userId', userId)).filter(live)
  }

  /** Exchanges a refresh token for its successor (see the grace window above). */
  async rotate (refreshToken: string, client: ClientInfo): Promise<{ session: Session, refreshToken: string }> {
    const dot = refreshToken.indexOf('.')
    const sessionId = refreshToken.slice(0, dot)
    const secret = refreshToken.slice(dot + 1)
    // Checked here too: a cookie is not a GraphQL argument, so the input guard never saw it.
    if (!SESSION_ID.test(sessionId) || !SECRET.test(secret)) throw authError('UNAUTHENTICATED', 'refresh token is invalid or expired')
    const hash = sha256(secret)
    const successor = createHmac('sha256', this.settings.rotationKey).update(`${sessionId}.${secret}`).digest('base64url')
    for (let i = 0; i < CAS_TRIES; i++) {
      const session = await this.store.get<Session>('sessions', sessionId)
      if (session === undefined || !live(session)) throw authError('UNAUTHENTICATED', 'refresh token is invalid or expired')
      if (hash === session.refreshHash) {
        const now = Date.now()
        const updated: Session = {
          ...session,
          refreshHash: sha256(successor),
          previousHash: hash,
          rotatedAt: new Date(now).toISOString(),
          previousHashes: [...session.previousHashes.slice(-49), hash],
          lastUsedAt: new Date(now).toISOString(),
          // Sliding lifetime: each refresh extends the session by REFRESH_TOKEN_TTL.
          expiresAt: new Date(now + this.settings.refreshTtl * 1000).toISOString(),
          userAgent: client.userAgent ?? session.userAgent,
          ip: client.ip ?? session.ip,
          version: (session.version ?? 0) + 1
        }
        if (await this.store.replaceIf('sessions', updated, session.version ?? 0)) return { session: updated, refreshToken: `${sessionId}.${successor}` }
        continue // another request rotated it first: read again, this token is now the grace-window case
      }
      const withinGrace = session.rotatedAt !== null && session.rotatedAt !== undefined &&
        Date.now() - Date.parse(session.rotatedAt) <= this.settings.graceSeconds * 1000
      if (hash === session.previousHash && withinGrace && sha256(successor) === session.refreshHash) {
        return { session, refreshToken: `${sessionId}.${successor}` }
      }
      if (session.previousHashes.includes(hash)) {
        await this.revoke(session.userId, session.id, 'refresh_reused', client)
        this.metrics.reuseDetections.inc()
        await this.audit.record('refresh_reused', { userId: session.userId, sessionId: session.id, client })
        throw authError('TOKEN_REUSED', 'this refresh token was already used; the session has been revoked')
      }
      throw authError('UNAUTHENTICATED', 'refresh token is invalid or expired')
    }
    throw authError('UNAUTHENTICATED', 'the session is being refreshed concurrently; retry')
  }

  /** Revokes one session of `userId`; resolves false when it is not theirs or already revoked. */
  async revoke (userId: string, sessionId: string, reason: RevokeReason, client: ClientInfo | null): Promise<boolean> {
    for (let i = 0; i < CAS_TRIES; i++) {
      const session = await this.store.get<Session>('sessions', sessionId)
      if (session === undefined || session.userId !== userId || session.revokedAt !== null) return false
      const revoked = { ...session, revokedAt: new Date().toISOString(), version: (session.version ?? 0) + 1 }
      if (await this.store.replaceIf('sessions', revoked, session.version ?? 0)) {
        await this.audit.record('session_revoked', { userId, sessionId, client }, { reason })
        return true
      }
    }
    throw authError('INTERNAL', `session ${sessionId} kept changing while being revoked`)
  }

  /** Revokes every live session of the user except `keep`; resolves how many. */
  async revokeAll (userId: string, reason: RevokeReason, client: ClientInfo | null, keep: string | null = null): Promise<number> {
    let count = 0
    for (const s of await this.list(userId)) if (s.id !== keep && await this.revoke(userId, s.id, reason, client)) count++
    return count
  }
}

function live (session: Session): boolean {
  return session.revokedAt === null && Date.parse(session.expiresAt) > Date.now()
}
