import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalJWKSet, jwtVerify, decodeProtectedHeader } from 'jose'
import type { AppInstance } from '@openmotion/common'
import { authConfig, buildApp } from '../src/app.js'
import { REFRESH, SIGN_IN, SIGN_UP, gqlClient, register, uniqueEmail } from './support/graphql-client.js'

let app: AppInstance

beforeAll(async () => {
  app = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DOCUMENT_STORE: 'memory', BCRYPT_COST: '4' }))
})
afterAll(async () => { await app.close() })

const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => gqlClient(app)(query, variables, headers)
const email = () => uniqueEmail()

describe('auth-server GraphQL', () => {
  it('signs up, signs in and issues an ES512 JWT with the documented claims, verifiable with the served JWKS', async () => {
    const address = email()
    const { payload, response } = await register(gql, { email: address, password: 'correct horse', deviceName: 'laptop' })
    expect(payload.user).toMatchObject({ email: address, emailVerified: false, role: 'user', metadata: {} })
    expect(payload.session).toMatchObject({ deviceName: 'laptop', current: true })
    expect(response.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true, path: '/graphql' })
    const jwks = (await app.inject('/.well-known/jwks.json')).json()
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-521', alg: 'ES512' })
    expect(decodeProtectedHeader(payload.accessToken)).toMatchObject({ alg: 'ES512', kid: jwks.keys[0].kid })
    const { payload: claims } = await jwtVerify(payload.accessToken, createLocalJWKSet(jwks), { issuer: 'openmotion-auth', audience: 'openmotion' })
    expect(claims).toMatchObject({ sub: payload.user.id, sid: payload.session.id, role: 'user', email_verified: false })
    expect(claims.exp! - claims.iat!).toBe(1200)
    expect(typeof claims.jti).toBe('string')
  })

  it('rejects a bad email and a short password with BAD_USER_INPUT', async () => {
    for (const variables of [{ email: 'not-an-email', password: 'correct horse' }, { email: email(), password: 'short' }]) {
      const { body } = await gql(SIGN_UP, variables)
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    }
  })

  it('signs in with the right password only', async () => {
    const address = email()
    await gql(SIGN_UP, { email: address, password: 'correct horse' })
    expect((await gql(SIGN_IN, { email: address.toUpperCase(), password: 'correct horse' })).body.data!.signIn.user.email).toBe(address)
    expect((await gql(SIGN_IN, { email: address, password: 'wrong horse' })).body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
    expect((await gql(SIGN_IN, { email: email(), password: 'whatever1' })).body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
  })

  it('answers me with a bearer token and UNAUTHENTICATED without or with a forged one', async () => {
    const { payload } = await register(gql, { email: email(), password: 'correct horse' })
    const token = payload.accessToken as string
    expect((await gql('{ me { email } }', {}, { authorization: `Bearer ${token}` })).body.data!.me.email).toBe(payload.user.email)
    expect((await gql('{ me { email } }')).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await gql('{ me { email } }', {}, { authorization: `Bearer ${token.slice(0, -4)}AAAA` })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('rotates refresh tokens (argument or cookie) and revokes the session when an old one is reused', async () => {
    const first = (await register(gql, { email: email(), password: 'correct horse' })).payload
    const second = (await gql(REFRESH, { t: first.refreshToken })).body.data!.refreshToken
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.session.id).toBe(first.session.id)
    const viaCookie = await gql(REFRESH, {}, { cookie: `refresh_token=${second.refreshToken}` })
    const third = viaCookie.body.data!.refreshToken
    expect(third.refreshToken).not.toBe(second.refreshToken)
    const reused = await gql(REFRESH, { t: first.refreshToken })
    expect(reused.body.errors?.[0]?.extensions.code).toBe('TOKEN_REUSED')
    expect((await gql(REFRESH, { t: third.refreshToken })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await gql('{ me { id } }', {}, { authorization: `Bearer ${third.accessToken}` })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('lists sessions per device, revokes one, signs out and signs out everywhere', async () => {
    const address = email()
    const laptop = (await register(gql, { email: address, password: 'correct horse', deviceName: 'laptop' })).payload
    const phone = (await gql(SIGN_IN, { email: address, password: 'correct horse', deviceName: 'phone' })).body.data!.signIn
    const tablet = (await gql(SIGN_IN, { email: address, password: 'correct horse', deviceName: 'tablet' })).body.data!.signIn
    const auth = (p: { accessToken: string }) => ({ authorization: `Bearer ${p.accessToken}` })
    const sessions = (await gql('{ sessions { id deviceName current } }', {}, auth(laptop))).body.data!.sessions
    expect(sessions.map((s: { deviceName: string }) => s.deviceName).sort()).toEqual(['laptop', 'phone', 'tablet'])
    expect(sessions.find((s: { current: boolean }) => s.current).deviceName).toBe('laptop')
    expect((await gql('mutation ($id: ID!) { revokeSession(id: $id) }', { id: phone.session.id }, auth(laptop))).body.data!.revokeSession).toBe(true)
    expect((await gql('{ me { id } }', {}, auth(phone))).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await gql('mutation { signOut }', {}, auth(tablet))).body.data!.signOut).toBe(true)
    expect((await gql('mutation { signOutEverywhere }', {}, auth(laptop))).body.data!.signOutEverywhere).toBe(1)
    expect((await gql('{ me { id } }', {}, auth(laptop))).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('changes the password and updates profile metadata', async () => {
    const address = email()
    const session = (await register(gql, { email: address, password: 'correct horse' })).payload
    const auth = { authorization: `Bearer ${session.accessToken}` }
    expect(
      (await gql('mutation { changePassword(currentPassword: "wrong pass", newPassword: "battery staple") }', {}, auth)).body.errors?.[0]?.extensions.code
    ).toBe('INVALID_CREDENTIALS')
    expect(
      (await gql('mutation { changePassword(currentPassword: "correct horse", newPassword: "battery staple") }', {}, auth)).body.data!.changePassword
    ).toBe(true)
    expect((await gql(SIGN_IN, { email: address, password: 'battery staple' })).body.data!.signIn.user.email).toBe(address)
    const updated = await gql('mutation { updateProfile(metadata: { name: "Ada", tags: ["a"] }) { metadata } }', {}, auth)
    expect(updated.body.data!.updateProfile.metadata).toEqual({ name: 'Ada', tags: ['a'] })
  })

  it('allows only queries over GET and counts sign-in outcomes in /metrics', async () => {
    const get = await app.inject({ url: `/graphql?query=${encodeURIComponent('mutation { signOut }')}` })
    expect(get.statusCode).toBeGreaterThanOrEqual(400)
    const metrics = (await app.inject('/metrics')).body
    expect(metrics).toMatch(/auth_sign_ins_total\{outcome="failure",reason="invalid_credentials",app="auth-server"\} [1-9]/)
    expect(metrics).toMatch(/auth_bcrypt_duration_seconds_count\{app="auth-server",operation="hash"\} [1-9]/)
    expect(metrics).toMatch(/auth_refresh_reuse_detected_total\{app="auth-server"\} [1-9]/)
  })
})
