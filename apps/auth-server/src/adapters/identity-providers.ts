// The identity providers of AUTH_PROVIDERS, driven by openid-client (panva; OpenID Certified, built on
// oauth4webapi and jose): discovery and JWKS for OpenID Connect, the code flow with PKCE S256, and every ID token
// check (signature against the provider's JWKS with its expected algorithm, so `alg: none` never passes; issuer,
// audience, `azp` when there are several audiences, expiry, nonce). GitHub speaks OAuth 2.0 without ID tokens: the
// same library runs its code flow over GitHub's fixed endpoints, and the person is read from its REST API.
import * as oidc from 'openid-client'
import { isServiceUnavailable, type AppError } from '@openmotion/common'
import { authError, isAuthError } from '../errors.js'
import type { AuthorizationChecks, IdentityProvider, ProviderProfile } from '../domain/ports.js'
import type { ProviderSettings } from '../provider-config.js'

/** Seconds a provider has to answer one request (discovery, token, user) before the sign-in is answered 503. */
const REQUEST_TIMEOUT_SECONDS = 10
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const UNREACHABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'OAUTH_TIMEOUT', 'OAUTH_ABORT'])

/** A provider that cannot be reached or answers 5xx is SERVICE_UNAVAILABLE (retry); any other failure PROVIDER_REJECTED. */
export function providerFailure (name: string, error: unknown): AppError {
  if (isAuthError(error)) return error
  const err = error as { code?: unknown, status?: unknown, cause?: { code?: unknown, status?: unknown } }
  const status = typeof err.status === 'number' ? err.status : typeof err.cause?.status === 'number' ? err.cause.status : undefined
  if (isServiceUnavailable(error) || UNREACHABLE.has(String(err.code)) || UNREACHABLE.has(String(err.cause?.code)) || (status !== undefined && status >= 500)) {
    return authError('SERVICE_UNAVAILABLE', `identity provider ${name} cannot be reached`, { provider: name })
  }
  return authError('PROVIDER_REJECTED', `${name}: ${(error as Error).message}`.slice(0, 300))
}

function insecureOnLoopback (url: string) {
  return LOOPBACK.has(new URL(url).hostname) ? [oidc.allowInsecureRequests] : []
}

const stringClaim = (value: unknown): string | null => typeof value === 'string' && value !== '' ? value : null

abstract class OAuthProvider implements IdentityProvider {
  readonly name: string
  readonly kind: 'oidc' | 'github'
  readonly label: string
  readonly redirects: readonly string[]
  private configuration: Promise<oidc.Configuration> | undefined

  constructor (protected readonly settings: ProviderSettings, protected readonly redirectUri: string) {
    this.name = settings.name
    this.kind = settings.kind
    this.label = settings.label
    this.redirects = settings.redirects
  }

  protected abstract configure (): Promise<oidc.Configuration>
  protected abstract profile (config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderProfile>
  protected abstract authorizationParameters (checks: AuthorizationChecks): Record<string, string>

  /** Discovered once and kept; a failed discovery is forgotten so the next sign-in tries again. */
  protected async config (): Promise<oidc.Configuration> {
    this.configuration ??= this.configure().then((config) => {
      config.timeout = REQUEST_TIMEOUT_SECONDS
      return config
    })
    try {
      return await this.configuration
    } catch (error) {
      this.configuration = undefined
      throw providerFailure(this.name, error)
    }
  }

  async authorizationUrl (checks: AuthorizationChecks): Promise<string> {
    const config = await this.config()
    const parameters = {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes.join(' '),
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      ...this.authorizationParameters(checks)
    }
    return oidc.buildAuthorizationUrl(config, parameters).href
  }

  async complete (callback: URL, checks: AuthorizationChecks): Promise<ProviderProfile> {
    const config = await this.config()
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(this.kind === 'oidc' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {})
      }, { redirect_uri: this.redirectUri })
      return await this.profile(config, tokens)
    } catch (error) {
      throw providerFailure(this.name, error)
    }
  }
}

