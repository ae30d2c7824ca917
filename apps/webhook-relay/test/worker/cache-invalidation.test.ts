// The ingest path caches API keys and each tenant's active endpoints. These prove the caches never let a change
// slip: a change through the same relay applies to the very next request, and a relay whose cache is stale (the
// change was made through another relay on the same database) still delivers nothing to a deleted or disabled
// endpoint and sends to an endpoint's new URL, because the worker claims against the endpoint row itself.
import { openDatabase } from '@openmotion/common'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryQueue } from '@openmotion/job-queue'
import { buildApp, relayConfig } from '../../src/app.js'
import { buildTestRelay, eventually, scriptedSender, type TestRelay } from '../helper.js'

const relays: TestRelay[] = []
afterEach(async () => {
  for (const r of relays.splice(0).reverse()) await r.app.close()
})

async function relayPair () {
  const db = await openDatabase({})
  const sender = scriptedSender([200])
  // `a` accepts and delivers; `b` shares the database (another instance) and makes the changes.
  const a = await buildTestRelay({}, { db, send: sender, queue: new MemoryQueue() })
  const b = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent', ADMIN_API_KEY: 'admin-key-for-tests-0123456789', ALLOW_PRIVATE_DESTINATIONS: 'true' }), {
    db,
    worker: false,
    queue: new MemoryQueue()
  })
  relays.push(a, { ...a, app: b })
  const endpoint = (await a.app.inject({ method: 'POST', url: '/v1/endpoints', headers: a.auth, payload: { url: 'http://127.0.0.1:9/old' } })).json<{
    id: string
  }>()
  const send = async () =>
    (await a.app.inject({ method: 'POST', url: '/webhook', headers: a.auth, payload: { event: 'e', data: {} } })).json<{ id: string, deliveries: number }>()
  const status = async (id: string) =>
    (await a.app.inject({ url: `/v1/messages/${id}`, headers: a.auth })).json<{ deliveries: { status: string, lastError: string | null }[] }>().deliveries[0]
  // Warm a's endpoint cache.
  const warm = await send()
  await eventually(async () => expect((await status(warm.id))?.status).toBe('succeeded'))
  sender.requests.length = 0
  return { a, b, endpoint, sender, send, status }
}

describe('ingest caches', () => {
  it('a revoked API key is refused by the next request, a new key works at once', async () => {
    const r = await buildTestRelay()
    relays.push(r)
    const ok = () => r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'e', data: {} } })
    expect((await ok()).statusCode).toBe(202)
    const keys = (await r.app.inject({ url: `/v1/tenants/${r.tenantId}/keys`, headers: r.admin })).json<{ data: { id: string }[] }>()
    for (const key of keys.data) await r.app.inject({ method: 'DELETE', url: `/v1/tenants/${r.tenantId}/keys/${key.id}`, headers: r.admin })
    expect((await ok()).statusCode).toBe(401)
  })

  it('an endpoint disabled, re-enabled, deleted or created through this relay changes the fan-out of the next message', async () => {
    const { a, endpoint, send } = await relayPair()
    await a.app.inject({ method: 'PATCH', url: `/v1/endpoints/${endpoint.id}`, headers: a.auth, payload: { disabled: true } })
    expect((await send()).deliveries).toBe(0)
    await a.app.inject({ method: 'PATCH', url: `/v1/endpoints/${endpoint.id}`, headers: a.auth, payload: { disabled: false } })
    expect((await send()).deliveries).toBe(1)
    await a.app.inject({ method: 'DELETE', url: `/v1/endpoints/${endpoint.id}`, headers: a.auth })
    expect((await send()).deliveries).toBe(0)
    await a.app.inject({ method: 'POST', url: '/v1/endpoints', headers: a.auth, payload: { url: 'http://127.0.0.1:9/new' } })
    expect((await send()).deliveries).toBe(1)
  })

  it('with a stale cache, nothing is sent to an endpoint another relay disabled or deleted', async () => {
    const { a, b, endpoint, sender, send, status } = await relayPair()
    expect((await b.inject({ method: 'PATCH', url: `/v1/endpoints/${endpoint.id}`, headers: a.auth, payload: { disabled: true } })).statusCode).toBe(200)
    const afterDisable = await send()
    expect((await b.inject({ method: 'DELETE', url: `/v1/endpoints/${endpoint.id}`, headers: a.auth })).statusCode).toBe(204)
    const afterDelete = await send()
    for (const { id, deliveries } of [afterDisable, afterDelete]) {
      // a's cache may still list the endpoint (a delivery is stored): the worker must end it without a request.
      if (deliveries === 0) continue
      await eventually(async () => expect((await status(id))?.status).toBe('dead'))
    }
    expect(sender.requests).toHaveLength(0)
  })

  it('with a stale cache, a message goes to the URL another relay just set', async () => {
    const { a, b, endpoint, sender, send, status } = await relayPair()
    expect(
      (await b.inject({ method: 'PATCH', url: `/v1/endpoints/${endpoint.id}`, headers: a.auth, payload: { url: 'http://127.0.0.1:9/moved' } })).statusCode
    ).toBe(200)
    const { id } = await send()
    await eventually(async () => expect((await status(id))?.status).toBe('succeeded'))
    expect(sender.requests.map((r) => r.url)).toEqual(['http://127.0.0.1:9/moved'])
  })
})
