import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { startFakeAuthServer, type FakeAuthServer } from '@openmotion/test-services'
import { ADMIN, buildTestApp } from './helper.js'

let auth: FakeAuthServer
let app: AppInstance

beforeAll(async () => {
  auth = await startFakeAuthServer()
  app = await buildTestApp({ AUTH_JWKS_URL: auth.jwksUrl, AUTH_ISSUER: auth.issuer, AUTH_AUDIENCE: auth.audience })
})
afterAll(async () => {
  await app.close()
  await auth.close()
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('/admin/v1 with the auth-server as operator identity', () => {
  it('creates a client for an auth-server token with role admin, and still takes ADMIN_API_KEY', async () => {
    const created = await app.inject({ method: 'POST', url: '/admin/v1/clients', headers: bearer(auth.issue()), payload: { id: 'jwt-client', plan: 'dev' } })
    expect(created.statusCode).toBe(201)
    const listed = await app.inject({ url: '/admin/v1/clients', headers: bearer(ADMIN) })
    expect(listed.json().clients.map((c: { id: string }) => c.id)).toContain('jwt-client')
  })

  it('answers 401 (4012) to a user token, another issuer and a tampered token', async () => {
    for (const token of [auth.issue({ role: 'user' }), auth.issue({ iss: 'someone-else' }), `${auth.issue()}x`]) {
      const res = await app.inject({ url: '/admin/v1/clients', headers: bearer(token) })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe(4012)
    }
  })

  it('accepts a token signed with a key rotated in after it started', async () => {
    expect((await app.inject({ url: '/admin/v1/plans', headers: bearer(auth.issue()) })).statusCode).toBe(200)
    auth.rotate()
    // An unknown key id makes jose fetch the JWKS again once its 30 s cooldown since the last fetch has passed.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000)
    try {
      expect((await app.inject({ url: '/admin/v1/plans', headers: bearer(auth.issue()) })).statusCode).toBe(200)
    } finally {
      clock.mockRestore()
    }
  })

  it('is served with only AUTH_JWKS_URL, and disabled (403, 4031) with neither key nor JWKS', { timeout: 90_000 }, async () => {
    const jwtOnly = await buildTestApp({ ADMIN_API_KEY: '', AUTH_JWKS_URL: auth.jwksUrl })
    const disabled = await buildTestApp({ ADMIN_API_KEY: '' })
    try {
      expect((await jwtOnly.inject({ url: '/admin/v1/plans', headers: bearer(auth.issue()) })).statusCode).toBe(200)
      const res = await disabled.inject({ url: '/admin/v1/plans', headers: bearer(auth.issue()) })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe(4031)
    } finally {
      await jwtOnly.close()
      await disabled.close()
    }
  })
})
