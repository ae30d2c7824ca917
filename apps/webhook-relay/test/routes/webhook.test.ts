import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DATA_DEPTH, MAX_DATA_KEYS } from '../../src/domain/webhook-payload.js'
import { buildTestRelay, eventually, scriptedSender, type TestRelay } from '../helper.js'

let relay: TestRelay
const sender = scriptedSender([200])

beforeAll(async () => {
  relay = await buildTestRelay({ MAX_PAYLOAD_BYTES: '2048' }, { send: sender })
  await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/a' } })
})
afterAll(async () => { await relay.close() })

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  relay.app.inject({
    method: 'POST',
    url: '/webhook',
    headers: { ...relay.auth, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload)
  })

// A relay whose body limit lets hostile shapes through to the payload checks (the default one answers 413 first).
let large: TestRelay
beforeAll(async () => { large = await buildTestRelay({ MAX_PAYLOAD_BYTES: String(1024 * 1024) }, { worker: false }) })
afterAll(async () => { await large.close() })
const postLarge = (payload: string) =>
  large.app.inject({ method: 'POST', url: '/webhook', headers: { ...large.auth, 'content-type': 'application/json' }, payload })

describe('POST /webhook', () => {
  it('accepts an event with 202, the message id and the number of queued deliveries', async () => {
    const res = await post({ event: 'job.done', data: { id: 1 } })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ id: expect.stringMatching(/^msg_/), deliveries: 1 })
    await eventually(() => expect(sender.requests.some((r) => r.body.includes('"job.done"'))).toBe(true))
  })

  it('answers 401 RELAY_UNAUTHORIZED without a key and with an unknown key', async () => {
    const missing = await relay.app.inject({ method: 'POST', url: '/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json().error.code).toBe('RELAY_UNAUTHORIZED')
    const unknown = await post({ event: 'a', data: {} }, { authorization: 'Bearer wr_nope' })
    expect(unknown.statusCode).toBe(401)
  })

  it('answers 400 RELAY_INVALID_JSON for a body that is not JSON', async () => {
    const res = await post('{"event": ')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'RELAY_INVALID_JSON', requestId: expect.any(String) })
  })

  it('answers 400 RELAY_VALIDATION naming the field when event is missing or data is not an object', async () => {
    const missing = await post({ data: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatchObject({ code: 'RELAY_VALIDATION', details: { field: 'body/event' } })
    const wrongType = await post({ event: 'x', data: [1, 2] })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().error.details.field).toBe('body/data')
  })

  it('answers 400 for a NUL character in event instead of failing in the database', async () => {
    const res = await post('{"event":"job\\u0000done","data":{}}')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'RELAY_VALIDATION', details: { field: 'body/event' } })
  })

  it('answers 400 for a lone surrogate in event', async () => {
    const res = await post('{"event":"job.\\ud800","data":{}}')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'RELAY_VALIDATION', details: { field: 'body/event' } })
    expect((await post('{"event":"job.\\ud83d\\ude00","data":{}}')).statusCode).toBe(202)
  })

  it('answers 400 for data nested deeper than the cap, even 50,000 levels deep', async () => {
    const nested = (depth: number) => `{"event":"deep","data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`
    const huge = await postLarge(nested(50_000))
    expect(huge.statusCode).toBe(400)
    expect(huge.json().error).toMatchObject({ code: 'RELAY_VALIDATION', details: { field: 'body/data' } })
    expect((await post(nested(MAX_DATA_DEPTH + 1))).statusCode).toBe(400)
    expect((await post(nested(MAX_DATA_DEPTH))).statusCode).toBe(202)
  })

  it('answers 400 for data holding more keys than the cap', async () => {
    const many = Object.fromEntries(Array.from({ length: MAX_DATA_KEYS + 1 }, (_, i) => [`k${i}`, 0]))
    const res = await postLarge(JSON.stringify({ event: 'wide', data: many }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'RELAY_VALIDATION', details: { field: 'body/data' } })
  })

  it('answers 400 for an event that is not a string instead of coercing it', async () => {
    for (const event of [5, true, ['a']]) {
      const res = await post({ event, data: {} })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({ code: 'RELAY_VALIDATION', details: { field: 'body/event' } })
    }
    expect((await relay.app.inject({ url: '/v1/messages?event=5', headers: relay.auth })).json().data).toHaveLength(0)
  })

  it('answers 415 RELAY_UNSUPPORTED_MEDIA_TYPE for text/plain as the README documents', async () => {
    const res = await post(JSON.stringify({ event: 'plain', data: {} }), { 'content-type': 'text/plain' })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('RELAY_UNSUPPORTED_MEDIA_TYPE')
  })

  it('answers 413 RELAY_PAYLOAD_TOO_LARGE above MAX_PAYLOAD_BYTES', async () => {
    const res = await post({ event: 'big', data: { blob: 'x'.repeat(3000) } })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('RELAY_PAYLOAD_TOO_LARGE')
  })

  it('answers 415 RELAY_UNSUPPORTED_MEDIA_TYPE for a non-JSON content type', async () => {
    const res = await post('event=x', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('RELAY_UNSUPPORTED_MEDIA_TYPE')
  })

  it('returns the first response for a repeated Idempotency-Key and queues nothing more', async () => {
    const body = { event: 'order.paid', data: { order: 7 } }
    const first = await post(body, { 'idempotency-key': 'k-1' })
    const second = await post(body, { 'idempotency-key': 'k-1' })
    expect(second.statusCode).toBe(202)
    expect(second.json()).toEqual(first.json())
    expect(second.headers['idempotent-replayed']).toBe('true')
    await eventually(() => expect(sender.requests.filter((r) => r.body.includes('order.paid'))).toHaveLength(1))
    const list = await relay.app.inject({ url: '/v1/messages?event=order.paid', headers: relay.auth })
    expect(list.json().data).toHaveLength(1)
  })

  it('answers 409 RELAY_IDEMPOTENCY_CONFLICT when a key is reused with another body', async () => {
    await post({ event: 'a', data: { n: 1 } }, { 'idempotency-key': 'k-2' })
    const res = await post({ event: 'a', data: { n: 2 } }, { 'idempotency-key': 'k-2' })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('RELAY_IDEMPOTENCY_CONFLICT')
  })

  it('counts incoming requests by tenant, event and status in /metrics', async () => {
    await post({ event: 'metric.check', data: {} })
    const metrics = (await relay.app.inject('/metrics')).body
    expect(metrics).toContain(`webhook_requests_total{tenant="${relay.tenantId}",event="metric.check",status="202",app="webhook-relay"} 1`)
    expect(metrics).toMatch(/webhook_processing_duration_seconds_count\{[^}]*status="202"[^}]*\} [1-9]/)
    expect(metrics).toContain('webhook_queue_depth{status="pending"')
  })

  it('counts refused requests too: an unknown key, a body that is not JSON', async () => {
    const counted = async (series: string) => {
      const line = (await relay.app.inject('/metrics')).body.split('\n').find((l) => l.startsWith(`webhook_requests_total{${series}`))
      return line === undefined ? 0 : Number(line.split(' ').at(-1))
    }
    const unknownKey = 'tenant="unauthenticated",event="",status="401"'
    const notJson = `tenant="${relay.tenantId}",event="",status="400"`
    const before = [await counted(unknownKey), await counted(notJson)]
    await relay.app.inject({ method: 'POST', url: '/webhook', headers: { authorization: 'Bearer not-a-key', 'content-type': 'application/json' }, payload: '{}' })
    await relay.app.inject({ method: 'POST', url: '/webhook', headers: { ...relay.auth, 'content-type': 'application/json' }, payload: '{not json' })
    expect([await counted(unknownKey), await counted(notJson)]).toEqual([before[0]! + 1, before[1]! + 1])
  })
})
