// The second-factor and passkey part of the GraphQL contract, appended to schema.ts's document. signIn keeps its
// AuthPayload! type: for an account with a second factor it answers the error MFA_REQUIRED (extensions: ticket,
// ticketExpiresAt, factors), so a client that predates MFA meets a clear error and never half a session.
export const mfaSchema = /* GraphQL */ `
"""A TOTP secret awaiting confirmTotp; show the QR code (or the secret) once"""
type TotpEnrollment {
  """base32 secret, for typing into an app by hand"""
  secret: String!
  """otpauth://totp/... (SHA1, 6 digits, 30 s)"""
  uri: String!
  """the uri as a QR code: data:image/svg+xml;base64,..."""
  qrCode: String!
}

"""A WebAuthn credential of the account"""
type Passkey {
  """the credential id, base64url"""
  id: ID!
  name: String!
  """singleDevice or multiDevice (synced)"""
  deviceType: String!
  backupEligible: Boolean!
  backedUp: Boolean!
  transports: [String!]!
  createdAt: String!
  lastUsedAt: String
}

type MfaStatus {
  totpEnabled: Boolean!
  recoveryCodesLeft: Int!
  passkeys: [Passkey!]!
}

extend type Query {
  mfaStatus: MfaStatus!
}

extend type Mutation {
  """a new TOTP secret (replaces an unconfirmed one); turned on by confirmTotp. A session opened more than
  MFA_REAUTH_WINDOW seconds ago gives the password"""
  enrollTotp(password: String): TotpEnrollment!
  """turns TOTP on with a first code; answers the 10 single-use recovery codes, shown this once"""
  confirmTotp(code: String!): [String!]!
  """turns TOTP off (and drops the recovery codes); needs a current code or the password"""
  disableTotp(code: String, password: String): Boolean!
  """replaces the recovery codes; needs a current code"""
  regenerateRecoveryCodes(code: String!): [String!]!
  """second step of signIn after MFA_REQUIRED: the ticket and exactly one of code, recoveryCode or passkey (an
  assertion answering passkeyMfaOptions)"""
  verifyMfa(ticket: String!, code: String, recoveryCode: String, passkey: JSON, deviceName: String): AuthPayload!
  """WebAuthn PublicKeyCredentialRequestOptionsJSON for the ticket's passkey step"""
  passkeyMfaOptions(ticket: String!): JSON!
  """WebAuthn PublicKeyCredentialCreationOptionsJSON for a new passkey of the signed-in user. A session opened more
  than MFA_REAUTH_WINDOW seconds ago gives the password or a current TOTP code"""
  passkeyRegistrationOptions(password: String, code: String): JSON!
  """the browser's RegistrationResponseJSON answering passkeyRegistrationOptions"""
  registerPasskey(response: JSON!, name: String): Passkey!
  """WebAuthn PublicKeyCredentialRequestOptionsJSON for signing in with a passkey alone (no e-mail)"""
  passkeySignInOptions: JSON!
  """the browser's AuthenticationResponseJSON answering passkeySignInOptions"""
  signInWithPasskey(response: JSON!, deviceName: String): AuthPayload!
  renamePasskey(id: ID!, name: String!): Passkey!
  deletePasskey(id: ID!): Boolean!
  """admin only; removes every second factor of the account (audited as mfa_disabled with by)"""
  resetUserMfa(id: ID!): Boolean!
}
`
