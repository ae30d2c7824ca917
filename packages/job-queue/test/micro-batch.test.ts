import { describe, expect, it, vi } from 'vitest'
import { microBatch } from '../src/micro-batch.js'

describe('micro-batch (group commit)', () => {
  it('runs calls made while a batch runs as one batch, each caller getting its own result', async () => {
    const batches: number[][] = []
    let release: (() => void) | undefined
    const double = microBatch<number, number>({
      maxItems: 100,
      maxWaitMs: 1000,
      run: async (items) => {
        batches.push(items)
        if (batches.length === 1) await new Promise<void>((resolve) => { release = resolve })
        return items.map((i) => i * 2)
      }
    })
    const first = double(1)
    await new Promise((resolve) => setImmediate(resolve))
    const rest = [2, 3, 4].map(double)
    release?.()
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  it('cuts batches at maxItems and fails every caller of a failed batch', async () => {
    const sizes: number[] = []
    const run = microBatch<number, number>({
      maxItems: 2,
      maxWaitMs: 1,
      run: async (items) => {
        sizes.push(items.length)
        if (items.includes(13)) throw new Error('batch failed')
        return items
      }
    })
    const results = await Promise.allSettled([1, 2, 13, 4, 5].map(run))
    expect(sizes.every((n) => n <= 2)).toBe(true)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5)
    const failed = results.filter((r) => r.status === 'rejected')
    expect(failed.length).toBeGreaterThanOrEqual(1)
    expect(results[2]?.status).toBe('rejected')
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value)).not.toContain(13)
  })

  it('with collect, gathers calls spread over maxWaitMs into one batch even when none runs', async () => {
    const batches: number[][] = []
    const remove = microBatch<number, undefined>({
      maxItems: 100,
      maxWaitMs: 40,
      collect: true,
      run: async (items) => { batches.push(items); return items.map(() => undefined) }
    })
    vi.useFakeTimers()
    try {
      const calls = [remove(1)]
      await vi.advanceTimersByTimeAsync(15)
      calls.push(remove(2))
      await vi.advanceTimersByTimeAsync(15)
      calls.push(remove(3))
      expect(batches).toEqual([])
      await vi.advanceTimersByTimeAsync(40)
      await Promise.all(calls)
      expect(batches).toEqual([[1, 2, 3]])
    } finally {
      vi.useRealTimers()
    }
  })
})
