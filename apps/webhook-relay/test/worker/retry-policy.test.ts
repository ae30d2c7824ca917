import { afterEach, describe, expect, it } from 'vitest'
import type { OutboundRequest, OutboundResult } from '../../src/domain/ports.js'
import { buildTestRelay, eventually, scriptedSender, type TestRelay } from '../helper.js'

let relay: TestRelay | undefined
afterEach(async () => { await relay?.close(); relay = undefined })

type MessageView = { deliveries: { status: string, attempts: number, lastError: string | null, nextAttemptAt: string | null, updatedAt: string }[] }

async function setup (send: (request: OutboundRequest) => Promise<OutboundResult>, env: Record<string, string> = {}, endpoint: Record<string, unknown> = {}) {
  relay = await buildTestRelay(env, { send })
  const r = relay
  const created = await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/hook', ...endpoint } })
  const post = async () =>
    (await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'e', data: {} } })).json<{ id: string }>().id
  const message = async (id: string) => (await r.app.inject({ url: `/v1/messages/${id}`, headers: r.auth })).json<MessageView>()
  const endpointView = async () =>
    (await r.app.inject({ url: `/v1/endpoints/${created.json<{ id: string }>().id}`, headers: r.auth })).json<{
      consecutiveFailures: number
      circuitOpenUntil: string | null
      disabled: boolean
    }>()
  return { r, created, post, message, endpointView }
}

describe('retry policy', () => {
  it('opens the circuit after CIRCUIT_BREAKER_THRESHOLD failures in a row: deliveries wait without burning attempts, a probe closes it', async () => {
    let failing = true
    const requests: OutboundRequest[] = []
    const send = async (request: OutboundRequest): Promise<OutboundResult> => {
      requests.push(request)
      return { statusCode: failing ? 503 : 200, headers: {}, body: '', error: null, latencyMs: 1 }
    }
    const { post, message, endpointView } = await setup(send, { CIRCUIT_BREAKER_THRESHOLD: '3', CIRCUIT_BREAKER_COOLDOWN: '1s', RETRY_MAX_ATTEMPTS: '8' })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await post())
    await eventually(async () => expect((await endpointView()).circuitOpenUntil).not.toBeNull())
    // Without a breaker, 20 ms retries would spend all 8 attempts of every message (40 requests) in under a second.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    for (const id of ids) expect((await message(id)).deliveries[0]?.status).not.toBe('dead')
    expect(requests.length).toBeLessThan(20)
    failing = false
    await eventually(async () => {
      for (const id of ids) expect((await message(id)).deliveries[0]?.status).toBe('succeeded')
    }, 10_000)
    expect(await endpointView()).toMatchObject({ consecutiveFailures: 0, circuitOpenUntil: null, disabled: false })
  }, 30_000)

  it('ends a message at once when the receiver answers with webhook-delivery: abort-message, keeping the endpoint enabled', async () => {
    const sender = scriptedSender([422], { 'webhook-delivery': 'abort-message' })
    const { post, message, endpointView } = await setup(sender)
    const id = await post()
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('dead'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sender.requests).toHaveLength(1)
    expect((await message(id)).deliveries[0]?.lastError).toContain('receiver aborted the message')
    expect(await endpointView()).toMatchObject({ disabled: false, consecutiveFailures: 0 })
  })

  it('keeps Retry-After and uses the endpoint\'s own retry schedule', async () => {
    const sender = scriptedSender([500])
    const { post, message } = await setup(sender, {}, { retrySchedule: ['1h', '2h'] })
    const id = await post()
    await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('retrying'))
    const d = (await message(id)).deliveries[0]
    const wait = Date.parse(d?.nextAttemptAt ?? '') - Date.parse(d?.updatedAt ?? '')
    expect(wait).toBeGreaterThan(3_599_000)
    expect(wait).toBeLessThan(3_601_000)
  })

  it('refuses an endpoint retry schedule with a wait under a second or a malformed entry', async () => {
    const { r } = await setup(scriptedSender([200]))
    for (const retrySchedule of [['500ms'], ['soon'], []]) {
      const res = await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: 'http://127.0.0.1:9/x', retrySchedule } })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('RELAY_VALIDATION')
    }
  })
})
