// Fixed-window counters for brute-force and mail-flood limits. In memory for one instance, Redis when several
// instances must share the counts.
import type { Redis } from '@openmotion/common'

export interface RateDecision { allowed: boolean, /** seconds until the window resets */ retryAfter: number, count: number }

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `limit` hits per `windowSeconds`. */
  consume (key: string, limit: number, windowSeconds: number): Promise<RateDecision>
  /** Whether `key` is already over `limit` without counting a hit. */
  peek (key: string, limit: number): Promise<RateDecision>
  reset (key: string): Promise<void>
}

export function createMemoryRateLimiter (now: () => number = () => Date.now()): RateLimiter {
  const windows = new Map<string, { count: number, resetAt: number }>()
  const live = (key: string) => {
    const entry = windows.get(key)
    if (entry !== undefined && entry.resetAt <= now()) { windows.delete(key); return undefined }
    return entry
  }
  const decision = (count: number, limit: number, resetAt: number): RateDecision =>
    ({ allowed: count <= limit, retryAfter: Math.max(1, Math.ceil((resetAt - now()) / 1000)), count })
  return {
    async consume (key, limit, windowSeconds) {
      let entry = live(key)
      if (entry === undefined) windows.set(key, entry = { count: 0, resetAt: now() + windowSeconds * 1000 })
      entry.count++
      return decision(entry.count, limit, entry.resetAt)
    },
    async peek (key, limit) {
      const entry = live(key)
      return entry === undefined ? { allowed: true, retryAfter: 0, count: 0 } : decision(entry.count + 1, limit, entry.resetAt)
    },
    async reset (key) { windows.delete(key) }
  }
}

// INCR and the first PEXPIRE run atomically so a crash between them cannot leave a counter without expiry.
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`

export function createRedisRateLimiter (redis: Redis, prefix = 'auth:rl:'): RateLimiter {
  const decision = (count: number, limit: number, ttlMs: number): RateDecision =>
    ({ allowed: count <= limit, retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)), count })
  return {
    async consume (key, limit, windowSeconds) {
      const [count, ttl] = await redis.eval(CONSUME, 1, prefix + key, String(windowSeconds * 1000)) as [number, number]
      return decision(count, limit, ttl)
    },
    async peek (key, limit) {
      const [value, ttl] = await redis.multi().get(prefix + key).pttl(prefix + key).exec() as [[null, string | null], [null, number]]
      const count = Number(value[1] ?? 0)
      return count === 0 ? { allowed: true, retryAfter: 0, count } : decision(count + 1, limit, ttl[1])
    },
    async reset (key) { await redis.del(prefix + key) }
  }
}
