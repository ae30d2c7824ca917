import { describe, expect, it } from 'vitest'
import { EndpointLimiter } from '../../src/domain/endpoint-limiter.js'

describe('per-endpoint limiter', () => {
  it('admits at most `concurrency` deliveries in flight per endpoint, independently of other endpoints', () => {
    const limiter = new EndpointLimiter(2)
    const a1 = limiter.admit('a', null)
    const a2 = limiter.admit('a', null)
    expect(limiter.admit('a', null).admitted).toBe(false)
    expect(limiter.admit('b', null).admitted).toBe(true)
    if (a1.admitted) a1.release()
    expect(limiter.admit('a', null).admitted).toBe(true)
    expect(a2.admitted).toBe(true)
  })

  it('starts at most rateLimitPerSecond deliveries per second and says when the next token arrives', () => {
    let now = 0
    const limiter = new EndpointLimiter(100, () => now)
    const admitted = Array.from({ length: 5 }, () => limiter.admit('a', 3)).filter((a) => a.admitted)
    expect(admitted).toHaveLength(3)
    const refused = limiter.admit('a', 3)
    expect(refused).toEqual({ admitted: false, retryInMs: 334 })
    now = 340
    expect(limiter.admit('a', 3).admitted).toBe(true)
    expect(limiter.admit('a', 3).admitted).toBe(false)
  })
})
