import { describe, expect, it } from 'vitest'
import { EndpointLimiter, type Admission } from '../../src/domain/endpoint-limiter.js'

type Admitted = Extract<Admission, { admitted: true }>
const admitted = (a: Admission): Admitted => {
  if (!a.admitted) throw new Error(`refused, retry in ${a.retryInMs} ms`)
  return a
}

describe('per-endpoint limiter', () => {
  it('lets at most `concurrency` jobs send to one endpoint at once; the next waits for a slot instead of being refused', async () => {
    const limiter = new EndpointLimiter(2)
    const [a1, a2, a3] = [0, 1, 2].map(() => admitted(limiter.admit('a', null))) as [Admitted, Admitted, Admitted]
    await a1.start()
    await a2.start()
    let third = false
    const waiting = a3.start().then(() => { third = true })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(third).toBe(false)
    const other = admitted(limiter.admit('b', null))
    await other.start()
    a1.release()
    await waiting
    expect(third).toBe(true)
  })

  it('gives up waiting for a slot after maxWaitMs, and refuses new jobs while the requests in flight hang', async () => {
    let now = 0
    const limiter = new EndpointLimiter(1, () => now, 50)
    const hanging = admitted(limiter.admit('hung', null))
    expect(await hanging.start()).toBe(true)
    const next = admitted(limiter.admit('hung', null))
    expect(await next.start()).toBe(false)
    next.release()
    now = 5000
    const refused = limiter.admit('hung', null)
    expect(refused.admitted).toBe(false)
    hanging.release()
  })

  it('refuses a job only when its wait for a slot would exceed maxWaitMs, with that wait', async () => {
    let now = 0
    const limiter = new EndpointLimiter(1, () => now, 1000)
    const first = admitted(limiter.admit('slow', null))
    await first.start()
    now = 5000
    first.release()
    // The endpoint held its slot 5 s: a queue of jobs behind one slot would wait seconds each.
    const held = Array.from({ length: 3 }, () => limiter.admit('slow', null))
    const refused = held.find((a) => !a.admitted)
    expect(refused).toEqual({ admitted: false, retryInMs: expect.any(Number) })
    expect((refused as { retryInMs: number }).retryInMs).toBeGreaterThan(1000)
  })

  it('spaces starts by 1/rateLimitPerSecond and refuses, with the wait, jobs that would start more than maxWaitMs later', async () => {
    const now = 0
    const slept: number[] = []
    const limiter = new EndpointLimiter(100, () => now, 1000, async (ms) => { slept.push(ms) })
    const starts = Array.from({ length: 4 }, () => limiter.admit('a', 3))
    expect(starts.every((a) => a.admitted)).toBe(true)
    for (const a of starts) await admitted(a).start()
    expect(slept.map(Math.round)).toEqual([333, 667, 1000])
    expect(limiter.admit('a', 3)).toEqual({ admitted: false, retryInMs: 1334 })
  })
})
