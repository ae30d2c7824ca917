import { migrate, openDatabase, type Database } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryStore } from '../../src/adapters/delivery-store.js'
import { MessageStore } from '../../src/adapters/message-store.js'
import { migrations } from '../../src/adapters/schema.js'

let db: Database

beforeAll(async () => {
  db = await openDatabase({})
  await migrate(db, 'webhook-relay', migrations)
  await db.query("INSERT INTO relay_tenants (id, name) VALUES ('tnt_1', 't')")
})
afterAll(async () => { await db.close() })

async function newDelivery (): Promise<string> {
  const accepted = await new MessageStore(db).accept({ tenantId: 'tnt_1', event: 'e', data: '{}', keyId: '', endpointIds: ['ep_a'] })
  if (accepted.kind !== 'created') throw new Error('not created')
  return (accepted.deliveries[0] as { id: string }).id
}

describe('delivery claims', () => {
  it('lets one job claim an attempt, makes a second wait while it runs, and hands it over once stale', async () => {
    const store = new DeliveryStore(db)
    const id = await newDelivery()
    const t0 = new Date()
    expect((await store.begin(id, 1, 10_000, t0)).kind).toBe('claimed')
    const busy = await store.begin(id, 1, 10_000, t0)
    expect(busy.kind).toBe('busy')
    expect(busy.kind === 'busy' && busy.retryInMs > 9000).toBe(true)
    // Ten seconds later nobody finished the attempt: its relay is gone and the job takes over.
    expect((await store.begin(id, 1, 10_000, new Date(t0.getTime() + 11_000))).kind).toBe('claimed')
  })

  it('drops jobs for attempts that already happened', async () => {
    const store = new DeliveryStore(db)
    const id = await newDelivery()
    const claim = await store.begin(id, 1, 10_000)
    if (claim.kind !== 'claimed') throw new Error('expected a claim')
    await store.finish(claim.delivery, { attempt: 1, at: new Date(), statusCode: 200, latencyMs: 3, responseBody: '', error: null, outcome: 'succeeded' }, { status: 'succeeded', nextAttemptAt: null, lastError: null })
    expect((await store.begin(id, 1, 10_000)).kind).toBe('stale')
    expect((await store.begin(id, 2, 10_000)).kind).toBe('stale')
    expect((await store.transitions(id)).map((t) => t.to)).toEqual(['pending', 'delivering', 'succeeded'])
  })
})
