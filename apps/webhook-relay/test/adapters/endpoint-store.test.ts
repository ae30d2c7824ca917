// The caches asked by every delivery job (rate limits) and every accepted webhook (a tenant's active endpoints):
// concurrent misses share one read, an expired entry keeps answering while one read refreshes it, and a change
// through this relay is read again at once.
import { type Database, type SqlExecutor } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINT_CACHE_MS, EndpointStore } from '../../src/adapters/endpoint-store.js'
import { migratedDatabase } from '../helper.js'

let db: Database

beforeAll(async () => { db = await migratedDatabase() })
afterAll(async () => { await db.close() })

/** The database, counting the rate reads that reach it. */
function counting (): { db: SqlExecutor, reads: () => number } {
  let reads = 0
  return {
    db: {
      query: (sql, params) => {
        if (sql.includes('rate_limit_per_second FROM') || sql.includes('AND NOT disabled')) reads++
        return db.query(sql, params)
      }
    },
    reads: () => reads
  }
}

describe('endpoint rate-limit cache', () => {
  it('answers a hundred concurrent jobs with one read', async () => {
    const c = counting()
    const store = new EndpointStore(c.db)
    const { endpoint } = await store.create('tnt_1', { url: 'http://127.0.0.1:9/a', rateLimitPerSecond: 7 })
    const rates = await Promise.all(Array.from({ length: 100 }, () => store.rateLimitOf(endpoint.id)))
    expect(new Set(rates)).toEqual(new Set([7]))
    expect(c.reads()).toBe(1)
  })

  it('keeps answering an expired entry while one read refreshes it, then answers the new value', async () => {
    const c = counting()
    const store = new EndpointStore(c.db)
    const { endpoint } = await store.create('tnt_1', { url: 'http://127.0.0.1:9/b', rateLimitPerSecond: 5 })
    const t0 = Date.now()
    expect(await store.rateLimitOf(endpoint.id, t0)).toBe(5)
    // Another relay changes the limit: this one learns it after the entry expired.
    await db.query('UPDATE relay_endpoints SET rate_limit_per_second = 9 WHERE id = $1', [endpoint.id])
    const later = t0 + ENDPOINT_CACHE_MS + 1
    const during = await Promise.all(Array.from({ length: 10 }, () => store.rateLimitOf(endpoint.id, later)))
    expect(new Set(during)).toEqual(new Set([5]))
    expect(c.reads()).toBe(2)
    await expect.poll(() => store.rateLimitOf(endpoint.id, later)).toBe(9)
    expect(c.reads()).toBe(2)
  })

  it('reads again at once after a change through this relay', async () => {
    const c = counting()
    const store = new EndpointStore(c.db)
    const { endpoint } = await store.create('tnt_1', { url: 'http://127.0.0.1:9/c', rateLimitPerSecond: 3 })
    expect(await store.rateLimitOf(endpoint.id)).toBe(3)
    await store.update('tnt_1', endpoint.id, { rateLimitPerSecond: 4 })
    expect(await store.rateLimitOf(endpoint.id)).toBe(4)
  })
  it("shares one read of a tenant's active endpoints among concurrent requests, and reads them again after a change", async () => {
    await db.query("INSERT INTO relay_tenants (id, name) VALUES ('tnt_2', 't')")
    const c = counting()
    const store = new EndpointStore(c.db)
    await store.create('tnt_2', { url: 'http://127.0.0.1:9/d' })
    const lists = await Promise.all(Array.from({ length: 50 }, () => store.listActive('tnt_2')))
    expect(lists.map((l) => l.length)).toEqual(Array.from({ length: 50 }, () => 1))
    expect(c.reads()).toBe(1)
    const later = Date.now() + ENDPOINT_CACHE_MS + 1
    await store.create('tnt_2', { url: 'http://127.0.0.1:9/e' })
    expect(await store.listActive('tnt_2', later)).toHaveLength(2)
    expect(c.reads()).toBe(2)
  })
})
