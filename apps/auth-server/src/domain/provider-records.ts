// What sign-in with identity providers stores: the outside identities linked to accounts, the flows in progress
// (their state, nonce and PKCE verifier, bound to the browser by a signed cookie) and the one-time codes a callback
// hands to the front end. Flows and codes are single use: consumed by deleting them.
import type { ProviderProfile } from './ports.js'

export const PROVIDER_COLLECTIONS = { identities: 'identities', flows: 'provider_flows', codes: 'provider_codes' } as const

/** An outside identity linked to an account; the id is derived from provider and subject, so it links to one account. */
export interface Identity extends Record<string, unknown> {
  id: string
  userId: string
  provider: string
  subject: string
  email: string | null
  createdAt: string
  lastUsedAt: string | null
}

/** A sign-in (or a link, when `linkUserId` is set) waiting for the provider's callback; id = SHA-256 of its state. */
export interface ProviderFlow extends Record<string, unknown> {
  id: string
  provider: string
  nonce: string
  codeVerifier: string
  redirectTo: string
  linkUserId: string | null
  linkSessionId: string | null
  createdAt: string
  expiresAt: string
}

/** What a callback proved, waiting for exchangeProviderCode; id = SHA-256 of the code in the redirect. */
export interface ProviderCode extends Record<string, unknown> {
  id: string
  provider: string
  profile: ProviderProfile
  createdAt: string
  expiresAt: string
}
