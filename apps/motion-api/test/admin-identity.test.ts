import { describe, expect, it, vi } from 'vitest'
import { bearer, withOperatorAuth } from '@openmotion/test-services'
import { ADMIN, buildTestApp } from './helper.js'

const suite = withOperatorAuth(async (variables) => await buildTestApp(variables))

describe('/admin/v1 with the auth-server as operator identity', () => {
  it('creates a client for an auth-server token with role admin, and still takes ADMIN_API_KEY', async () => {
    const created = await suite.app().inject({ method: 'POST', url: '/admin/v1/clients', headers: bearer(suite.auth().issue()), payload: { id: 'jwt-client', plan: 'dev' } })
    expect(created.statusCode).toBe(201)
    const listed = await suite.app().inject({ url: '/admin/v1/clients', headers: bearer(ADMIN) })
    expect(listed.json().clients.map((c: { id: string }) => c.id)).toContain('jwt-client')
  })

  it('answers 401 (4012) to a user token, another issuer and a tampered token', async () => {
    for (const token of [suite.auth().issue({ role: 'user' }), suite.auth().issue({ iss: 'someone-else' }), `${suite.auth().issue()}x`]) {
      const res = await suite.app().inject({ url: '/admin/v1/clients', headers: bearer(token) })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe(4012)
    }
  })

  it('accepts a token signed with a key rotated in after it started', async () => {
    expect((await suite.app().inject({ url: '/admin/v1/plans', headers: bearer(suite.auth().issue()) })).statusCode).toBe(200)
    suite.auth().rotate()
    // An unknown key id makes jose fetch the JWKS again once its 30 s cooldown since the last fetch has passed.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000)
    try {
      expect((await suite.app().inject({ url: '/admin/v1/plans', headers: bearer(suite.auth().issue()) })).statusCode).toBe(200)
    } finally {
      clock.mockRestore()
    }
  })

  it('is served with only AUTH_JWKS_URL, and disabled (403, 4031) with neither key nor JWKS', { timeout: 90_000 }, async () => {
    const jwtOnly = await buildTestApp({ ADMIN_API_KEY: '', AUTH_JWKS_URL: suite.auth().jwksUrl })
    const disabled = await buildTestApp({ ADMIN_API_KEY: '' })
    try {
      expect((await jwtOnly.inject({ url: '/admin/v1/plans', headers: bearer(suite.auth().issue()) })).statusCode).toBe(200)
      const res = await disabled.inject({ url: '/admin/v1/plans', headers: bearer(suite.auth().issue()) })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe(4031)
    } finally {
      await jwtOnly.close()
      await disabled.close()
    }
  })
})
