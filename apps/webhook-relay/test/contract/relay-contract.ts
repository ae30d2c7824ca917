// End-to-end behaviour of the whole relay over real sockets, run once per queue backend in test/integration:
// a receiver that fails twice then succeeds, a 4-attempt limit ending dead, replay, signatures checked with the
// README's helper, and no plaintext `data` in the database or the queue when ENCRYPTION_KEY is set.
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '@openmotion/common'
import type { DeliveryQueue } from '../../src/domain/delivery-queue.js'
import { buildTestRelay, eventually, type TestRelay } from '../helper.js'
import { loadReadmeVerifier } from './readme-verifier.js'
import { startReceiver, type Receiver } from './receiver.js'

export interface RelayContractOptions {
  queue: (namespace: string) => DeliveryQueue | Promise<DeliveryQueue>
  /** Everything the backend holds for this namespace, as text, to scan for plaintext. */
  dumpQueue?: (namespace: string) => Promise<string>
  settleMs: number
  /** A database other than the default in-memory PGlite (PostgreSQL). */
  database?: () => Promise<Database>
  /**
   * Empties the namespace's queue storage as a broker or Redis restarted without its data would (a new memory queue
   * is empty already): the queue's jobs and everything else it keeps there are gone.
   */
  empty?: (namespace: string) => Promise<void>
}

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

export function relayContract (name: string, options: RelayContractOptions): void {
  describe(`relay end to end on ${name}`, () => {
    let relay: TestRelay | undefined
    let receiver: Receiver | undefined
    afterEach(async () => {
      await relay?.close()
      await receiver?.close()
      relay = undefined
      receiver = undefined
    })

    async function setup (statuses: number[], env: Record<string, string> = {}) {
      const namespace = randomUUID()
      receiver = await startReceiver(statuses)
      relay = await buildTestRelay(
        { ENCRYPTION_KEY: pem, RETRY_SCHEDULE: '50ms,100ms,200ms', ...env },
        { queue: await options.queue(namespace), ...(options.database === undefined ? {} : { db: await options.database() }) }
      )
      const r = relay
      const endpoint = (await r.app.inject({ method: 'POST', url: '/v1/endpoints', headers: r.auth, payload: { url: receiver.url } })).json<{
        id: string
        secret: string
      }>()
      const message = async (id: string) => (await r.app.inject({ url: `/v1/messages/${id}`, headers: r.auth })).json<{ deliveries: { status: string }[] }>()
      return { r, namespace, endpoint, message, received: receiver.received }
    }

    it('delivers on the third attempt to a receiver that fails twice, with a valid signature', async () => {
      const verify = await loadReadmeVerifier()
      const { r, endpoint, message, received } = await setup([500, 502, 200])
      const { id } = (await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'job.completed', data: { jobId: 42 } } })).json<{
        id: string
      }>()
      await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('succeeded'), options.settleMs + 15_000)
      expect(received.map((q) => q.status)).toEqual([500, 502, 200])
      const third = received[2]
      expect(third?.headers['webhook-id']).toBe(id)
      expect(verify(endpoint.secret, third?.headers ?? {}, third?.body ?? '')).toBe(true)
      expect(verify(endpoint.secret, third?.headers ?? {}, (third?.body ?? '').replace('42', '43'))).toBe(false)
      // The signing secret is encrypted at rest like the data it signs.
      expect(JSON.stringify((await r.db.query('SELECT * FROM relay_endpoints')).rows)).not.toContain(endpoint.secret)
      expect(JSON.parse(third?.body ?? '{}')).toMatchObject({ type: 'job.completed', data: { jobId: 42 } })
      const attempts = (await r.app.inject({ url: `/v1/messages/${id}/attempts`, headers: r.auth })).json<{
        data: { statusCode: number, outcome: string, responseBody: string }[]
      }>()
      expect(attempts.data.map((a) => [a.statusCode, a.outcome])).toEqual([[500, 'failed'], [502, 'failed'], [200, 'succeeded']])
      expect(attempts.data[0]?.responseBody).toBe('receiver answered 500')
    })

    it('delivers a retrying delivery whose queue lost its data while the relay was down, re-published from the database', async () => {
      const namespace = randomUUID()
      receiver = await startReceiver([500, 200])
      const db = options.database === undefined ? await openDatabase({}) : await options.database()
      const env = { RETRY_SCHEDULE: '3s', QUEUE_RECONCILE_INTERVAL: '200ms' }
      const first = await buildTestRelay(env, { queue: await options.queue(namespace), db })
      await first.app.inject({ method: 'POST', url: '/v1/endpoints', headers: first.auth, payload: { url: receiver.url } })
      const { id } = (await first.app.inject({ method: 'POST', url: '/webhook', headers: first.auth, payload: { event: 'queue.lost', data: {} } })).json<{ id: string }>()
      const status = async () => (await db.query<{ status: string }>('SELECT status FROM relay_deliveries WHERE message_id = $1', [id])).rows[0]?.status
      await eventually(async () => expect(await status()).toBe('retrying'), options.settleMs + 15_000)
      // The retry's job has left the outbox: only the queue holds it now.
      await eventually(async () => expect((await db.query('SELECT 1 FROM relay_outbox')).rows).toHaveLength(0), 15_000)
      // The retry's job waits in the queue; the queue's storage is lost while the relay is down (`down`/`up`
      // of a broker without its volume), and a relay starts again on the same database.
      await first.app.close()
      await options.empty?.(namespace)
      relay = await buildTestRelay(env, { queue: await options.queue(namespace), db })
      await eventually(async () => expect(await status()).toBe('succeeded'), options.settleMs + 20_000)
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200])
      expect(receiver.received[1]?.headers['webhook-id']).toBe(id)
    })

    it('ends dead after 4 attempts and delivers on replay, never storing or queueing plaintext data', async () => {
      const verify = await loadReadmeVerifier()
      const { r, namespace, endpoint, message, received } = await setup([500, 500, 500, 500, 200], { RETRY_MAX_ATTEMPTS: '4' })
      const { id } = (
        await r.app.inject({ method: 'POST', url: '/webhook', headers: r.auth, payload: { event: 'card.saved', data: { secret: 'plaintext-canary-7731' } } })
      ).json<{ id: string }>()
      await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('dead'), options.settleMs + 15_000)
      expect(received).toHaveLength(4)
      const replay = await r.app.inject({ method: 'POST', url: `/v1/messages/${id}/replay`, headers: r.auth })
      expect(replay.json()).toEqual({ deliveries: 1 })
      await eventually(async () => expect((await message(id)).deliveries[0]?.status).toBe('succeeded'), options.settleMs + 15_000)
      const last = received[4]
      expect(verify(endpoint.secret, last?.headers ?? {}, last?.body ?? '')).toBe(true)
      expect(last?.body).toContain('plaintext-canary-7731')
      for (const table of ['relay_messages', 'relay_deliveries', 'relay_attempts', 'relay_delivery_transitions']) {
        expect(JSON.stringify((await r.db.query(`SELECT * FROM ${table}`)).rows)).not.toContain('plaintext-canary-7731')
      }
      if (options.dumpQueue !== undefined) {
        const dump = await options.dumpQueue(namespace)
        expect(dump).toContain('dlv_')
        expect(dump).not.toContain('plaintext-canary-7731')
      }
    })
  })
}
