import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestRelay, type TestRelay } from '../helper.js'

let relay: TestRelay

beforeAll(async () => { relay = await buildTestRelay({}, { worker: false }) })
afterAll(async () => { await relay.close() })

describe('admin API', () => {
  it('refuses a wrong admin key with 401 and a tenant key too', async () => {
    const wrong = await relay.app.inject({ url: '/v1/tenants', headers: { authorization: 'Bearer not-the-admin-key' } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.code).toBe('RELAY_UNAUTHORIZED')
    expect((await relay.app.inject({ url: '/v1/tenants', headers: relay.auth })).statusCode).toBe(401)
  })

  it('creates and lists tenants with cursor pagination', async () => {
    const created = await relay.app.inject({ method: 'POST', url: '/v1/tenants', headers: relay.admin, payload: { name: 'globex' } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ id: expect.stringMatching(/^tnt_/), name: 'globex' })
    const page = (await relay.app.inject({ url: '/v1/tenants?limit=1', headers: relay.admin })).json()
    expect(page.data).toHaveLength(1)
    expect(page.data[0].name).toBe('globex')
    const next = (await relay.app.inject({ url: `/v1/tenants?limit=1&cursor=${page.nextCursor as string}`, headers: relay.admin })).json()
    expect(next.data[0].name).toBe('acme')
  })

  it('returns a key once, stores only its hash, and a revoked key stops working', async () => {
    const res = await relay.app.inject({ method: 'POST', url: `/v1/tenants/${relay.tenantId}/keys`, headers: relay.admin })
    expect(res.statusCode).toBe(201)
    const { id, key, prefix } = res.json<{ id: string, key: string, prefix: string }>()
    expect(key.startsWith(prefix)).toBe(true)
    const { rows } = await relay.db.query('SELECT * FROM relay_api_keys')
    expect(JSON.stringify(rows)).not.toContain(key)
    const listed = (await relay.app.inject({ url: `/v1/tenants/${relay.tenantId}/keys`, headers: relay.admin })).json()
    expect(JSON.stringify(listed)).not.toContain(key)
    const headers = { authorization: `Bearer ${key}` }
    expect((await relay.app.inject({ url: '/v1/endpoints', headers })).statusCode).toBe(200)
    expect((await relay.app.inject({ method: 'DELETE', url: `/v1/tenants/${relay.tenantId}/keys/${id}`, headers: relay.admin })).statusCode).toBe(204)
    expect((await relay.app.inject({ url: '/v1/endpoints', headers })).statusCode).toBe(401)
    const again = await relay.app.inject({ method: 'DELETE', url: `/v1/tenants/${relay.tenantId}/keys/${id}`, headers: relay.admin })
    expect(again.json().error.code).toBe('RELAY_KEY_NOT_FOUND')
  })

  it('answers 404 RELAY_TENANT_NOT_FOUND for keys of an unknown tenant', async () => {
    const res = await relay.app.inject({ method: 'POST', url: '/v1/tenants/tnt_missing/keys', headers: relay.admin })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('RELAY_TENANT_NOT_FOUND')
  })

  it('answers 403 RELAY_ADMIN_DISABLED when ADMIN_API_KEY is unset', async () => {
    const { buildApp, relayConfig } = await import('../../src/app.js')
    const app = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent' }), { db: relay.db, worker: false })
    const res = await app.inject({ url: '/v1/tenants', headers: { authorization: 'Bearer anything-at-all-here' } })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('RELAY_ADMIN_DISABLED')
    await app.close()
  })
})
