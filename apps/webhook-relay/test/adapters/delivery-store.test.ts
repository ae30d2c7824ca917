import { type Database } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryStore } from '../../src/adapters/delivery-store.js'
import { MessageStore } from '../../src/adapters/message-store.js'
import { OutboxStore } from '../../src/adapters/outbox-store.js'
import { isAllowedTransition } from '../../src/domain/delivery-states.js'
import { migratedDatabase } from '../helper.js'

let db: Database

beforeAll(async () => { db = await migratedDatabase() })
afterAll(async () => { await db.close() })

async function newDelivery (): Promise<string> {
  const accepted = await new MessageStore(db).accept({ tenantId: 'tnt_1', event: 'e', data: '{}', keyId: '', endpointIds: ['ep_a'] })
  if (accepted.kind !== 'created') throw new Error('not created')
  return (accepted.deliveries[0] as { id: string }).id
}

describe('delivery claims', () => {
  it('lets one job claim an attempt, makes a second wait while its lease runs, and hands it over once the lease lapses', async () => {
    const store = new DeliveryStore(db)
    const id = await newDelivery()
    const t0 = new Date()
    const lease = (ms: number) => new Date(t0.getTime() + ms)
    expect((await store.begin(id, 1, lease(5000), t0)).kind).toBe('claimed')
    const busy = await store.begin(id, 1, lease(5000), t0)
    expect(busy.kind).toBe('busy')
    expect(busy.kind === 'busy' && busy.retryInMs > 4000 && busy.retryInMs <= 5000).toBe(true)
    // A heartbeat keeps the claim: six seconds later it is still busy.
    await store.renewLeases([id], lease(10_000))
    expect((await store.begin(id, 1, lease(15_000), lease(6000))).kind).toBe('busy')
    // Nobody renewed past ten seconds: its relay is gone and the job takes over at once.
    expect((await store.begin(id, 1, lease(16_000), lease(10_500))).kind).toBe('claimed')
  })

  it('commits the retry job in the outbox with the failed attempt, and none when the delivery succeeds', async () => {
    const store = new DeliveryStore(db)
    const outbox = new OutboxStore(db)
    const id = await newDelivery()
    await outbox.remove((await outbox.claim(1000, new Date(Date.now() + 1000))).map((e) => e.id))
    const claim = await store.begin(id, 1, new Date(Date.now() + 5000))
    if (claim.kind !== 'claimed') throw new Error('expected a claim')
    const retryAt = new Date(Date.now() + 60_000)
    await store.finishMany([{
      delivery: claim.delivery,
      record: { attempt: 1, at: new Date(), statusCode: 500, latencyMs: 3, responseBody: '', error: 'x', outcome: 'failed' },
      outcome: { status: 'retrying', nextAttemptAt: retryAt, lastError: 'x' }
    }])
    const entries = await outbox.claim(1000, new Date(Date.now() + 1000))
    expect(entries.map((e) => [e.job, e.dueAt.getTime()])).toEqual([[{ deliveryId: id, endpointId: 'ep_a', attempt: 2 }, retryAt.getTime()]])
  })

  it('drops jobs for attempts that already happened', async () => {
    const store = new DeliveryStore(db)
    const id = await newDelivery()
    const claim = await store.begin(id, 1, new Date(Date.now() + 10_000))
    if (claim.kind !== 'claimed') throw new Error('expected a claim')
    await store.finishMany([{
      delivery: claim.delivery,
      record: { attempt: 1, at: new Date(), statusCode: 200, latencyMs: 3, responseBody: '', error: null, outcome: 'succeeded' },
      outcome: { status: 'succeeded', nextAttemptAt: null, lastError: null }
    }])
    expect((await store.begin(id, 1, new Date(Date.now() + 10_000))).kind).toBe('stale')
    expect((await store.begin(id, 2, new Date(Date.now() + 10_000))).kind).toBe('stale')
    expect((await store.transitions(id)).map((t) => t.to)).toEqual(['pending', 'delivering', 'succeeded'])
  })
})

describe('the delivery state table', () => {
  const failed = (attempt: number) => ({ attempt, at: new Date(), statusCode: 500, latencyMs: 3, responseBody: '', error: 'x', outcome: 'failed' } as const)

  it('is all the store ever writes: a whole delivery life logs only transitions the table allows', async () => {
    const store = new DeliveryStore(db)
    const id = await newDelivery()
    const lease = () => new Date(Date.now() + 60_000)
    const first = await store.begin(id, 1, lease())
    if (first.kind !== 'claimed') throw new Error('expected a claim')
    await store.finishMany([{ delivery: first.delivery, record: failed(1), outcome: { status: 'retrying', nextAttemptAt: new Date(), lastError: 'x' } }])
    const second = await store.begin(id, 2, lease())
    if (second.kind !== 'claimed') throw new Error('expected a claim')
    await store.unclaim(second.delivery)
    const third = await store.begin(id, 2, lease())
    if (third.kind !== 'claimed') throw new Error('expected a claim')
    await store.finishMany([{ delivery: third.delivery, record: failed(2), outcome: { status: 'dead', nextAttemptAt: null, lastError: 'x' } }])
    expect((await store.replay([id])).map((d) => d.status)).toEqual(['pending'])
    expect(await store.kill(id, 'endpoint deleted')).toMatchObject({ status: 'dead' })

    const log = (await store.transitions(id)).map((t) => `${t.from ?? 'new'}>${t.to}`)
    expect(log).toEqual([
      'new>pending', 'pending>delivering', 'delivering>retrying', 'retrying>delivering', 'delivering>retrying',
      'retrying>delivering', 'delivering>dead', 'dead>pending', 'pending>dead'
    ])
    for (const t of await store.transitions(id)) expect(isAllowedTransition(t.from, t.to)).toBe(true)
  })

  it('refuses the moves the table does not allow', async () => {
    const store = new DeliveryStore(db)
    const id = await newDelivery()
    // A pending delivery is not replayed, and one that ended is not killed again.
    expect(await store.replay([id])).toEqual([])
    expect(await store.kill(id, 'gone')).toMatchObject({ status: 'dead' })
    expect(await store.kill(id, 'gone again')).toBeUndefined()
    expect((await store.transitions(id)).map((t) => t.to)).toEqual(['pending', 'dead'])
  })
})
