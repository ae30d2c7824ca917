// The outside world as the auth domain sees it. Adapters (src/adapters/) implement these; the domain never
// imports an adapter, so the document store, the mailer and the attempt counters can be swapped (SQL or memory,
// SMTP or the log, Redis or memory) without touching the rules.

/** Users, sessions and the rest are schemaless JSON documents (the spec's "store"), found by id or by one indexed field. */
export type Document = Record<string, unknown> & { id: string }

export interface DocumentStore {
  get<T extends Document> (collection: string, id: string): Promise<T | undefined>
  /** Finds documents whose top-level `field` equals `value` (strings compared exactly). */
  findBy<T extends Document> (collection: string, field: string, value: string): Promise<T[]>
  /** Every document of the collection, ordered by id. */
  list<T extends Document> (collection: string): Promise<T[]>
  /** Newest-id-first page: documents containing every `equals` field, with fromId <= id < beforeId. */
  page<T extends Document> (collection: string, query: PageQuery): Promise<T[]>
  /** Inserts; resolves false when the id exists or `unique` field value is already taken in the collection. */
  insert (collection: string, doc: Document, unique?: string): Promise<boolean>
  put (collection: string, doc: Document): Promise<void>
  /**
   * Compare-and-set, atomically: replaces the document only while its stored `version` (absent = 0) still equals
   * `expectedVersion`; resolves whether it did. Concurrent writers with the same expectation: exactly one wins.
   */
  replaceIf (collection: string, doc: Document, expectedVersion: number): Promise<boolean>
  /** Resolves true for exactly one of concurrent deletes of a document: single-use secrets are consumed by deleting them. */
  delete (collection: string, id: string): Promise<boolean>
  /** Deletes the documents whose top-level ISO-time `field` is before `before`; resolves how many (expired tickets, challenges). */
  deleteBefore (collection: string, field: string, before: string): Promise<number>
}

export interface PageQuery { equals?: Record<string, string>, beforeId?: string | undefined, fromId?: string | undefined, limit: number }

export interface Mail { to: string, subject: string, text: string, html: string }

export interface Mailer {
  send (mail: Mail): Promise<void>
  close (): Promise<void>
}

/** A named limit: at most `points` hits per key in a fixed window of `windowSeconds`. */
export interface RateRule { name: string, points: number, windowSeconds: number }

export interface RateDecision { allowed: boolean, /** seconds until the window resets */ retryAfter: number, count: number }

export interface RateLimiter {
  /** Counts one hit of `rule` on `key` and says whether it is within the rule's points. */
  consume (rule: RateRule, key: string): Promise<RateDecision>
  /** Forgets the hits of `rule` on `key` (a successful sign-in clears the account's failures). */
  reset (rule: RateRule, key: string): Promise<void>
}

/** What an identity provider asserted about the person who signed in there, after every check passed. */
export interface ProviderProfile {
  /** The provider's stable id of the person (OIDC `sub`, GitHub's numeric user id). */
  subject: string
  email: string | null
  /** Whether the provider vouches that the person controls `email` (OIDC `email_verified`, GitHub's verified flag). */
  emailVerified: boolean
  /** The provider's own RFC 8176 methods (the ID token's `amr`), when it sends them. */
  amr: string[] | null
}

/** The per-flow secrets a sign-in binds to the browser and checks on the way back. */
export interface AuthorizationChecks { state: string, nonce: string, codeVerifier: string }

/** One configured identity provider (OpenID Connect or plain OAuth 2.0) as the sign-in flow drives it. */
export interface IdentityProvider {
  readonly name: string
  readonly kind: 'oidc' | 'github'
  readonly label: string
  /** Exact URLs a sign-in may return the browser to. */
  readonly redirects: readonly string[]
  /** The provider's authorization URL (code flow, PKCE S256, state and, for OIDC, nonce). */
  authorizationUrl (checks: AuthorizationChecks): Promise<string>
  /**
   * Exchanges the code of the callback URL and checks the answer (state, ID token signature, issuer, audience, azp,
   * expiry, nonce; or the OAuth user). Throws PROVIDER_REJECTED when a check fails, SERVICE_UNAVAILABLE when the
   * provider cannot be reached.
   */
  complete (callback: URL, checks: AuthorizationChecks): Promise<ProviderProfile>
}
