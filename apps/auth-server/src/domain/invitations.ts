// Admin-created, single-use, expiring invitations. Accepting one creates the account (verified, passwordless,
// with the invited role and metadata) and signs the user in; they may set a password later.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Logger } from '@openmotion/common'
import { authError } from '../errors.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthMetrics } from './auth-metrics.js'
import { normalizeEmail, type AuthService } from './auth-service.js'
import { invitationMail } from './mail-templates.js'
import type { DocumentStore, Mailer } from './ports.js'
import type { AuthPayload, ClientInfo, Invitation, InvitationStatus, Role } from './records.js'

export interface InvitationDeps {
  store: DocumentStore
  auth: AuthService
  mailer: Mailer
  metrics: AuthMetrics
  limits: AttemptLimits
  audit: AuditSink
  logger: Logger
  settings: { appUrl: string, ttl: number }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function invitationStatus (invitation: Invitation, now = Date.now()): InvitationStatus {
  if (invitation.acceptedAt !== null) return 'accepted'
  if (invitation.revokedAt !== null) return 'revoked'
  return Date.parse(invitation.expiresAt) <= now ? 'expired' : 'pending'
}

export class Invitations {
  constructor (private readonly deps: InvitationDeps) {}

  /** Creates and mails an invitation; the token is returned once, for sharing it another way. */
  async invite (
    email: string,
    role: Role,
    metadata: Record<string, unknown>,
    invitedBy: string | null,
    client: ClientInfo | null = null
  ): Promise<{ invitation: Invitation, token: string }> {
    const normalized = normalizeEmail(email)
    if ((await this.deps.auth.userByEmail(normalized)) !== undefined) { throw authError('BAD_USER_INPUT', 'an account with this email already exists', { field: 'email' }) }
    const token = randomBytes(32).toString('base64url')
    const now = Date.now()
    const invitation: Invitation = {
      id: randomUUID(),
      email: normalized,
      role,
      metadata,
      tokenHash: sha256(token),
      invitedBy,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.deps.settings.ttl * 1000).toISOString(),
      acceptedAt: null,
      revokedAt: null
    }
    await this.deps.store.insert('invitations', invitation)
    await this.deps.audit.record('invitation_sent', { userId: invitedBy, client }, { invitationId: invitation.id, email: normalized, role })
    try {
      await this.deps.mailer.send(invitationMail(this.deps.settings.appUrl, normalized, token, Math.round(this.deps.settings.ttl / 86_400)))
      this.deps.metrics.mails.inc({ kind: 'invitation', outcome: 'sent' })
    } catch (error) {
      this.deps.metrics.mails.inc({ kind: 'invitation', outcome: 'failed' })
      this.deps.logger.error({ err: error }, 'sending the invitation mail failed; the token was returned to the admin')
    }
    return { invitation, token }
  }

  async list (): Promise<Invitation[]> {
    const all = await this.deps.store.list<Invitation>('invitations')
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }

  async revoke (id: string): Promise<boolean> {
    const invitation = await this.deps.store.get<Invitation>('invitations', id)
    if (invitation === undefined || invitationStatus(invitation) !== 'pending') return false
    await this.deps.store.put('invitations', { ...invitation, revokedAt: new Date().toISOString() })
    return true
  }

  /** Tokens carry 256 random bits, so guessing is hopeless; the per-IP limit still stops a client hammering. */
  async accept (token: string, client: ClientInfo): Promise<AuthPayload> {
    await this.deps.limits.attempt('code', 'acceptInvitation', client, null)
    const [invitation] = await this.deps.store.findBy<Invitation>('invitations', 'tokenHash', sha256(token.trim()))
    if (invitation === undefined) throw authError('CODE_INVALID', 'the invitation token is unknown')
    const status = invitationStatus(invitation)
    if (status === 'expired') throw authError('CODE_EXPIRED', 'the invitation has expired; ask for a new one')
    if (status !== 'pending') throw authError('CODE_INVALID', `the invitation was already ${status}`)
    const user = {
      id: randomUUID(),
      email: invitation.email,
      passwordHash: null,
      emailVerified: true,
      role: invitation.role,
      metadata: invitation.metadata,
      createdAt: new Date().toISOString()
    }
    if (!(await this.deps.auth.createUser(user))) throw authError('CODE_INVALID', 'an account with this email exists already; sign in instead')
    await this.deps.store.put('invitations', { ...invitation, acceptedAt: new Date().toISOString() })
    const payload = await this.deps.auth.startSession(user, client)
    await this.deps.audit.record(
      'invitation_accepted',
      { userId: user.id, sessionId: payload.session.id, client },
      { invitationId: invitation.id, role: user.role }
    )
    return payload
  }
}
