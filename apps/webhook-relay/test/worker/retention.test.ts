import type { Database } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryStore } from '../../src/adapters/delivery-store.js'
import { MessageStore } from '../../src/adapters/message-store.js'
import { deleteExpiredMessages } from '../../src/worker/retention.js'
import { migratedDatabase } from '../helper.js'

let db: Database

beforeAll(async () => { db = await migratedDatabase() })
afterAll(async () => { await db.close() })

const DAY = 86_400_000

async function count (sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params)
  return Number(rows[0]!.n)
}

describe('retention', () => {
  it('deletes every expired message batch by batch, with its deliveries, transitions and attempts, and keeps the rest', async () => {
    const messages = new MessageStore(db)
    const deliveries = new DeliveryStore(db)
    const old: string[] = []
    for (let i = 0; i < 5; i++) {
      const accepted = await messages.accept({ tenantId: 'tnt_1', event: 'old', data: '{}', keyId: '', endpointIds: ['ep_a'] }, new Date(Date.now() - 40 * DAY + i))
      if (accepted.kind !== 'created') throw new Error('not created')
      old.push(accepted.message.id)
      const claim = await deliveries.begin(accepted.deliveries[0]!.id, 1, new Date(Date.now() + 60_000))
      if (claim.kind !== 'claimed') throw new Error('expected a claim')
      await deliveries.finishMany([{
        delivery: claim.delivery,
        record: { attempt: 1, at: new Date(), statusCode: 200, latencyMs: 1, responseBody: '', error: null, outcome: 'succeeded' },
        outcome: { status: 'succeeded', nextAttemptAt: null, lastError: null }
      }])
    }
    const fresh = await messages.accept({ tenantId: 'tnt_1', event: 'fresh', data: '{}', keyId: '', endpointIds: ['ep_a'] })
    if (fresh.kind !== 'created') throw new Error('not created')

    const batches: number[] = []
    const counting = {
      deleteOlderThan: async (cutoff: Date, now?: Date, limit?: number) => {
        const n = await messages.deleteOlderThan(cutoff, now, limit)
        batches.push(n)
        return n
      }
    }
    expect(await deleteExpiredMessages(counting, { retentionDays: 30, batchSize: 2, pauseMs: 0 })).toBe(5)
    expect(batches).toEqual([2, 2, 1])

    expect(await count('SELECT count(*) AS n FROM relay_messages WHERE id = ANY($1::text[])', [old])).toBe(0)
    expect(await count('SELECT count(*) AS n FROM relay_deliveries WHERE message_id = ANY($1::text[])', [old])).toBe(0)
    expect(await count('SELECT count(*) AS n FROM relay_attempts WHERE message_id = ANY($1::text[])', [old])).toBe(0)
    expect(await count(
      'SELECT count(*) AS n FROM relay_delivery_transitions t WHERE NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.id = t.delivery_id)', []
    )).toBe(0)
    expect(await messages.getById(fresh.message.id)).toBeDefined()
    expect(await count('SELECT count(*) AS n FROM relay_deliveries WHERE message_id = $1', [fresh.message.id])).toBe(1)
  })

  it('finds the attempts of a deleted delivery by index, so the cascade does not scan the attempts table per delivery', async () => {
    await db.query('SET enable_seqscan = off')
    try {
      const { rows } = await db.query<Record<string, string>>("EXPLAIN DELETE FROM relay_attempts WHERE delivery_id = 'dlv_x'")
      const plan = rows.map((r) => Object.values(r).join(' ')).join('\n')
      expect(plan).toMatch(/Index|Bitmap/)
      expect(plan).not.toMatch(/Seq Scan/)
    } finally {
      await db.query('SET enable_seqscan = on')
    }
  })
})
