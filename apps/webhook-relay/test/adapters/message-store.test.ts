// Acceptance's group commit with jobs held by the accepting relay: the jobs come back to it with their outbox ids,
// and no other relay's poller takes the rows until the lease lapses (the accepting relay died before handing them
// over), then any poller does.
import { type Database } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageStore } from '../../src/adapters/message-store.js'
import { migratedDatabase } from '../helper.js'
import { OutboxStore } from '../../src/adapters/outbox-store.js'

let db: Database

beforeAll(async () => { db = await migratedDatabase() })
afterAll(async () => { await db.close() })

describe('held outbox jobs', () => {
  it('returns the jobs it committed leased to this relay; pollers take them only once the lease lapsed', async () => {
    const messages = new MessageStore(db, { heldLeaseMs: 5000 })
    const outbox = new OutboxStore(db)
    const t0 = Date.now()
    const accepted = await Promise.all([1, 2, 3].map(() =>
      messages.accept({ tenantId: 'tnt_1', event: 'e', data: '{}', keyId: '', endpointIds: ['ep_a', 'ep_b'] })))
    const held = accepted.flatMap((a) => a.kind === 'created' ? a.held ?? [] : [])
    expect(held).toHaveLength(6)
    for (const a of accepted) {
      if (a.kind !== 'created') throw new Error('not created')
      expect(a.held?.map((h) => h.job)).toEqual(a.deliveries.map((d) => ({ deliveryId: d.id, endpointId: d.endpointId, attempt: 1 })))
    }
    expect(await outbox.claim(100, new Date(t0 + 60_000), new Date(t0 + 1000))).toEqual([])
    const taken = await outbox.claim(100, new Date(t0 + 60_000), new Date(t0 + 6000))
    expect(taken.map((e) => e.id).sort()).toEqual(held.map((e) => e.id).sort())
  })

  it('commits unleased jobs and returns none without heldLeaseMs (a poller publishes them at once)', async () => {
    const accepted = await new MessageStore(db).accept({ tenantId: 'tnt_1', event: 'e', data: '{}', keyId: '', endpointIds: ['ep_a'] })
    expect(accepted.kind === 'created' && accepted.held).toBeUndefined()
    const taken = await new OutboxStore(db).claim(100, new Date(Date.now() + 60_000))
    expect(taken.map((e) => e.job.deliveryId)).toEqual(accepted.kind === 'created' ? accepted.deliveries.map((d) => d.id) : [])
  })
})
