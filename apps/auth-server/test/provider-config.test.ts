// AUTH_PROVIDERS and AUTH_PUBLIC_URL are checked at start-up: a bad value stops the process with a ConfigError
// naming the variable (and the entry and field), before any provider is contacted.
import { describe, expect, it } from 'vitest'
import { ConfigError } from '@openmotion/common/startup'
import { authConfig } from '../src/config.js'
import { callbackUrl, parseProviders } from '../src/provider-config.js'

const oidc = { name: 'keycloak', kind: 'oidc', issuer: 'https://sso.example.com/realms/acme', clientId: 'c', clientSecret: 's', redirects: ['https://app.example.com/done'] }
const github = { name: 'github', kind: 'github', clientId: 'c', clientSecret: 's', redirects: ['https://app.example.com/done'] }
const load = (env: Record<string, string>) => authConfig.load({ DOCUMENT_STORE: 'memory', ...env })

function refusal (providers: unknown): ConfigError {
  try {
    load({ AUTH_PROVIDERS: typeof providers === 'string' ? providers : JSON.stringify(providers) })
  } catch (error) {
    return error as ConfigError
  }
  throw new Error('expected a ConfigError')
}

describe('AUTH_PROVIDERS', () => {
  it('parses OIDC and GitHub entries with their defaults', () => {
    const [keycloak, gh] = parseProviders(JSON.stringify([oidc, github]))
    expect(keycloak).toMatchObject({ name: 'keycloak', label: 'keycloak', scopes: ['openid', 'email', 'profile'], issuer: 'https://sso.example.com/realms/acme' })
    expect(gh).toMatchObject({ scopes: ['read:user', 'user:email'], github: { tokenUrl: 'https://github.com/login/oauth/access_token', apiUrl: 'https://api.github.com' } })
    expect(parseProviders('')).toEqual([])
  })

  it.each([
    ['not JSON', '[{', /is not JSON/],
    ['not an array', { name: 'x' }, /must be a JSON array/],
    ['an OIDC entry without an issuer', [{ ...oidc, issuer: undefined }], /\[0\] \(keycloak\)\.issuer is required/],
    ['an issuer over plain http off localhost', [{ ...oidc, issuer: 'http://sso.example.com' }], /issuer must use https/],
    ['a redirect that is not a URL', [{ ...oidc, redirects: ['/done'] }], /redirects\[0\] is not an absolute URL/],
    ['a redirect with a fragment', [{ ...oidc, redirects: ['https://app.example.com/#x'] }], /must not have a fragment/],
    ['no redirects', [{ ...oidc, redirects: [] }], /\[0\]\.redirects/],
    ['OIDC scopes without openid', [{ ...oidc, scopes: ['email'] }], /must include openid/],
    ['an unknown kind', [{ ...oidc, kind: 'saml' }], /\[0\]\.kind/],
    ['an unknown field (a typo)', [{ ...oidc, clientSecrt: 'x' }], /\[0\]/],
    ['a name with capitals', [{ ...oidc, name: 'KeyCloak' }], /\[0\]\.name/],
    ['a name used twice', [oidc, { ...oidc }], /\[1\]\.name keycloak is used twice/],
    ['an issuer on a GitHub entry', [{ ...github, issuer: 'https://github.com' }], /only for kind oidc/]
  ])('stops the start naming AUTH_PROVIDERS for %s', (_case, value, message) => {
    const error = refusal(value)
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.variable).toBe('AUTH_PROVIDERS')
    expect(error.message).toMatch(message)
  })

  it('stops the start naming AUTH_PUBLIC_URL when it is no base URL', () => {
    expect(() => load({ AUTH_PUBLIC_URL: 'auth.example.com' })).toThrow(expect.objectContaining({ variable: 'AUTH_PUBLIC_URL' }))
    expect(() => load({ AUTH_PUBLIC_URL: 'https://auth.example.com?x=1' })).toThrow(expect.objectContaining({ variable: 'AUTH_PUBLIC_URL' }))
  })

  it('builds the callback URL to register at the provider from AUTH_PUBLIC_URL', () => {
    expect(callbackUrl('https://auth.example.com/', 'entra')).toBe('https://auth.example.com/auth/providers/entra/callback')
  })
})
