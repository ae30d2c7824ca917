// Sign-in with outside identity providers: the variables and the rule that checks them at start-up. Providers are
// one JSON array (AUTH_PROVIDERS) rather than OIDC_<NAME>_* families, because a provider has nested, list-valued
// settings (scopes, allowed redirects) and any number of them may be configured; a bad entry stops the process with
// the entry's index and field named. The provider's own endpoints are not fetched here: discovery runs at first
// use, so an identity provider that is down delays only its own sign-ins, never the server's start.
import { Value } from '@sinclair/typebox/value'
import { ConfigError, Type, type Static } from '@openmotion/common/startup'

export const providerEnv = {
  AUTH_PROVIDERS: Type.String({
    default: '',
    description: 'JSON array of identity providers for sign-in (OpenID Connect by issuer, or GitHub): name, kind, clientId, clientSecret, ' +
      'scopes, redirects; see the README. Empty offers none'
  }),
  AUTH_PUBLIC_URL: Type.String({
    default: 'http://localhost:3000',
    description: 'Public base URL of this server as browsers reach it: provider callbacks are <AUTH_PUBLIC_URL>/auth/providers/<name>/callback'
  })
}

const Url = Type.String({ minLength: 1, maxLength: 2048 })

const ProviderEntrySchema = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,31}$', description: 'lower-case id used in URLs and the API' }),
  kind: Type.Union([Type.Literal('oidc'), Type.Literal('github')]),
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  issuer: Type.Optional(Url),
  clientId: Type.String({ minLength: 1, maxLength: 512 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 2048 }),
  scopes: Type.Optional(Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' }), { minItems: 1, maxItems: 32 })),
  redirects: Type.Array(Url, { minItems: 1, maxItems: 32 }),
  /** GitHub Enterprise Server: its own authorize, token and API endpoints instead of github.com's. */
  authorizationUrl: Type.Optional(Url),
  tokenUrl: Type.Optional(Url),
  apiUrl: Type.Optional(Url)
}, { additionalProperties: false })

type ProviderEntry = Static<typeof ProviderEntrySchema>

export interface ProviderSettings {
  name: string
  kind: 'oidc' | 'github'
  label: string
  clientId: string
  clientSecret: string
  scopes: string[]
  /** Exact URLs a sign-in may return to (normalised by the URL parser). */
  redirects: string[]
  /** OIDC: the issuer whose discovery document and JWKS are used. */
  issuer?: string
  /** GitHub: the endpoints (github.com's unless set for an Enterprise Server). */
  github?: { authorizationUrl: string, tokenUrl: string, apiUrl: string }
}

const GITHUB = { authorizationUrl: 'https://github.com/login/oauth/authorize', tokenUrl: 'https://github.com/login/oauth/access_token', apiUrl: 'https://api.github.com' }
const DEFAULT_SCOPES = { oidc: ['openid', 'email', 'profile'], github: ['read:user', 'user:email'] }
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

function fail (message: string): never {
  throw new ConfigError('AUTH_PROVIDERS', `AUTH_PROVIDERS ${message}`)
}

/** A URL the server may talk to or send a browser to: https, or http on a loopback host (development, tests). */
export function checkUrl (value: string, where: string, variable = 'AUTH_PROVIDERS'): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  const bad = (why: string) => { throw new ConfigError(variable, `${variable === 'AUTH_PROVIDERS' ? 'AUTH_PROVIDERS ' : ''}${where} ${why}, got ${JSON.stringify(value)}`) }
  if (url === undefined) return bad('is not an absolute URL')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return bad('must use https (http only on localhost)')
  if (url.username !== '' || url.password !== '') return bad('must not carry credentials')
  if (url.hash !== '') return bad('must not have a fragment')
  return url.href
}

function settingsOf (entry: ProviderEntry, index: number): ProviderSettings {
  const at = `[${index}] (${entry.name})`
  const scopes = entry.scopes ?? DEFAULT_SCOPES[entry.kind]
  const redirects = entry.redirects.map((r, i) => checkUrl(r, `${at}.redirects[${i}]`))
  const { name, kind, clientId, clientSecret } = entry
  const common = { name, kind, label: entry.label ?? name, clientId, clientSecret, scopes, redirects }
  if (entry.kind === 'oidc') {
    if (entry.issuer === undefined) fail(`${at}.issuer is required for kind oidc`)
    if (!scopes.includes('openid')) fail(`${at}.scopes must include openid for kind oidc`)
    for (const key of ['authorizationUrl', 'tokenUrl', 'apiUrl'] as const) if (entry[key] !== undefined) fail(`${at}.${key} is only for kind github`)
    return { ...common, issuer: checkUrl(entry.issuer, `${at}.issuer`) }
  }
  if (entry.issuer !== undefined) fail(`${at}.issuer is only for kind oidc (GitHub is OAuth 2.0 without an issuer)`)
  const endpoint = (key: keyof typeof GITHUB) => checkUrl(entry[key] ?? GITHUB[key], `${at}.${key}`)
  return { ...common, github: { authorizationUrl: endpoint('authorizationUrl'), tokenUrl: endpoint('tokenUrl'), apiUrl: endpoint('apiUrl').replace(/\/$/, '') } }
}

/** Parses AUTH_PROVIDERS; throws ConfigError naming it (and the entry, and the field) on anything wrong. */
export function parseProviders (value: string): ProviderSettings[] {
  if (value.trim() === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    return fail(`is not JSON: ${(error as Error).message}`)
  }
  if (!Array.isArray(parsed)) fail('must be a JSON array of providers')
  const names = new Set<string>()
  return (parsed as unknown[]).map((entry, index) => {
    const problem = Value.Errors(ProviderEntrySchema, entry).First()
    if (problem !== undefined) fail(`[${index}]${problem.path.replaceAll('/', '.')} ${problem.message}`)
    const valid = entry as ProviderEntry
    if (names.has(valid.name)) fail(`[${index}].name ${valid.name} is used twice`)
    names.add(valid.name)
    return settingsOf(valid, index)
  })
}

/** The start-up rule: AUTH_PUBLIC_URL is a base URL and AUTH_PROVIDERS parses. */
export function checkProviderConfig (config: { readonly AUTH_PROVIDERS: string, readonly AUTH_PUBLIC_URL: string }): void {
  const base = checkUrl(config.AUTH_PUBLIC_URL, 'AUTH_PUBLIC_URL', 'AUTH_PUBLIC_URL')
  if (new URL(base).search !== '') throw new ConfigError('AUTH_PUBLIC_URL', 'AUTH_PUBLIC_URL must not have a query')
  parseProviders(config.AUTH_PROVIDERS)
}

/** Where a provider sends the browser back: registered with the provider as the redirect (callback) URL. */
export function callbackUrl (publicUrl: string, provider: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/auth/providers/${provider}/callback`
}
