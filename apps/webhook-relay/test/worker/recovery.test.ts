import { openDatabase, type Database } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryStore } from '../../src/adapters/delivery-store.js'
import { MemoryQueue } from '@openmotion/job-queue'
import type { DeliveryJob } from '../../src/domain/delivery-queue.js'
import { MessageStore } from '../../src/adapters/message-store.js'
import { OutboxStore } from '../../src/adapters/outbox-store.js'
import { requeueUnfinished } from '../../src/worker/recovery.js'
import { buildTestRelay, eventually, migratedDatabase, RecordingQueue } from '../helper.js'

let db: Database

beforeAll(async () => { db = await migratedDatabase() })
afterAll(async () => { await db.close() })

describe('memory-queue recovery', () => {
  it('re-queues every unfinished delivery whose job left the outbox, across several batches, each once', async () => {
    const messages = new MessageStore(db)
    for (let i = 0; i < 7; i++) await messages.accept({ tenantId: 'tnt_1', event: 'e', data: '{}', keyId: '', endpointIds: ['ep_a'] })
    const outbox = new OutboxStore(db)
    // Jobs still in the outbox are the publisher's to hand over: recovery leaves them alone.
    expect(await requeueUnfinished(new DeliveryStore(db), new MemoryQueue<DeliveryJob>(), 3)).toBe(0)
    await outbox.remove((await outbox.claim(100, new Date(Date.now() + 1000))).map((e) => e.id))
    const queue = new MemoryQueue<DeliveryJob>()
    expect(await requeueUnfinished(new DeliveryStore(db), queue, 3)).toBe(7)
    expect(queue.size()).toBe(7)
  })
})

describe('durable queue under backlog', () => {
  it('never queues a second job for a delivery that waits overdue behind a backlog, across restarts', async () => {
    const shared = await openDatabase({})
    const queue = new RecordingQueue('redis', false)
    const first = await buildTestRelay({}, { db: shared, queue })
    await first.app.inject({ method: 'POST', url: '/v1/endpoints', headers: first.auth, payload: { url: 'http://127.0.0.1:9/b' } })
    for (let i = 0; i < 5; i++) await first.app.inject({ method: 'POST', url: '/webhook', headers: first.auth, payload: { event: 'e', data: { i } } })
    await eventually(() => expect(queue.enqueued).toHaveLength(5))
    await first.app.close()
    // Ten minutes overdue: the old sweep took these for lost and queued them again on every start and minute.
    await shared.query("UPDATE relay_deliveries SET next_attempt_at = now() - interval '10 minutes', updated_at = now() - interval '10 minutes'")
    const second = await buildTestRelay({}, { db: shared, queue })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await second.close()
    expect(queue.enqueued).toHaveLength(5)
    expect(new Set(queue.enqueued.map((j) => j.deliveryId)).size).toBe(5)
  })
})

describe('retention', () => {
  it('deletes messages older than the cutoff together with their deliveries and attempts', async () => {
    const messages = new MessageStore(db)
    const old = await messages.accept({ tenantId: 'tnt_1', event: 'old', data: '{}', keyId: '', endpointIds: ['ep_a'] }, new Date(Date.now() - 40 * 86_400_000))
    const fresh = await messages.accept({ tenantId: 'tnt_1', event: 'fresh', data: '{}', keyId: '', endpointIds: ['ep_a'] })
    if (old.kind !== 'created' || fresh.kind !== 'created') throw new Error('not created')
    expect(await messages.deleteOlderThan(new Date(Date.now() - 30 * 86_400_000))).toBe(1)
    expect(await messages.getById(old.message.id)).toBeUndefined()
    expect(await messages.getById(fresh.message.id)).toBeDefined()
    const { rows } = await db.query('SELECT id FROM relay_deliveries WHERE message_id = $1', [old.message.id])
    expect(rows).toHaveLength(0)
  })
})
