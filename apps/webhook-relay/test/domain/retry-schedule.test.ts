import { describe, expect, it } from 'vitest'
import { relayConfig } from '../../src/config.js'
import { backoffDelayMs, nextRetryDelayMs, parseRetryAfter, scheduleBounds } from '../../src/domain/retry-schedule.js'

const policy = { baseMs: 1000, maxMs: 60_000, maxAttempts: 5 }

describe('retry schedule', () => {
  it('doubles the cap per failure up to the maximum (full jitter spans 0..cap)', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, policy, () => 0.999999))).toEqual([999, 1999, 3999, 7999])
    expect(backoffDelayMs(20, policy, () => 0.999999)).toBe(59_999)
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0)
  })

  it('stops after the maximum number of attempts', () => {
    expect(nextRetryDelayMs(4, policy, undefined, () => 0.5)).toBe(4000)
    expect(nextRetryDelayMs(5, policy)).toBeUndefined()
  })

  it('honours a longer Retry-After but never beyond the maximum delay', () => {
    expect(nextRetryDelayMs(1, policy, 30_000, () => 0.5)).toBe(30_000)
    expect(nextRetryDelayMs(1, policy, 600_000, () => 0.5)).toBe(60_000)
    expect(nextRetryDelayMs(3, policy, 10, () => 0.5)).toBe(2000)
  })

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter(new Date(10_000 + 30_000).toUTCString(), 10_000)).toBe(30_000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })

  it('gives the default configuration about a day of retries at most', () => {
    const c = relayConfig.load({})
    const { worstMs, expectedMs } = scheduleBounds({ baseMs: c.RETRY_BASE_MS, maxMs: c.RETRY_MAX_MS, maxAttempts: c.RETRY_MAX_ATTEMPTS })
    expect(worstMs / 3_600_000).toBeGreaterThan(20)
    expect(worstMs / 3_600_000).toBeLessThan(30)
    expect(expectedMs).toBe(worstMs / 2)
  })
})
