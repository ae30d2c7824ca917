import { afterEach, describe, expect, it } from 'vitest'
import { MemoryQueue } from '@openmotion/job-queue'
import type { DeliveryJob } from '../../src/domain/delivery-queue.js'
import { verifySignature } from '../../src/domain/signing.js'
import type { OutboundRequest, OutboundResult } from '../../src/domain/ports.js'
import { buildTestRelay, eventually, scriptedSender, type TestRelay } from '../helper.js'

let relay: TestRelay | undefined
afterEach(async () => { await relay?.close(); relay = undefined })

async function setup (statuses: number[], env: Record<string, string> = {}, endpoint: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const sender = scriptedSender(statuses, headers)
  relay = await buildTestRelay(env, { send: sender })
  const r = relay
  const created = (
    await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/hook', ...endpoint } })
  ).json<{ id: string, secret: string }>()
  const send = async (event = 'job.done', data: Record<string, unknown> = { n: 1 }) =>
    (await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event, data } })).json<{ id: string, deliveries: number }>()
  const message = async (id: string) =>
    (await r.app.inject({ url: `/v1/messages/${id}`, headers: r.auth })).json<{
      deliveries: { id: string, status: string, attempts: number, lastError: string | null, transitions: { from: string | null, to: string }[] }[]
    }>()
  return { r, sender, endpoint: created, send, message }
}

