// What clients see of stored documents: never hashes, never another session's secrets.
import { invitationStatus } from '../domain/invitations.js'
import type { AuditEvent, Invitation, Session, User } from '../domain/records.js'

export const userView = (user: User) => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  role: user.role,
  metadata: user.metadata,
  createdAt: user.createdAt,
  hasPassword: user.passwordHash !== null
})

export const sessionView = (session: Session, currentId: string) => ({
  id: session.id,
  deviceName: session.deviceName,
  userAgent: session.userAgent,
  ip: session.ip,
  createdAt: session.createdAt,
  lastUsedAt: session.lastUsedAt,
  current: session.id === currentId
})

export const invitationView = (invitation: Invitation, token: string | null = null) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  metadata: invitation.metadata,
  status: invitationStatus(invitation),
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
  acceptedAt: invitation.acceptedAt,
  token
})

export const auditEventView = (event: AuditEvent) => ({
  id: event.id, type: event.type, at: event.at, userId: event.userId, sessionId: event.sessionId, ip: event.ip, userAgent: event.userAgent, detail: event.detail
})
