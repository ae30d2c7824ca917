import { describe, expect, it } from 'vitest'
import type { RateLimiter, RateRule } from '../../src/domain/ports.js'

export function rateLimiterContract (name: string, open: () => Promise<RateLimiter>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    const rule = (label: string, points: number, windowSeconds = 60): RateRule =>
      ({ name: `${label}-${Math.random().toString(36).slice(2)}`, points, windowSeconds })

    it('allows `points` hits per window, then refuses with the seconds left', async () => {
      const limiter = await open()
      const r = rule('consume', 3)
      const decisions = []
      for (let i = 0; i < 4; i++) decisions.push(await limiter.consume(r, 'k'))
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false])
      expect(decisions[3]!.retryAfter).toBeGreaterThan(0)
      expect(decisions[3]!.retryAfter).toBeLessThanOrEqual(60)
    })

    it('counts 40 concurrent hits atomically: exactly `points` are allowed', async () => {
      const limiter = await open()
      const r = rule('concurrent', 7)
      const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume(r, 'k')))
      expect(decisions.filter((d) => d.allowed)).toHaveLength(7)
    })

    it('resets a key', async () => {
      const limiter = await open()
      const r = rule('reset', 1)
      await limiter.consume(r, 'k')
      expect((await limiter.consume(r, 'k')).allowed).toBe(false)
      await limiter.reset(r, 'k')
      expect((await limiter.consume(r, 'k')).allowed).toBe(true)
    })

    it('starts a fresh window once the old one has passed', async () => {
      const limiter = await open()
      const r = rule('window', 1, 1)
      await limiter.consume(r, 'k')
      expect((await limiter.consume(r, 'k')).allowed).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await limiter.consume(r, 'k')).allowed).toBe(true)
    })

    it('keeps keys and rules apart', async () => {
      const limiter = await open()
      const r = rule('apart', 1)
      await limiter.consume(r, 'a')
      expect((await limiter.consume(r, 'b')).allowed).toBe(true)
      expect((await limiter.consume(rule('apart', 1), 'a')).allowed).toBe(true)
    })
  })
}
