// The records of second factors: a TOTP secret, hashed recovery codes, passkeys, the MFA tickets signIn hands out
// and the WebAuthn challenges of a ceremony. Kept beside records.ts so every MFA service can name them.

/** Collections of the document store holding MFA state. */
export const MFA_COLLECTIONS = {
  totp: 'totp',
  recoveryCodes: 'recovery_codes',
  passkeys: 'passkeys',
  tickets: 'mfa_tickets',
  challenges: 'webauthn_challenges'
} as const

/** One per account, id = the user id; `enabled` is false between enrollTotp and confirmTotp. */
export interface TotpFactor extends Record<string, unknown> {
  id: string
  userId: string
  /** The base32 (RFC 4648) secret the otpauth:// URI carries, sealed by secret-box.ts (plain in rows written before). */
  secret: string
  enabled: boolean
  /** The last 30-second step a code was accepted for: RFC 6238 §5.2, a verifier accepts each OTP once. */
  lastStep: number
  createdAt: string
  enabledAt: string | null
  version: number
}

/** id = SHA-256 of `userId:code`: consuming one is deleting it, which exactly one concurrent request can do. */
export interface RecoveryCode extends Record<string, unknown> { id: string, userId: string, createdAt: string }

export interface Passkey extends Record<string, unknown> {
  /** The credential id, base64url: the authenticator names the credential it signs with by it. */
  id: string
  userId: string
  name: string
  publicKey: string
  counter: number
  transports: string[]
  /** singleDevice or multiDevice (synced); with backedUp it decides RFC 8176's hwk or swk. */
  deviceType: string
  backupEligible: boolean
  backedUp: boolean
  createdAt: string
  lastUsedAt: string | null
  /** Compare-and-set version (absent on passkeys stored before it: 0): the counter check and its update are one step. */
  version?: number
}

/** id = SHA-256 of the ticket handed to the client; consumed by deleting it. */
export interface MfaTicket extends Record<string, unknown> {
  id: string
  userId: string
  deviceName: string | null
  /** The first step's RFC 8176 methods (a provider's sign-in); absent means a password. */
  amr?: string[]
  createdAt: string
  expiresAt: string
}

export type ChallengePurpose = 'register' | 'sign_in' | 'second_factor'

/** id = the challenge itself (base64url): the browser echoes it in clientDataJSON, so the response names it. */
export interface WebauthnChallenge extends Record<string, unknown> {
  id: string
  purpose: ChallengePurpose
  /** The session (register) or the ticket hash (second_factor) that asked; null for a passkey-only sign-in. */
  boundTo: string | null
  userId: string | null
  expiresAt: string
}

export type SecondFactor = 'totp' | 'recovery_code' | 'passkey'
