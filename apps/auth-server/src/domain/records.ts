// The records the auth domain reads and writes: accounts, sessions, invitations and audit events, and who is
// calling. They live apart from the services so that every service can name them without importing another.

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

export interface ClientInfo { deviceName?: string | null, userAgent?: string | null, ip?: string | null }

export interface Session extends Record<string, unknown> {
  id: string
  userId: string
  deviceName: string | null
  userAgent: string | null
  ip: string | null
  refreshHash: string
  /** The secret `refreshHash` replaced, and when: the one a concurrent tab may still present. */
  previousHash?: string | null
  rotatedAt?: string | null
  previousHashes: string[]
  createdAt: string
  lastUsedAt: string
  expiresAt: string
  revokedAt: string | null
  /** RFC 8176 methods that opened the session (pwd, otp, hwk, swk, mfa); carried by every access token it yields. */
  amr?: string[]
  version?: number
}

export type RevokeReason = 'sign_out' | 'revoked' | 'sign_out_everywhere' | 'password_changed' | 'password_reset' | 'refresh_reused'

export interface AuthPayload {
  accessToken: string
  accessTokenExpiresAt: string
  refreshToken: string
  user: User
  session: Session
}

export interface Invitation extends Record<string, unknown> {
  id: string
  email: string
  role: Role
  metadata: Record<string, unknown>
  tokenHash: string
  invitedBy: string | null
  createdAt: string
  expiresAt: string
  acceptedAt: string | null
  revokedAt: string | null
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired'

export const AUDIT_EVENT_TYPES = [
  'signed_up', 'sign_in_succeeded', 'sign_in_failed', 'refresh_reused', 'session_revoked', 'password_changed', 'password_reset',
  'email_verified', 'invitation_sent', 'invitation_accepted', 'role_changed', 'rate_limited',
  'mfa_enabled', 'mfa_disabled', 'mfa_failed', 'recovery_code_used', 'identity_linked', 'identity_unlinked', 'provider_sign_in_failed'
] as const
export type AuditEventType = typeof AUDIT_EVENT_TYPES[number]

export interface AuditEvent extends Record<string, unknown> {
  id: string
  type: AuditEventType
  at: string
  userId: string | null
  sessionId: string | null
  ip: string | null
  userAgent: string | null
  /** Small facts about the event: a failure reason, the limited operation, the new role. Never secrets. */
  detail: Record<string, string | number | boolean | null>
}
