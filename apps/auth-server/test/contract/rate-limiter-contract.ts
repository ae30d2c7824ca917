import { describe, expect, it } from 'vitest'
import type { RateLimiter } from '../../src/adapters/rate-limiter.js'

export function rateLimiterContract (name: string, open: () => Promise<RateLimiter>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    const key = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`

    it('allows `limit` hits per window, then refuses with the seconds left', async () => {
      const limiter = await open()
      const k = key('consume')
      const decisions = []
      for (let i = 0; i < 4; i++) decisions.push(await limiter.consume(k, 3, 60))
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false])
      expect(decisions[3]!.retryAfter).toBeGreaterThan(0)
      expect(decisions[3]!.retryAfter).toBeLessThanOrEqual(60)
    })

    it('peeks without counting and resets a key', async () => {
      const limiter = await open()
      const k = key('peek')
      expect((await limiter.peek(k, 1)).allowed).toBe(true)
      await limiter.consume(k, 1, 60)
      expect((await limiter.peek(k, 1)).allowed).toBe(false)
      expect((await limiter.peek(k, 2)).allowed).toBe(true)
      await limiter.reset(k)
      expect((await limiter.consume(k, 1, 60)).allowed).toBe(true)
    })

    it('starts a fresh window once the old one has passed', async () => {
      const limiter = await open()
      const k = key('window')
      await limiter.consume(k, 1, 1)
      expect((await limiter.consume(k, 1, 1)).allowed).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await limiter.consume(k, 1, 1)).allowed).toBe(true)
    })

    it('keeps keys apart', async () => {
      const limiter = await open()
      await limiter.consume(key('a'), 1, 60)
      expect((await limiter.consume(key('b'), 1, 60)).allowed).toBe(true)
    })
  })
}
