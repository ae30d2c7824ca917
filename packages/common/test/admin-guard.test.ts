import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, calculateJwkThumbprint, exportJWK, type JWK } from 'jose'
import { adminGuardFromConfig, createAdminGuard } from '../src/index.js'

const ISSUER = 'openmotion-auth'
const AUDIENCE = 'openmotion'

interface SigningKey { privateKey: KeyObject, jwk: JWK, kid: string }

async function newKey (namedCurve = 'secp521r1'): Promise<SigningKey> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve })
  const jwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(jwk, 'sha256')
  return { privateKey, jwk: { ...jwk, kid, alg: 'ES512', use: 'sig' }, kid }
}

async function token (key: SigningKey, claims: Record<string, unknown>, overrides: { issuer?: string, audience?: string, alg?: string } = {}) {
  return new SignJWT(claims).setProtectedHeader({ alg: overrides.alg ?? 'ES512', kid: key.kid })
    .setSubject('user-1').setIssuer(overrides.issuer ?? ISSUER).setAudience(overrides.audience ?? AUDIENCE)
    .setIssuedAt().setExpirationTime('5m').sign(key.privateKey)
}

// A stand-in for the auth-server's /.well-known/jwks.json whose served keys the test changes, as a rotation would.
let served: JWK[] = []
let fetches = 0
let server: Server
let jwksUrl: string

beforeAll(async () => {
  server = createServer((_request, response) => {
    fetches += 1
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ keys: served }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`
})
afterAll(() => { server.close() })

describe('admin guard', () => {
  it('is disabled with neither a static key nor a JWKS', async () => {
    const guard = createAdminGuard({})
    expect(guard.enabled).toBe(false)
    expect(await guard.check('Bearer anything')).toEqual({ ok: false, reason: 'disabled' })
  })

  it('accepts exactly the static key when only that is configured', async () => {
    const guard = createAdminGuard({ staticKey: 'static-admin-key-0123' })
    expect(await guard.check('Bearer static-admin-key-0123')).toEqual({ ok: true, subject: 'admin-api-key' })
    expect(await guard.check('Bearer static-admin-key-0124')).toEqual({ ok: false, reason: 'unauthorized' })
    expect(await guard.check(undefined)).toEqual({ ok: false, reason: 'unauthorized' })
  })

  it('accepts an admin ES512 token from the JWKS, refuses other roles, issuers, audiences and algorithms', async () => {
    const key = await newKey()
    served = [key.jwk]
    const guard = createAdminGuard({ staticKey: 'static-admin-key-0123', jwks: { url: jwksUrl, issuer: ISSUER, audience: AUDIENCE } })
    expect(await guard.check(`Bearer ${await token(key, { role: 'admin' })}`)).toEqual({ ok: true, subject: 'user-1' })
    expect(await guard.check('Bearer static-admin-key-0123')).toMatchObject({ ok: true })
    expect(await guard.check(`Bearer ${await token(key, { role: 'user' })}`)).toEqual({ ok: false, reason: 'forbidden' })
    expect(await guard.check(`Bearer ${await token(key, {})}`)).toEqual({ ok: false, reason: 'forbidden' })
    expect(await guard.check(`Bearer ${await token(key, { role: 'admin' }, { issuer: 'someone-else' })}`)).toEqual({ ok: false, reason: 'unauthorized' })
    expect(await guard.check(`Bearer ${await token(key, { role: 'admin' }, { audience: 'other' })}`)).toEqual({ ok: false, reason: 'unauthorized' })
    const p256 = await newKey('prime256v1')
    served = [key.jwk, { ...p256.jwk, alg: 'ES256' }]
    expect(await guard.check(`Bearer ${await token(p256, { role: 'admin' }, { alg: 'ES256' })}`)).toEqual({ ok: false, reason: 'unauthorized' })
  })

  it('picks up a key rotated in at the auth-server without being recreated', async () => {
    const before = await newKey()
    served = [before.jwk]
    const guard = createAdminGuard({ jwks: { url: jwksUrl, issuer: ISSUER, audience: AUDIENCE, cooldownMs: 0 } })
    expect(await guard.check(`Bearer ${await token(before, { role: 'admin' })}`)).toMatchObject({ ok: true })
    const after = await newKey()
    served = [after.jwk, before.jwk]
    const fetchesBefore = fetches
    expect(await guard.check(`Bearer ${await token(after, { role: 'admin' })}`)).toMatchObject({ ok: true })
    expect(fetches).toBeGreaterThan(fetchesBefore)
    expect(await guard.check(`Bearer ${await token(before, { role: 'admin' })}`)).toMatchObject({ ok: true })
  })

  it('refuses every token while the JWKS cannot be fetched', async () => {
    const key = await newKey()
    const guard = createAdminGuard({ jwks: { url: 'http://127.0.0.1:1/.well-known/jwks.json', issuer: ISSUER, audience: AUDIENCE } })
    expect(await guard.check(`Bearer ${await token(key, { role: 'admin' })}`)).toEqual({ ok: false, reason: 'unauthorized' })
  })

  it('refuses a malformed JWKS URL as it is created, not at the first token', () => {
    expect(() => createAdminGuard({ jwks: { url: 'not a url', issuer: ISSUER, audience: AUDIENCE } })).toThrow(/Invalid URL/)
  })
})

describe('admin guard from config', () => {
  it('uses the JWKS only when AUTH_JWKS_URL is set', async () => {
    const key = await newKey()
    served = [key.jwk]
    const jwt = `Bearer ${await token(key, { role: 'admin' })}`
    const base = { ADMIN_API_KEY: 'static-admin-key-0123', AUTH_ISSUER: ISSUER, AUTH_AUDIENCE: AUDIENCE }
    expect(await adminGuardFromConfig(base).check(jwt)).toEqual({ ok: false, reason: 'unauthorized' })
    expect(await adminGuardFromConfig({ ...base, AUTH_JWKS_URL: jwksUrl }).check(jwt)).toEqual({ ok: true, subject: 'user-1' })
    expect(adminGuardFromConfig({ AUTH_ISSUER: ISSUER, AUTH_AUDIENCE: AUDIENCE, AUTH_JWKS_URL: '' }).enabled).toBe(false)
  })
})
