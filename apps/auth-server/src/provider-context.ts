// The identity-provider services, built from AUTH_PROVIDERS over the same store, limits and audit log as the rest
// of the auth context (auth-context.ts spreads them into the context the resolvers and the callback route receive).
import { createHash } from 'node:crypto'
import type { AuthConfig } from './config.js'
import { createIdentityProviders } from './adapters/identity-providers.js'
import type { AttemptLimits } from './domain/attempt-limits.js'
import type { AuditSink } from './domain/audit-log.js'
import type { AuthService } from './domain/auth-service.js'
import { Identities } from './domain/identities.js'
import type { Passkeys } from './domain/passkeys.js'
import type { DocumentStore, IdentityProvider } from './domain/ports.js'
import { ProviderFlows } from './domain/provider-flows.js'
import { ProviderSignIn } from './domain/provider-sign-in.js'
import type { SecondFactors } from './domain/second-factor.js'
import type { Sessions } from './domain/sessions.js'
import type { SigningKeys } from './domain/signing-keys.js'
import { callbackUrl, parseProviders } from './provider-config.js'

export interface ProviderContextDeps {
  store: DocumentStore
  keys: SigningKeys
  auth: AuthService
  sessions: Sessions
  secondFactors: SecondFactors
  passkeys: Passkeys
  limits: AttemptLimits
  audit: AuditSink
}

/** The key signing the flow cookie: from the signing key, so every instance agrees without a new secret. */
function flowCookieKey (keys: SigningKeys): Buffer {
  return createHash('sha256').update('auth-server provider flow cookie\u0000').update(keys.privateKey.export({ type: 'pkcs8', format: 'der' })).digest()
}

export function createProviderServices (config: AuthConfig, deps: ProviderContextDeps, providers?: IdentityProvider[]) {
  const configured = providers ?? createIdentityProviders(parseProviders(config.AUTH_PROVIDERS), (name) => callbackUrl(config.AUTH_PUBLIC_URL, name))
  const identities = new Identities({ store: deps.store, auth: deps.auth, audit: deps.audit, passkeys: deps.passkeys })
  const providerSignIn = new ProviderSignIn({
    ...deps, providers: configured, identities, flows: new ProviderFlows(deps.store, flowCookieKey(deps.keys))
  })
  return { identities, providerSignIn }
}
