import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeAuthServer, type FakeAuthServer } from '@openmotion/test-services'
import { buildTestRelay, type TestRelay } from '../helper.js'

let auth: FakeAuthServer
let relay: TestRelay

beforeAll(async () => {
  auth = await startFakeAuthServer()
  relay = await buildTestRelay({ AUTH_JWKS_URL: auth.jwksUrl, AUTH_ISSUER: auth.issuer, AUTH_AUDIENCE: auth.audience }, { worker: false })
})
afterAll(async () => {
  await relay.close()
  await auth.close()
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('admin API with the auth-server as operator identity', () => {
  it('creates a tenant for an auth-server token with role admin, and still takes ADMIN_API_KEY', async () => {
    const created = await relay.app.inject({ method: 'POST', url: '/v1/tenants', headers: bearer(auth.issue()), payload: { name: 'via-jwt' } })
    expect(created.statusCode).toBe(201)
    expect((await relay.app.inject({ url: '/v1/tenants', headers: relay.admin })).json().data.map((t: { name: string }) => t.name)).toContain('via-jwt')
  })

  it('answers 401 to a user token, a token for another audience and a tampered token', async () => {
    for (const token of [auth.issue({ role: 'user' }), auth.issue({ aud: 'elsewhere' }), `${auth.issue()}x`]) {
      const res = await relay.app.inject({ url: '/v1/tenants', headers: bearer(token) })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('RELAY_UNAUTHORIZED')
    }
  })

  it('accepts a token signed with a key rotated in after it started', async () => {
    expect((await relay.app.inject({ url: '/v1/tenants', headers: bearer(auth.issue()) })).statusCode).toBe(200)
    auth.rotate()
    // An unknown key id makes jose fetch the JWKS again once its 30 s cooldown since the last fetch has passed.
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 31_000)
    try {
      expect((await relay.app.inject({ url: '/v1/tenants', headers: bearer(auth.issue()) })).statusCode).toBe(200)
    } finally {
      clock.mockRestore()
    }
  })
})