describe('delivery worker', () => {
  it('retries a failing endpoint until the third attempt succeeds with valid Standard Webhooks headers', async () => {
    const { r, sender, endpoint, send, message } = await setup([500, 503, 200])
    const { id } = await send('job.done', { job: 42 })
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('succeeded'))
    expect(sender.requests).toHaveLength(3)
    for (const request of sender.requests) {
      expect(request.headers['webhook-id']).toBe(id)
      expect(
        verifySignature({
          secret: endpoint.secret,
          id,
          timestamp: request.headers['webhook-timestamp'] as string,
          signature: request.headers['webhook-signature'] as string,
          body: request.body
        })
      ).toBe(true)
    }
    expect(JSON.parse(sender.requests[2]?.body as string)).toEqual({ type: 'job.done', timestamp: expect.any(String), data: { job: 42 } })
    const attempts = (await r.app.inject({ url: `/v1/messages/${id}/attempts`, headers: r.auth })).json<{
      data: { attempt: number, statusCode: number, outcome: string, responseBody: string }[]
    }>()
    expect(attempts.data.map((a) => [a.attempt, a.statusCode, a.outcome])).toEqual([[1, 500, 'failed'], [2, 503, 'failed'], [3, 200, 'succeeded']])
    expect(attempts.data[0]?.responseBody).toBe('status 500')
    expect((await message(id)).deliveries[0]?.transitions.map((t) => t.to)).toEqual([
      'pending',
      'delivering',
      'retrying',
      'delivering',
      'retrying',
      'delivering',
      'succeeded'
    ])
  })

  it('ends dead after RETRY_MAX_ATTEMPTS and delivers again on replay', async () => {
    const { r, sender, send, message } = await setup([500, 500, 500, 500, 200], { RETRY_MAX_ATTEMPTS: '4' })
    const { id } = await send()
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('dead'))
    expect(sender.requests).toHaveLength(4)
    const dead = await r.app.inject({ url: '/v1/messages?status=dead', headers: r.auth })
    expect(dead.json().data.map((m: { id: string }) => m.id)).toEqual([id])
    expect((await r.app.inject({ method: 'POST', url: `/v1/messages/${id}/replay`, headers: r.auth })).json()).toEqual({ deliveries: 1 })
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('succeeded'))
    expect(sender.requests).toHaveLength(5)
    expect((await message(id)).deliveries[0]?.attempts).toBe(5)
  })

  it('replays an endpoint\'s dead deliveries with POST /v1/endpoints/:id/replay', async () => {
    const { r, sender, endpoint, send, message } = await setup([500, 500, 200], { RETRY_MAX_ATTEMPTS: '1' })
    const first = await send('a')
    const second = await send('b')
    await eventually(async () => {
      expect((await message(first.id)).deliveries[0]?.status).toBe('dead')
      expect((await message(second.id)).deliveries[0]?.status).toBe('dead')
    })
    const res = await r.app.inject({
      method: 'POST',
      url: `/v1/endpoints/${endpoint.id}/replay?since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
      headers: r.auth
    })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ deliveries: 2 })
    await eventually(async () => expect((await message(second.id)).deliveries[0]?.status).toBe('succeeded'))
    expect(sender.requests).toHaveLength(4)
  })

  it('disables the endpoint at once on 410 Gone and stops fanning out to it', async () => {
    const { r, endpoint, send, message } = await setup([410])
    const { id } = await send()
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('dead'))
    const ep = (await r.app.inject({ url: `/v1/endpoints/${endpoint.id}`, headers: r.auth })).json()
    expect(ep).toMatchObject({ disabled: true, disabledReason: 'endpoint answered 410 Gone' })
    expect((await send()).deliveries).toBe(0)
  })

  it('disables an endpoint that keeps failing for ENDPOINT_DISABLE_AFTER and kills its queued delivery', async () => {
    const { r, endpoint, send, message } = await setup([500], { ENDPOINT_DISABLE_AFTER: '0s' })
    const { id } = await send()
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('dead'))
    expect((await message(id)).deliveries[0]?.lastError).toBe('endpoint disabled: failing continuously')
    expect((await r.app.inject({ url: `/v1/endpoints/${endpoint.id}`, headers: r.auth })).json().disabled).toBe(true)
  })

  it('waits at least Retry-After before retrying', async () => {
    const { r, sender, send, message } = await setup([429, 200], { RETRY_MAX_MS: '60000' }, {}, { 'retry-after': '1' })
    const { id } = await send()
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('retrying'))
    const retry = (await message(id)).deliveries[0] as unknown as { nextAttemptAt: string }
    const attempts = (await r.app.inject({ url: `/v1/messages/${id}/attempts`, headers: r.auth })).json<{ data: { at: string }[] }>()
    // Measured from the failed attempt's start, so a slow database write under load cannot shave the margin.
    expect(Date.parse(retry.nextAttemptAt) - Date.parse(attempts.data[0]?.at ?? '')).toBeGreaterThanOrEqual(1000)
    await eventually(async () => expect(sender.requests).toHaveLength(2), 5000)
  })

  it('sends the endpoint\'s custom headers without letting them replace the signature headers', async () => {
    const { sender, send } = await setup([200], {}, { headers: { 'X-Team': 'blue', Authorization: 'Bearer downstream' } })
    const { id } = await send()
    await eventually(() => expect(sender.requests).toHaveLength(1))
    expect(sender.requests[0]?.headers).toMatchObject({ 'x-team': 'blue', authorization: 'Bearer downstream', 'webhook-id': id })
  })

  it('fans out only to endpoints whose event filter matches', async () => {
    const { r, sender, send } = await setup([200], {}, { eventTypes: ['job.*'] })
    await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/users', eventTypes: ['user.created'] } })
    expect((await send('job.step.done')).deliveries).toBe(1)
    expect((await send('user.created')).deliveries).toBe(1)
    expect((await send('invoice.paid')).deliveries).toBe(0)
    await eventually(() => expect(sender.requests).toHaveLength(2))
    expect(sender.requests.find((q) => q.body.includes('job.step.done'))?.url).toBe('http://127.0.0.1:9/hook')
  })

  it('signs with both secrets for 24 h after a rotation', async () => {
    const { r, sender, endpoint, send } = await setup([200])
    const rotated = (await r.app.inject({ method: 'POST', url: `/v1/endpoints/${endpoint.id}/secret/rotate`, headers: r.auth })).json<{
      secret: string
      previousSecret: string
      previousSecretExpiresAt: string
    }>()
    expect(rotated.previousSecret).toBe(endpoint.secret)
    expect(Date.parse(rotated.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000)
    const { id } = await send()
    await eventually(() => expect(sender.requests).toHaveLength(1))
    const request = sender.requests[0] as OutboundRequest
    const signature = request.headers['webhook-signature'] as string
    expect(signature.split(' ')).toHaveLength(2)
    for (const secret of [rotated.secret, endpoint.secret]) {
      expect(verifySignature({ secret, id, timestamp: request.headers['webhook-timestamp'] as string, signature, body: request.body })).toBe(true)
    }
  })

  it('drops duplicate jobs: one request per attempt even when a job arrives twice', { timeout: 30_000 }, async () => {
    const queue = new MemoryQueue<DeliveryJob>()
    const sender = scriptedSender([200])
    const slow = async (request: OutboundRequest) => { await new Promise((resolve) => setTimeout(resolve, 100)); return sender(request) }
    // Duplicates arriving mid-attempt wait until the attempt could be stale (timeout + 5 s), then are dropped.
    relay = await buildTestRelay({ DELIVERY_TIMEOUT_MS: '100' }, { send: slow, queue })
    const r = relay
    const ep = (await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/x' } })).json<{ id: string }>()
    const { id } = (await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'e', data: {} } })).json<{ id: string }>()
    const { rows } = await r.db.query<{ id: string }>('SELECT id FROM relay_deliveries WHERE message_id = $1', [id])
    const job = { deliveryId: (rows[0] as { id: string }).id, endpointId: ep.id, attempt: 1 }
    await queue.enqueue([job, job])
    await eventually(async () => expect((await r.app.inject({ url: `/v1/messages/${id}`, headers: r.auth })).json().deliveries[0].status).toBe('succeeded'))
    await queue.enqueue([job, { ...job, attempt: 2 }])
    await eventually(() => expect(queue.size()).toBe(0), 12_000)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(sender.requests).toHaveLength(1)
  })

  it('kills the queued delivery of a deleted endpoint', async () => {
    let release: (() => void) | undefined
    const gate = new Promise<void>((resolve) => { release = resolve })
    const held = async (): Promise<OutboundResult> => { await gate; return { statusCode: 500, headers: {}, body: '', error: null, latencyMs: 1 } }
    relay = await buildTestRelay({}, { send: held })
    const r = relay
    const ep = (await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/x' } })).json<{ id: string }>()
    const { id } = (await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'e', data: {} } })).json<{ id: string }>()
    expect((await r.app.inject({ method: 'DELETE', url: `/v1/endpoints/${ep.id}`, headers: r.auth })).statusCode).toBe(204)
    release?.()
    await eventually(async () => {
      const d = (await r.app.inject({ url: `/v1/messages/${id}`, headers: r.auth })).json().deliveries[0]
      expect(d).toMatchObject({ status: 'dead', lastError: 'endpoint deleted' })
    })
  })

  it('spaces deliveries to an endpoint by its rateLimitPerSecond', async () => {
    const starts: number[] = []
    const sender = scriptedSender([200])
    const timed = async (request: OutboundRequest) => { starts.push(Date.now()); return sender(request) }
    relay = await buildTestRelay({}, { send: timed })
    const r = relay
    await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/limited', rateLimitPerSecond: 2 } })
    for (let i = 0; i < 4; i++) await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'e', data: { i } } })
    await eventually(() => expect(starts).toHaveLength(4), 10_000)
    // A burst of two, then one token every 500 ms.
    expect((starts[2] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(400)
    expect((starts[3] as number) - (starts[2] as number)).toBeGreaterThanOrEqual(400)
  })
})
