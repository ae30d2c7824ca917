import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestRelay, scriptedSender, type TestRelay } from '../helper.js'

let relay: TestRelay
let strict: TestRelay

beforeAll(async () => {
  relay = await buildTestRelay({}, { send: scriptedSender([200]), worker: false })
  strict = await buildTestRelay({ ALLOW_PRIVATE_DESTINATIONS: 'false' }, { worker: false })
})
afterAll(async () => { await relay.close(); await strict.close() })

const create = (payload: Record<string, unknown>, r: TestRelay = relay) => r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload })

describe('endpoints API', () => {
  it('creates an endpoint with a whsec_ secret and returns it once', async () => {
    const res = await create({
      url: 'http://127.0.0.1:4000/hook',
      description: 'billing',
      eventTypes: ['invoice.*'],
      rateLimitPerSecond: 5,
      headers: { 'X-Env': 'prod' }
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      url: 'http://127.0.0.1:4000/hook',
      description: 'billing',
      eventTypes: ['invoice.*'],
      rateLimitPerSecond: 5,
      headers: { 'x-env': 'prod' },
      disabled: false
    })
    expect(body.secret).toMatch(/^whsec_/)
    const fetched = (await relay.app.inject({ url: `/v1/endpoints/${body.id as string}`, headers: relay.auth })).json()
    expect(fetched.secret).toBeUndefined()
    expect((await relay.app.inject({ url: `/v1/endpoints/${body.id as string}/secret`, headers: relay.auth })).json()).toEqual({
      secret: body.secret,
      previousSecret: null,
      previousSecretExpiresAt: null
    })
  })

  it('updates only the given fields; null clears eventTypes and rateLimitPerSecond; re-enabling clears the reason', async () => {
    const { id } = (await create({ url: 'http://127.0.0.1:4000/a', eventTypes: ['a'], rateLimitPerSecond: 3, description: 'keep me' })).json()
    const patch = (payload: Record<string, unknown>) =>
      relay.app.inject({ method: 'PATCH', url: `/v1/endpoints/${id as string}`, headers: relay.auth, payload })
    expect((await patch({ eventTypes: null, rateLimitPerSecond: null })).json()).toMatchObject({
      eventTypes: null,
      rateLimitPerSecond: null,
      description: 'keep me'
    })
    expect((await patch({ disabled: true })).json()).toMatchObject({ disabled: true, disabledReason: 'disabled by tenant' })
    expect((await patch({ disabled: false, url: 'http://127.0.0.1:4001/b' })).json()).toMatchObject({
      disabled: false,
      disabledReason: null,
      url: 'http://127.0.0.1:4001/b'
    })
  })

  it('lists endpoints newest first with cursor pagination', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await create({ url: `http://127.0.0.1:4000/p${i}` })).json().id)
    const first = (await relay.app.inject({ url: '/v1/endpoints?limit=2', headers: relay.auth })).json()
    expect(first.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]])
    const second = (await relay.app.inject({ url: `/v1/endpoints?limit=2&cursor=${first.nextCursor as string}`, headers: relay.auth })).json()
    expect(second.data[0].id).toBe(ids[0])
    expect((await relay.app.inject({ url: '/v1/endpoints?cursor=garbage', headers: relay.auth })).json().error.code).toBe('RELAY_INVALID_CURSOR')
  })

  it('deletes an endpoint, then answers 404 RELAY_ENDPOINT_NOT_FOUND', async () => {
    const { id } = (await create({ url: 'http://127.0.0.1:4000/d' })).json()
    expect((await relay.app.inject({ method: 'DELETE', url: `/v1/endpoints/${id as string}`, headers: relay.auth })).statusCode).toBe(204)
    const res = await relay.app.inject({ url: `/v1/endpoints/${id as string}`, headers: relay.auth })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('RELAY_ENDPOINT_NOT_FOUND')
  })

  it('refuses private, loopback and metadata destinations with 422 RELAY_DESTINATION_FORBIDDEN unless allowed', async () => {
    for (const url of ['http://127.0.0.1:8080/', 'http://169.254.169.254/latest', 'http://10.0.0.5/', 'http://localhost/']) {
      const res = await create({ url }, strict)
      expect(res.statusCode).toBe(422)
      expect(res.json().error.code).toBe('RELAY_DESTINATION_FORBIDDEN')
    }
    const { id } = (await create({ url: 'http://127.0.0.1:4000/ok' })).json()
    expect(id).toMatch(/^ep_/)
  })

  it('refuses non-http URLs with 422 RELAY_INVALID_URL', async () => {
    for (const url of ['ftp://example.com/', 'not a url', 'http://user:pw@127.0.0.1/']) {
      const res = await create({ url })
      expect(res.statusCode).toBe(422)
      expect(res.json().error.code).toBe('RELAY_INVALID_URL')
    }
  })

  it('refuses malformed event filters and reserved headers with 400 RELAY_VALIDATION', async () => {
    expect((await create({ url: 'http://127.0.0.1:1/', eventTypes: ['*.done'] })).json().error).toMatchObject({
      code: 'RELAY_VALIDATION',
      details: { field: 'body/eventTypes' }
    })
    expect((await create({ url: 'http://127.0.0.1:1/', headers: { 'webhook-signature': 'forged' } })).json().error.code).toBe('RELAY_VALIDATION')
    expect((await create({ url: 'http://127.0.0.1:1/', headers: { Host: 'evil' } })).statusCode).toBe(400)
    expect((await create({ url: 'http://127.0.0.1:1/', rateLimitPerSecond: 0 })).statusCode).toBe(400)
  })

  it('keeps tenants apart: another tenant\'s endpoint is not found', async () => {
    const { id } = (await create({ url: 'http://127.0.0.1:4000/mine' })).json()
    const tenant = (await relay.app.inject({ method: 'POST', url: '/v1/tenants', headers: relay.admin, payload: { name: 'other' } })).json()
    const key = (await relay.app.inject({ method: 'POST', url: `/v1/tenants/${tenant.id as string}/keys`, headers: relay.admin })).json()
    const res = await relay.app.inject({ url: `/v1/endpoints/${id as string}`, headers: { authorization: `Bearer ${key.key as string}` } })
    expect(res.statusCode).toBe(404)
  })
})
