import { describe, expect, it, vi } from 'vitest'
import { bearer, withOperatorAuth } from '@openmotion/test-services'
import { buildTestRelay } from '../helper.js'

const suite = withOperatorAuth(async (variables) => await buildTestRelay(variables, { worker: false }))

describe('admin API with the auth-server as operator identity', () => {
  it('creates a tenant for an auth-server token with role admin, and still takes ADMIN_API_KEY', async () => {
    const created = await suite.app().app.inject({ method: 'POST', url: '/v1/tenants', headers: bearer(suite.auth().issue()), payload: { name: 'via-jwt' } })
    expect(created.statusCode).toBe(201)
    expect((await suite.app().app.inject({ url: '/v1/tenants', headers: suite.app().admin })).json().data.map((t: { name: string }) => t.name)).toContain('via-jwt')
  })

  it('answers 401 to a user token, a token for another audience and a tampered token', async () => {
    for (const token of [suite.auth().issue({ role: 'user' }), suite.auth().issue({ aud: 'elsewhere' }), `${suite.auth().issue()}x`]) {
      const res = await suite.app().app.inject({ url: '/v1/tenants', headers: bearer(token) })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('RELAY_UNAUTHORIZED')
    }
  })

  it('accepts a token signed with a key rotated in after it started', async () => {
    expect((await suite.app().app.inject({ url: '/v1/tenants', headers: bearer(suite.auth().issue()) })).statusCode).toBe(200)
    suite.auth().rotate()
    // An unknown key id makes jose fetch the JWKS again once its 30 s cooldown since the last fetch has passed.
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 31_000)
    try {
      expect((await suite.app().app.inject({ url: '/v1/tenants', headers: bearer(suite.auth().issue()) })).statusCode).toBe(200)
    } finally {
      clock.mockRestore()
    }
  })
})
