// A private redis-server restarts on the same port and keeps what it was given (append-only file), which the
// fault tests rely on: an app sees Redis go away and come back with its queue.
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { privateRedisAvailable, startPrivateRedis } from '../../src/private-redis.ts'

describe.runIf(privateRedisAvailable())('private redis-server', () => {
  it('stops, refuses connections, and starts again on the same port with its data', async () => {
    const server = await startPrivateRedis()
    const redis = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 })
    redis.on('error', () => {})
    try {
      await redis.set('kept', 'yes')
      await server.stop()
      await expect(redis.get('kept')).rejects.toThrow()
      await server.start()
      await expect(redis.get('kept')).resolves.toBe('yes')
    } finally {
      redis.disconnect()
      await server.close()
    }
  }, 30_000)
})
