import { openDatabase, migrate, type Database } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryStore } from '../../src/adapters/delivery-store.js'
import { MemoryQueue } from '../../src/adapters/memory-queue.js'
import { MessageStore } from '../../src/adapters/message-store.js'
import { migrations } from '../../src/adapters/schema.js'
import { requeueStalled } from '../../src/worker/recovery.js'

let db: Database

beforeAll(async () => {
  db = await openDatabase({})
  await migrate(db, 'webhook-relay', migrations)
  await db.query("INSERT INTO relay_tenants (id, name) VALUES ('tnt_1', 't')")
})
afterAll(async () => { await db.close() })

describe('stalled-delivery recovery', () => {
  it('re-queues every unfinished delivery, across several batches, each once', async () => {
    const messages = new MessageStore(db)
    for (let i = 0; i < 7; i++) await messages.accept({ tenantId: 'tnt_1', event: 'e', data: '{}', keyId: '', endpointIds: ['ep_a'] })
    const queue = new MemoryQueue()
    const count = await requeueStalled(new DeliveryStore(db), queue, { graceMs: -1000, staleDeliveringMs: 60_000, batch: 3 })
    expect(count).toBe(7)
    expect(queue.size()).toBe(7)
  })

  it('leaves deliveries that are not yet overdue alone on a durable backend', async () => {
    const queue = new MemoryQueue()
    expect(await requeueStalled(new DeliveryStore(db), queue, { graceMs: 5 * 60_000, staleDeliveringMs: 60_000 })).toBe(0)
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