/** OpenID Connect by issuer: discovery document, JWKS, ID token claims, userinfo when the token lacks the e-mail. */
export class OidcProvider extends OAuthProvider {
  protected async configure (): Promise<oidc.Configuration> {
    const issuer = this.settings.issuer!
    return await oidc.discovery(new URL(issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
      timeout: REQUEST_TIMEOUT_SECONDS, execute: insecureOnLoopback(issuer)
    })
  }

  protected authorizationParameters (checks: AuthorizationChecks): Record<string, string> {
    return { nonce: checks.nonce }
  }

  protected async profile (config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderProfile> {
    const claims = tokens.claims()
    if (claims === undefined) throw authError('PROVIDER_REJECTED', `${this.name} answered no ID token`)
    let source: Record<string, unknown> = claims
    if (claims.email === undefined && config.serverMetadata().userinfo_endpoint !== undefined) {
      source = { ...claims, ...await oidc.fetchUserInfo(config, tokens.access_token, claims.sub) }
    }
    // Entra ID sends no email_verified; its optional claim xms_edov says the domain owner verified the address.
    const verified = source.email_verified === true || source.email_verified === 'true' || (source.email_verified === undefined && source.xms_edov === true)
    const amr = Array.isArray(claims.amr) && claims.amr.every((m) => typeof m === 'string') ? claims.amr as string[] : null
    return { subject: claims.sub, email: stringClaim(source.email), emailVerified: verified, amr }
  }
}

interface GithubEmail { email: string, primary: boolean, verified: boolean }

/** GitHub (or a GitHub Enterprise Server): OAuth 2.0 code flow with PKCE, then GET /user and /user/emails. */
export class GithubProvider extends OAuthProvider {
  protected async configure (): Promise<oidc.Configuration> {
    const { authorizationUrl, tokenUrl } = this.settings.github!
    const issuer = new URL(authorizationUrl).origin
    const metadata = { issuer, authorization_endpoint: authorizationUrl, token_endpoint: tokenUrl }
    const config = new oidc.Configuration(metadata, this.settings.clientId, this.settings.clientSecret)
    for (const extension of insecureOnLoopback(tokenUrl)) extension(config)
    return config
  }

  protected authorizationParameters (): Record<string, string> {
    return {}
  }

  protected async profile (config: oidc.Configuration, tokens: oidc.TokenEndpointResponse): Promise<ProviderProfile> {
    const user = await this.api<{ id?: unknown, email?: unknown }>(config, tokens.access_token, '/user')
    if (typeof user?.id !== 'number' && typeof user?.id !== 'string') throw authError('PROVIDER_REJECTED', `${this.name} answered no user id`)
    // /user/emails needs the user:email scope; without it the public address is used, never as verified.
    const emails = await this.api<GithubEmail[]>(config, tokens.access_token, '/user/emails')
    const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined
    if (primary !== undefined) return { subject: String(user.id), email: primary.email, emailVerified: primary.verified === true, amr: null }
    return { subject: String(user.id), email: stringClaim(user.email), emailVerified: false, amr: null }
  }

  private async api<T> (config: oidc.Configuration, accessToken: string, path: string): Promise<T | undefined> {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' })
    const response = await oidc.fetchProtectedResource(config, accessToken, new URL(`${this.settings.github!.apiUrl}${path}`), 'GET', undefined, headers)
    if (response.status >= 500) throw Object.assign(new Error(`${this.name} ${path} answered ${response.status}`), { status: response.status })
    if (!response.ok) return undefined
    return await response.json() as T
  }
}

export function createIdentityProviders (providers: readonly ProviderSettings[], callbackUrlOf: (name: string) => string): IdentityProvider[] {
  return providers.map((p) => p.kind === 'oidc' ? new OidcProvider(p, callbackUrlOf(p.name)) : new GithubProvider(p, callbackUrlOf(p.name)))
}
