// Attempt counters for brute-force and mail-flood limits, kept by rate-limiter-flexible: in memory for one
// instance, in Redis (one Lua INCR+PEXPIRE per hit) when several instances must share the counts. Each hit is
// counted atomically *before* the guarded work runs, so concurrent guesses cannot all slip under the limit.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Redis } from '@openmotion/common'
import type { RateLimiter, RateRule } from '../domain/ports.js'

type Factory = (rule: RateRule) => RateLimiterAbstract

function createLimiter (factory: Factory): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>()
  const limiterFor = (rule: RateRule) => {
    const id = `${rule.name}:${rule.points}:${rule.windowSeconds}`
    let limiter = limiters.get(id)
    if (limiter === undefined) limiters.set(id, limiter = factory(rule))
    return limiter
  }
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
  return {
    async consume (rule, key) {
      try {
        const res = await limiterFor(rule).consume(key)
        return { allowed: true, retryAfter: seconds(res.msBeforeNext), count: res.consumedPoints }
      } catch (refusal) {
        // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
        if (!(refusal instanceof RateLimiterRes)) throw refusal
        return { allowed: false, retryAfter: seconds(refusal.msBeforeNext), count: refusal.consumedPoints }
      }
    },
    async reset (rule, key) { await limiterFor(rule).delete(key) }
  }
}

export function createMemoryRateLimiter (): RateLimiter {
  return createLimiter((rule) => new RateLimiterMemory({ points: rule.points, duration: rule.windowSeconds, keyPrefix: rule.name }))
}

export function createRedisRateLimiter (redis: Redis, prefix = 'auth:rl:'): RateLimiter {
  return createLimiter(
    (rule) => new RateLimiterRedis({ storeClient: redis, points: rule.points, duration: rule.windowSeconds, keyPrefix: `${prefix}${rule.name}` })
  )
}
