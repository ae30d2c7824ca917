// The GraphQL contract. `schema.graphql` next to the package is generated from this (a test keeps them equal).
import { mfaSchema } from './mfa-schema.js'
import { providerSchema } from './provider-schema.js'

export const schema = /* GraphQL */ `
"""Any JSON value; used for free-form user metadata."""
scalar JSON

type User {
  id: ID!
  email: String!
  emailVerified: Boolean!
  """user or admin"""
  role: String!
  metadata: JSON!
  """ISO 8601"""
  createdAt: String!
  """false for accounts created by invitation until setPassword"""
  hasPassword: Boolean!
}

type Session {
  id: ID!
  deviceName: String
  userAgent: String
  ip: String
  createdAt: String!
  lastUsedAt: String!
  """true for the session of the access token making the request"""
  current: Boolean!
}

type AuthPayload {
  """ES512 JWT; send as Authorization: Bearer"""
  accessToken: String!
  accessTokenExpiresAt: String!
  """opaque; rotated on every refresh; also set as an HttpOnly cookie"""
  refreshToken: String!
  user: User!
  session: Session!
}

type Invitation {
  id: ID!
  email: String!
  role: String!
  metadata: JSON!
  """pending, accepted, revoked or expired"""
  status: String!
  createdAt: String!
  expiresAt: String!
  acceptedAt: String
  """only in the inviteUser answer: the single-use token also mailed to the invitee"""
  token: String
}

"""A security event of the audit log"""
type AuditEvent {
  """ISO time, then a random suffix; ordering by id is ordering by time"""
  id: ID!
  """signed_up, sign_in_succeeded, sign_in_failed, refresh_reused, session_revoked, password_changed, password_reset,
  email_verified, invitation_sent, invitation_accepted, role_changed, rate_limited, mfa_enabled, mfa_disabled,
  mfa_failed, recovery_code_used, identity_linked, identity_unlinked or provider_sign_in_failed"""
  type: String!
  """ISO 8601"""
  at: String!
  userId: ID
  sessionId: ID
  ip: String
  userAgent: String
  """reason, operation, role and other small facts; never secrets"""
  detail: JSON!
}

type AuditEventPage {
  """newest first"""
  events: [AuditEvent!]!
  """pass as after for the next page"""
  endCursor: String
  hasNextPage: Boolean!
}

"""Every given field must match; since/until bound the time (ISO 8601, until exclusive)"""
input AuditEventFilter {
  type: String
  userId: ID
  sessionId: ID
  ip: String
  since: String
  until: String
}

type Query {
  me: User!
  sessions: [Session!]!
  """admin only"""
  invitations: [Invitation!]!
  """admin only; newest first; first is 1 to 200"""
  auditEvents(filter: AuditEventFilter, first: Int = 50, after: String): AuditEventPage!
}

type Mutation {
  """always true, whether or not the address already has an account (no enumeration): a new address gets a
  verification code, the owner of a taken one a notice; then signIn"""
  signUp(email: String!, password: String!): Boolean!
  """for an account with a second factor: the error MFA_REQUIRED whose extensions carry ticket, ticketExpiresAt and
  factors (totp, recovery_code, passkey); then verifyMfa"""
  signIn(email: String!, password: String!, deviceName: String): AuthPayload!
  """falls back to the refresh cookie when the argument is absent"""
  refreshToken(refreshToken: String): AuthPayload!
  signOut: Boolean!
  """revokes every session of the user; returns how many"""
  signOutEverywhere: Int!
  revokeSession(id: ID!): Boolean!
  verifyEmail(email: String!, code: String!): User!
  """always true (no account enumeration); rate limited"""
  resendVerificationCode(email: String!): Boolean!
  """always true (no account enumeration); rate limited"""
  requestPasswordReset(email: String!): Boolean!
  """revokes every session of the user"""
  resetPassword(email: String!, code: String!, newPassword: String!): Boolean!
  """rate limited like signIn; ends every other session of the user and mails them"""
  changePassword(currentPassword: String!, newPassword: String!): Boolean!
  """first password of an account created by invitation"""
  setPassword(password: String!): Boolean!
  updateProfile(metadata: JSON!): User!
  """admin only; role is user (default) or admin"""
  inviteUser(email: String!, role: String, metadata: JSON): Invitation!
  """admin only"""
  revokeInvitation(id: ID!): Boolean!
  acceptInvitation(token: String!, deviceName: String): AuthPayload!
  """admin only; role is user or admin"""
  setUserRole(id: ID!, role: String!): User!
}
` + mfaSchema + providerSchema
