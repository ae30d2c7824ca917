import { expect, it } from 'vitest'
import { describeWithService, requireService } from '@openmotion/test-services'
import { closeRedis, createRedis, redisReadinessCheck } from '../../src/index.js'

describeWithService('redis', () => {
  it('round-trips a key, passes the readiness check and closes cleanly', async () => {
    const redis = createRedis({ url: requireService('redis')!, name: 'common-test' })
    const key = `common-test:${Date.now()}`
    await redis.set(key, 'value', 'EX', 30)
    expect(await redis.get(key)).toBe('value')
    expect(await redis.client('GETNAME')).toBe('common-test')
    await expect(redisReadinessCheck(redis)()).resolves.toBeUndefined()
    await closeRedis(redis)
    expect(redis.status).toBe('end')
    await expect(redisReadinessCheck(redis)()).rejects.toThrow()
  })

  it('fails the readiness check when Redis is unreachable', async () => {
    const redis = createRedis({ url: 'redis://127.0.0.1:1', name: 'common-test-down' })
    redis.on('error', () => undefined)
    await expect(redisReadinessCheck(redis)()).rejects.toThrow()
    await closeRedis(redis, 100)
  })
})
