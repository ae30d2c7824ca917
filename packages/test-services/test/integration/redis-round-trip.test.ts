import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithService } from '../../src/describe-with-service.ts'

describeWithService('redis', (url) => {
  let redis: Redis

  beforeAll(async () => {
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await redis.connect()
  })

  afterAll(async () => {
    await redis.quit()
  })

  it('stores a key with an expiry and reads back the same value', async () => {
    const key = `test-services:smoke:${randomUUID()}`
    const value = `value-${randomUUID()}`
    expect(await redis.set(key, value, 'PX', 60_000)).toBe('OK')
    expect(await redis.get(key)).toBe(value)
    expect(await redis.pttl(key)).toBeGreaterThan(0)
    expect(await redis.del(key)).toBe(1)
    expect(await redis.get(key)).toBeNull()
  })
})
