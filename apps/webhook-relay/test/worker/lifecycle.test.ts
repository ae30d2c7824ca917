import { openDatabase } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import type { OutboundRequest, OutboundResult } from '../../src/domain/ports.js'
import { buildTestRelay, eventually, scriptedSender } from '../helper.js'

const ok = (): OutboundResult => ({ statusCode: 200, headers: {}, body: '', error: null, latencyMs: 1 })

describe('relay lifecycle', () => {
  it('finishes in-flight deliveries before close() resolves (graceful shutdown)', async () => {
    let started = 0
    const slow = async (): Promise<OutboundResult> => { started++; await new Promise((resolve) => setTimeout(resolve, 300)); return ok() }
    const relay = await buildTestRelay({}, { send: slow })
    await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/s' } })
    const { id } = (await relay.app.inject({ method: 'POST', url: '/webhook', headers: relay.auth, payload: { event: 'e', data: {} } })).json<{ id: string }>()
    await eventually(() => expect(started).toBe(1))
    await relay.app.close()
    const { rows } = await relay.db.query<{ status: string }>('SELECT status FROM relay_deliveries WHERE message_id = $1', [id])
    expect(rows[0]?.status).toBe('succeeded')
    await relay.db.close()
  })

  it('re-queues unfinished deliveries from the database when a memory-queue relay restarts', async () => {
    const db = await openDatabase({})
    const first = await buildTestRelay({}, { db, worker: false })
    await first.app.inject({ method: 'POST', url: '/v1/endpoints', headers: first.auth, payload: { url: 'http://127.0.0.1:9/r' } })
    const { id } = (await first.app.inject({ method: 'POST', url: '/webhook', headers: first.auth, payload: { event: 'e', data: { survived: true } } })).json<{
      id: string
    }>()
    await first.app.close()
    const sender = scriptedSender([200])
    const second = await buildTestRelay({}, { db, send: sender })
    await eventually(() => expect(sender.requests.map((r) => r.headers['webhook-id'])).toContain(id))
    await second.close()
  })

  it('keeps a slow endpoint from stalling others and caps its concurrency at ENDPOINT_CONCURRENCY', async () => {
    let inFlightSlow = 0
    let maxSlow = 0
    let release: (() => void) | undefined
    const gate = new Promise<void>((resolve) => { release = resolve })
    const fastDone: string[] = []
    const send = async (request: OutboundRequest): Promise<OutboundResult> => {
      if (request.url.endsWith('/slow')) {
        inFlightSlow++
        maxSlow = Math.max(maxSlow, inFlightSlow)
        await gate
        inFlightSlow--
      } else {
        fastDone.push(request.headers['webhook-id'] as string)
      }
      return ok()
    }
    const relay = await buildTestRelay({ ENDPOINT_CONCURRENCY: '2', WORKER_CONCURRENCY: '4' }, { send })
    await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/slow', eventTypes: ['slow'] } })
    await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/fast', eventTypes: ['fast'] } })
    for (let i = 0; i < 6; i++) await relay.app.inject({ method: 'POST', url: '/webhook', headers: relay.auth, payload: { event: 'slow', data: {} } })
    for (let i = 0; i < 5; i++) await relay.app.inject({ method: 'POST', url: '/webhook', headers: relay.auth, payload: { event: 'fast', data: {} } })
    await eventually(() => expect(fastDone).toHaveLength(5))
    expect(maxSlow).toBe(2)
    release?.()
    await eventually(async () => {
      const { rows } = await relay.db.query<{ n: number }>("SELECT count(*)::int8 AS n FROM relay_deliveries WHERE status = 'succeeded'")
      expect(rows[0]?.n).toBe(11)
    })
    await relay.close()
  })
})
