import { openDatabase } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { buildTestRelay, eventually, RecordingQueue, scriptedSender } from '../helper.js'

describe('transactional outbox', () => {
  it('answers 202 when the enqueue after the commit fails, and delivers once within seconds without a second message', async () => {
    const queue = new RecordingQueue()
    const sender = scriptedSender([200])
    const relay = await buildTestRelay({}, { queue, send: sender })
    await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/o' } })
    queue.failures = 2
    const res = await relay.app.inject({ method: 'POST', url: '/webhook', headers: relay.auth, payload: { event: 'outbox.test', data: { n: 1 } } })
    expect(res.statusCode).toBe(202)
    const { id } = res.json<{ id: string }>()
    // Published on the publisher's retry (a second apart), not by a sweep minutes later.
    await eventually(() => expect(sender.requests.map((r) => r.headers['webhook-id'])).toEqual([id]), 10_000)
    const list = await relay.app.inject({ url: '/v1/messages?event=outbox.test', headers: relay.auth })
    expect(list.json().data).toHaveLength(1)
    expect(queue.enqueued.filter((j) => j.attempt === 1)).toHaveLength(1)
    await relay.close()
  }, 60_000)

  it('hands the jobs of a relay that died after its commit to the next relay at once', async () => {
    const db = await openDatabase({})
    const down = new RecordingQueue()
    down.failures = Number.MAX_SAFE_INTEGER
    const first = await buildTestRelay({}, { db, queue: down, worker: false })
    await first.app.inject({ method: 'POST', url: '/v1/endpoints', headers: first.auth, payload: { url: 'http://127.0.0.1:9/o' } })
    const { id } = (await first.app.inject({ method: 'POST', url: '/webhook', headers: first.auth, payload: { event: 'e', data: {} } })).json<{ id: string }>()
    await first.app.close()
    const sender = scriptedSender([200])
    const second = await buildTestRelay({}, { db, send: sender })
    await eventually(() => expect(sender.requests.map((r) => r.headers['webhook-id'])).toEqual([id]), 10_000)
    await second.close()
  }, 60_000)
})
