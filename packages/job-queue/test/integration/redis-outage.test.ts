// The Redis queue while its Redis is away: commands fail at once (the callers keep the work and try again) rather
// than waiting in the client's offline queue, which would hold a request through the outage and send the command
// once Redis is back, long after the caller needed an answer.
import { randomUUID } from 'node:crypto'
import { afterAll, expect, it } from 'vitest'
import { describeWithService, privateRedisAvailable, startPrivateRedis, type PrivateRedis } from '@openmotion/test-services'
import { RedisQueue } from '../../src/redis-queue.js'

describeWithService('redis', () => {
  let redis: PrivateRedis | undefined
  afterAll(async () => { await redis?.close() })

  it.runIf(privateRedisAvailable())('fails a command made while Redis is away at once, and never sends it when Redis is back', async () => {
    redis = await startPrivateRedis()
    const queue = new RedisQueue<string>({ url: redis.url, prefix: `test:${randomUUID()}`, visibilityTimeoutMs: 30_000, keyOf: (rid) => rid })
    try {
      await queue.enqueue(['before'])
      await redis.stop()
      await expect(queue.ping()).rejects.toThrow(/Connection is closed/)
      // Asked during the outage, answered before Redis returns: an offline queue would send it once Redis is back.
      const during = queue.enqueue(['during']).then(() => 'queued', (error: unknown) => `failed: ${String(error)}`)
      const place = queue.positions(['before']).then(() => 'answered', () => 'failed')
      await redis.start()
      expect(await during).toMatch(/^failed: Error: Connection is closed/)
      expect(await place).toBe('failed')
      for (let i = 0; await queue.ping().then(() => false, () => true); i++) {
        if (i > 100) throw new Error('the queue never reconnected')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(await queue.positions(['before', 'during'])).toEqual(new Map([['before', 1]]))
      await queue.enqueue(['after'])
      expect(await queue.positions(['after'])).toEqual(new Map([['after', 2]]))
    } finally {
      await queue.close()
    }
  }, 30_000)
})
