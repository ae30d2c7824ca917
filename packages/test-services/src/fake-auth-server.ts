// A stand-in for the auth-server's token side: serves a JWKS and issues ES512 access tokens like it does (sub, iss,
// aud, exp, role), and rotates its key on demand, so apps' admin guards are tested without the whole auth-server.
import { createServer } from 'node:http'
import { afterAll, beforeAll } from 'vitest'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { createHash, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto'

export interface FakeAuthServer {
  jwksUrl: string
  issuer: string
  audience: string
  /** An access token signed with the current key; `role` is `admin` unless told. */
  issue: (claims?: Record<string, unknown>) => string
  /** Makes a new current key; the previous one stays in the JWKS, as PREVIOUS_PUBLIC_KEYS does. */
  rotate: () => void
  close: () => Promise<void>
}

interface Key { privateKey: KeyObject, jwk: JsonWebKey & { kid: string } }

function newKey (): Key {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp521r1' })
  const jwk = publicKey.export({ format: 'jwk' })
  const kid = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest('base64url')
  return { privateKey, jwk: { ...jwk, kid, alg: 'ES512', use: 'sig' } }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export async function startFakeAuthServer (options: { issuer?: string, audience?: string } = {}): Promise<FakeAuthServer> {
  const issuer = options.issuer ?? 'openmotion-auth'
  const audience = options.audience ?? 'openmotion'
  const keys: Key[] = [newKey()]
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ keys: keys.map((k) => k.jwk) }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    issuer,
    audience,
    issue: (claims = {}) => {
      const key = keys[0]!
      const now = Math.floor(Date.now() / 1000)
      const input = `${b64({ alg: 'ES512', kid: key.jwk.kid, typ: 'JWT' })}.${b64({ sub: 'operator-1', iss: issuer, aud: audience, iat: now, exp: now + 300, role: 'admin', ...claims })}`
      const signature = sign('sha512', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
      return `${input}.${signature.toString('base64url')}`
    },
    rotate: () => { keys.unshift(newKey()) },
    close: async () => { server.closeAllConnections(); await new Promise<void>((resolve) => server.close(() => resolve())) }
  }
}

/** The variables that make an app take the fake auth-server's tokens as its operator identity. */
export type OperatorAuthVariables = { AUTH_JWKS_URL: string, AUTH_ISSUER: string, AUTH_AUDIENCE: string }

export interface OperatorAuthSuite<A> {
  /** The fake auth-server, once the suite has started. */
  auth: () => FakeAuthServer
  /** The app under test, built with the fake auth-server's variables. */
  app: () => A
}

/**
 * An admin-identity suite's set-up: starts a fake auth-server before the suite, builds the app with it as the
 * operator identity, and closes both after it (the app first).
 */
export function withOperatorAuth<A extends { close: () => Promise<unknown> }> (build: (variables: OperatorAuthVariables) => Promise<A>): OperatorAuthSuite<A> {
  let auth: FakeAuthServer | undefined
  let app: A | undefined
  beforeAll(async () => {
    auth = await startFakeAuthServer()
    app = await build({ AUTH_JWKS_URL: auth.jwksUrl, AUTH_ISSUER: auth.issuer, AUTH_AUDIENCE: auth.audience })
  })
  afterAll(async () => {
    await app?.close()
    await auth?.close()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the operator-auth suite has not started')
    return value
  }
  return { auth: () => started(auth), app: () => started(app) }
}

/** An Authorization header carrying `token`. */
export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` })
