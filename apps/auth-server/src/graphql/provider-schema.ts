// Sign-in with identity providers in the GraphQL contract, appended to schema.ts's document. The browser leaves for
// the provider with signInWithProvider's URL and comes back to redirectTo with ?code=… (or ?error=CODE); the code
// becomes a session with exchangeProviderCode. No token ever travels in a URL.
export const providerSchema = /* GraphQL */ `
"""An identity provider a sign-in page may offer as a button"""
type AuthProvider {
  """the id used in signInWithProvider and in the callback URL"""
  name: String!
  """what a button says"""
  label: String!
  """oidc or github"""
  kind: String!
}

"""An outside identity that signs in to an account"""
type ProviderIdentity {
  id: ID!
  provider: String!
  """the provider's id of the person (OIDC sub, GitHub user id)"""
  subject: String!
  """the address the provider gave at the last sign-in"""
  email: String
  createdAt: String!
  lastUsedAt: String
}

extend type Query {
  """the configured providers, for sign-in buttons; no authentication"""
  authProviders: [AuthProvider!]!
  """the caller's linked identities"""
  identities: [ProviderIdentity!]!
  """admin only: the identities of an account"""
  userIdentities(userId: ID!): [ProviderIdentity!]!
}

extend type Mutation {
  """the provider's authorization URL to send the browser to (code flow, PKCE S256, state and nonce); also sets a
  short-lived signed cookie binding the sign-in to this browser. redirectTo must be one of the provider's redirects"""
  signInWithProvider(provider: String!, redirectTo: String!): String!
  """like signInWithProvider, for the signed-in caller: the callback links the identity to this account (the
  provider must vouch for its e-mail) and returns to redirectTo with ?linked=<provider> or ?error=CODE"""
  linkProvider(provider: String!, redirectTo: String!): String!
  """the one-time code of the callback's redirect (single use, 60 s) → the session; MFA_REQUIRED with a ticket for
  an account with a second factor; ACCOUNT_EXISTS when the e-mail belongs to an account the identity is not linked to"""
  exchangeProviderCode(code: String!, deviceName: String): AuthPayload!
  """removes the caller's identities of that provider; LAST_SIGN_IN_METHOD when nothing else would sign in"""
  unlinkProvider(provider: String!): Boolean!
  """admin only: removes one identity of any account"""
  removeUserIdentity(id: ID!): Boolean!
}
`
