import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestRelay, eventually, RecordingQueue, scriptedSender, type TestRelay } from '../helper.js'

let relay: TestRelay
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const sender = scriptedSender([200])

beforeAll(async () => {
  relay = await buildTestRelay({ ENCRYPTION_KEY: pem }, { send: sender })
  await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/m' } })
})
afterAll(async () => { await relay.close() })

const send = async (event: string, data: Record<string, unknown>) =>
  (await relay.app.inject({ method: 'POST', url: '/webhook', headers: relay.auth, payload: { event, data } })).json<{ id: string }>()

describe('messages API', () => {
  it('stores data encrypted (no plaintext anywhere in the database) yet returns and delivers it decrypted', async () => {
    const { id } = await send('card.added', { pan: 'plaintext-marker-4111' })
    await eventually(() => expect(sender.requests.some((r) => r.body.includes('plaintext-marker-4111'))).toBe(true))
    for (const table of ['relay_messages', 'relay_deliveries', 'relay_attempts', 'relay_delivery_transitions', 'relay_idempotency']) {
      const { rows } = await relay.db.query(`SELECT * FROM ${table}`)
      expect(JSON.stringify(rows)).not.toContain('plaintext-marker-4111')
    }
    const { rows } = await relay.db.query<{ data: string, key_id: string }>('SELECT data, key_id FROM relay_messages WHERE id = $1', [id])
    expect(rows[0]?.data.startsWith(`env1.${rows[0]?.key_id}.`)).toBe(true)
    const message = (await relay.app.inject({ url: `/v1/messages/${id}`, headers: relay.auth })).json()
    expect(message).toMatchObject({ id, event: 'card.added', data: { pan: 'plaintext-marker-4111' } })
  })

  it('filters by event, status and since, and pages with a cursor', async () => {
    const a = await send('list.a', { n: 1 })
    const b = await send('list.b', { n: 2 })
    const c = await send('list.a', { n: 3 })
    const ids = (url: string) => relay.app.inject({ url, headers: relay.auth }).then((r) => r.json<{ data: { id: string }[], nextCursor: string | null }>())
    expect((await ids('/v1/messages?event=list.a')).data.map((m) => m.id)).toEqual([c.id, a.id])
    const page1 = await ids('/v1/messages?limit=2')
    expect(page1.data.map((m) => m.id)).toEqual([c.id, b.id])
    const page2 = await ids(`/v1/messages?limit=2&cursor=${page1.nextCursor as string}`)
    expect(page2.data[0]?.id).toBe(a.id)
    expect((await ids(`/v1/messages?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).data).toEqual([])
    await eventually(async () => expect((await ids('/v1/messages?status=succeeded&event=list.b')).data.map((m) => m.id)).toEqual([b.id]))
    expect((await relay.app.inject({ url: '/v1/messages?status=bogus', headers: relay.auth })).statusCode).toBe(400)
  })

  it('pages attempts oldest first', async () => {
    const { id } = await send('attempts.page', {})
    await eventually(async () => expect((await relay.app.inject({ url: `/v1/messages/${id}/attempts`, headers: relay.auth })).json().data).toHaveLength(1))
    const res = (await relay.app.inject({ url: `/v1/messages/${id}/attempts?limit=1`, headers: relay.auth })).json()
    expect(res.data[0]).toMatchObject({ attempt: 1, statusCode: 200, outcome: 'succeeded', latencyMs: expect.any(Number), error: null })
    expect(res.nextCursor).toBeNull()
  })

  it('answers 404 RELAY_MESSAGE_NOT_FOUND for unknown ids and other tenants\' messages', async () => {
    const { id } = await send('private', {})
    const tenant = (await relay.app.inject({ method: 'POST', url: '/v1/tenants', headers: relay.admin, payload: { name: 'other' } })).json()
    const key = (await relay.app.inject({ method: 'POST', url: `/v1/tenants/${tenant.id as string}/keys`, headers: relay.admin })).json()
    for (const url of [`/v1/messages/${id}`, `/v1/messages/${id}/attempts`]) {
      const res = await relay.app.inject({ url, headers: { authorization: `Bearer ${key.key as string}` } })
      expect(res.statusCode).toBe(404)
      expect(res.json().error.code).toBe('RELAY_MESSAGE_NOT_FOUND')
    }
    expect((await relay.app.inject({ method: 'POST', url: '/v1/messages/msg_nope/replay', headers: relay.auth })).statusCode).toBe(404)
  })

  it('replays a succeeded message to its endpoint again and leaves an in-progress delivery alone', async () => {
    const { id } = await send('replay.done', {})
    const status = async () => (await relay.app.inject({ url: `/v1/messages/${id}`, headers: relay.auth })).json().deliveries[0]
    await eventually(async () => expect((await status()).status).toBe('succeeded'))
    expect((await relay.app.inject({ method: 'POST', url: `/v1/messages/${id}/replay`, headers: relay.auth })).json()).toEqual({ deliveries: 1 })
    await eventually(async () => expect(await status()).toMatchObject({ status: 'succeeded', attempts: 2 }))
    await relay.db.query("UPDATE relay_deliveries SET status = 'retrying' WHERE message_id = $1", [id])
    expect((await relay.app.inject({ method: 'POST', url: `/v1/messages/${id}/replay`, headers: relay.auth })).json()).toEqual({ deliveries: 0 })
  })

  it('queues a pending delivery again on replay: a queue that lost its job does not strand it', async () => {
    // A durable queue that never hands its jobs out: the accepted delivery stays pending with one job in it.
    const queue = new RecordingQueue('redis', false)
    const stranded = await buildTestRelay({}, { queue })
    try {
      await stranded.app.inject({ method: 'POST', url: '/v1/endpoints', headers: stranded.auth, payload: { url: 'http://127.0.0.1:9/p' } })
      const { id } = (await stranded.app.inject({ method: 'POST', url: '/webhook', headers: stranded.auth, payload: { event: 'e', data: {} } })).json<{ id: string }>()
      await eventually(() => expect(queue.enqueued).toHaveLength(1))
      // The queue has the job once its outbox row is gone.
      await eventually(async () => expect((await stranded.db.query('SELECT 1 FROM relay_outbox')).rows).toHaveLength(0))
      const replay = await stranded.app.inject({ method: 'POST', url: `/v1/messages/${id}/replay`, headers: stranded.auth })
      expect(replay.statusCode).toBe(202)
      expect(replay.json()).toEqual({ deliveries: 1 })
      await eventually(() => expect(queue.enqueued).toHaveLength(2))
      expect(queue.enqueued[1]).toEqual(queue.enqueued[0])
      expect(queue.enqueued[1]?.attempt).toBe(1)
    } finally {
      await stranded.close()
    }
  })
})
