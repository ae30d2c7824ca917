// The GraphQL contract. `schema.graphql` next to the package is generated from this (a test keeps them equal).
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

type Query {
  me: User!
  sessions: [Session!]!
  """admin only"""
  invitations: [Invitation!]!
}

type Mutation {
  signUp(email: String!, password: String!, deviceName: String): AuthPayload!
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
  changePassword(currentPassword: String!, newPassword: String!): Boolean!
  """first password of an account created by invitation"""
  setPassword(password: String!): Boolean!
  updateProfile(metadata: JSON!): User!
  """admin only; role is user (default) or admin"""
  inviteUser(email: String!, role: String, metadata: JSON): Invitation!
  """admin only"""
  revokeInvitation(id: ID!): Boolean!
  acceptInvitation(token: String!, deviceName: String): AuthPayload!
}
`
