import { describe, expect, it } from 'vitest'
import { relayConfig } from '../../src/config.js'
import { durationListMs } from '../../src/domain/duration.js'
import { endpointPolicy, nextRetryDelayMs, parseRetryAfter, scheduledDelayMs, scheduleBounds, type RetryPolicy } from '../../src/domain/retry-schedule.js'

const policy: RetryPolicy = { scheduleMs: [5000, 300_000, 1_800_000], maxMs: 36_000_000, maxAttempts: 6, jitter: 0.2 }
const defaults = (): RetryPolicy => {
  const c = relayConfig.load({})
  return { scheduleMs: durationListMs(c.RETRY_SCHEDULE), maxMs: c.RETRY_MAX_MS, maxAttempts: c.RETRY_MAX_ATTEMPTS, jitter: c.RETRY_JITTER }
}

describe('retry schedule', () => {
  it('defaults to Svix\'s schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first attempt', () => {
    const p = defaults()
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => scheduledDelayMs(n, p, () => 0.5))).toEqual([
      5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000
    ])
    expect(nextRetryDelayMs(8, p)).toBeUndefined()
  })

  it('jitters each wait within ±RETRY_JITTER and never near zero (full jitter spent 10 of 19 retries in 1.4 h)', () => {
    expect(scheduledDelayMs(1, policy, () => 0)).toBe(4000)
    expect(scheduledDelayMs(1, policy, () => 0.999999)).toBe(6000)
    const p = defaults()
    let early = 0
    for (let n = 1; n < p.maxAttempts; n++) if (scheduledDelayMs(n, p, () => 0) < 1000) early++
    expect(early).toBe(0)
    const firstHours = [1, 2, 3, 4, 5, 6, 7].map((n) => scheduledDelayMs(n, p, () => 0)).reduce((acc, ms, i, all) => {
      const at = all.slice(0, i + 1).reduce((a, b) => a + b, 0)
      return at <= 1.4 * 3_600_000 ? acc + 1 : acc
    }, 0)
    expect(firstHours).toBeLessThanOrEqual(3)
  })

  it('repeats the last entry while attempts remain and stops after the maximum number of attempts', () => {
    expect(nextRetryDelayMs(5, policy, undefined, () => 0.5)).toBe(1_800_000)
    expect(nextRetryDelayMs(6, policy)).toBeUndefined()
  })

  it('lets an endpoint bring its own schedule, one attempt per entry plus the first', () => {
    const own = endpointPolicy(policy, [60_000, 600_000])
    expect(own.maxAttempts).toBe(3)
    expect(nextRetryDelayMs(2, own, undefined, () => 0.5)).toBe(600_000)
    expect(nextRetryDelayMs(3, own)).toBeUndefined()
    expect(endpointPolicy(policy, null)).toBe(policy)
  })

  it('honours a longer Retry-After but never beyond the maximum delay', () => {
    expect(nextRetryDelayMs(1, policy, 30_000, () => 0.5)).toBe(30_000)
    expect(nextRetryDelayMs(1, { ...policy, maxMs: 60_000 }, 600_000, () => 0.5)).toBe(60_000)
    expect(nextRetryDelayMs(2, policy, 10, () => 0.5)).toBe(300_000)
  })

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter(new Date(10_000 + 30_000).toUTCString(), 10_000)).toBe(30_000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })

  it('gives the default configuration about a day of retries (22 to 33 h)', () => {
    const { shortestMs, longestMs } = scheduleBounds(defaults())
    expect(shortestMs / 3_600_000).toBeGreaterThan(22)
    expect(longestMs / 3_600_000).toBeLessThan(34)
  })
})
