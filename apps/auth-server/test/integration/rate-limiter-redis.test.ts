import { afterAll } from 'vitest'
import { describeWithService } from '@openmotion/test-services'
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import { createRedisRateLimiter } from '../../src/adapters/rate-limiter.js'
import { rateLimiterContract } from '../contract/rate-limiter-contract.js'

describeWithService('redis', (url) => {
  const clients: Redis[] = []
  afterAll(async () => { await Promise.all(clients.map((c) => closeRedis(c))) })
  rateLimiterContract('Redis', async () => {
    const redis = createRedis({ url, name: 'auth-rate-limit-test' })
    clients.push(redis)
    return createRedisRateLimiter(redis, `auth-test:${Date.now()}:`)
  })
})
