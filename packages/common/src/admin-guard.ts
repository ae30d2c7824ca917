// One operator identity for every operator API: a request is an admin when its bearer token is the app's static
// ADMIN_API_KEY (standalone deployments) or an ES512 access token from the auth-server whose role claim is the admin
// role. Tokens are verified against the auth-server's JWKS, fetched and cached by jose; a token signed with a key the
// cache has not seen makes jose fetch the set again (at most once per cooldown), so a rotation at the auth-server is
// picked up without restarting this service.
import type { JWTPayload } from 'jose'
import { bearerToken, secretsEqual } from './secret-compare.js'

export interface AdminJwksOptions {
  /** The auth-server's /.well-known/jwks.json. */
  url: string
  issuer: string
  audience: string
  /** Value the token's `role` claim must have; `admin` unless told. */
  role?: string
  /** Least time between two fetches of the key set prompted by an unknown key id, ms (jose's default: 30 s). */
  cooldownMs?: number
  /** Time a fetch of the key set may take, ms. */
  timeoutMs?: number
}

export interface AdminGuardOptions {
  staticKey?: string | undefined
  jwks?: AdminJwksOptions | undefined
}

/**
 * disabled: neither a static key nor a JWKS is configured; unauthorized: no bearer token, or one that is neither the
 * key nor a verifiable token; forbidden: a valid auth-server token of a user without the admin role.
 */
export type AdminCheck = { ok: true, subject: string } | { ok: false, reason: 'disabled' | 'unauthorized' | 'forbidden' }

export interface AdminGuard {
  readonly enabled: boolean
  check: (authorization: string | undefined) => Promise<AdminCheck>
}

const ROLE_CLAIM = 'role'
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/

export function createAdminGuard (options: AdminGuardOptions): AdminGuard {
  const staticKey = options.staticKey === '' ? undefined : options.staticKey
  const jwks = options.jwks
  // A malformed URL stops the app as it is built, not at the first admin request.
  const jwksUrl = jwks === undefined ? undefined : new URL(jwks.url)
  // jose is loaded only when a JWKS is configured: a service with a static key or none never holds it.
  const verifier = jwks === undefined || jwksUrl === undefined
    ? undefined
    : import('jose').then((jose) => ({
      jose,
      keySet: jose.createRemoteJWKSet(jwksUrl, { cooldownDuration: jwks.cooldownMs, timeoutDuration: jwks.timeoutMs ?? 5000 })
    }))
  // Nobody awaits the load until the first token arrives; a failed load is that request's error, not an unhandled
  // rejection that ends the process.
  verifier?.catch(() => undefined)
  const role = jwks?.role ?? 'admin'

  async function verify (token: string): Promise<JWTPayload | undefined> {
    if (verifier === undefined || jwks === undefined || !JWT_SHAPE.test(token)) return undefined
    const { jose, keySet } = await verifier
    try {
      const { payload } = await jose.jwtVerify(token, keySet, {
        algorithms: ['ES512'],
        issuer: jwks.issuer,
        audience: jwks.audience,
        requiredClaims: ['sub', 'exp']
      })
      return payload
    } catch (error) {
      // An unreachable auth-server is not the caller's fault, yet no token can be accepted without its keys.
      if (error instanceof jose.errors.JOSEError || error instanceof TypeError) return undefined
      throw error
    }
  }

  return {
    enabled: staticKey !== undefined || verifier !== undefined,
    async check (authorization) {
      if (staticKey === undefined && verifier === undefined) return { ok: false, reason: 'disabled' }
      const token = bearerToken(authorization)
      if (token === undefined) return { ok: false, reason: 'unauthorized' }
      if (staticKey !== undefined && secretsEqual(token, staticKey)) return { ok: true, subject: 'admin-api-key' }
      const payload = await verify(token)
      if (payload === undefined) return { ok: false, reason: 'unauthorized' }
      if (payload[ROLE_CLAIM] !== role) return { ok: false, reason: 'forbidden' }
      return { ok: true, subject: payload.sub ?? '' }
    }
  }
}

/** The guard an app's admin API uses, from its ADMIN_API_KEY and operatorAuthEnv variables. */
export function adminGuardFromConfig (config: {
  ADMIN_API_KEY?: string | undefined
  AUTH_JWKS_URL?: string | undefined
  AUTH_ISSUER: string
  AUTH_AUDIENCE: string
}): AdminGuard {
  const jwksUrl = config.AUTH_JWKS_URL === '' ? undefined : config.AUTH_JWKS_URL
  return createAdminGuard({
    staticKey: config.ADMIN_API_KEY,
    jwks: jwksUrl === undefined ? undefined : { url: jwksUrl, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE }
  })
}
