// One behaviour for every job queue: FIFO, one taker per job, withdrawal, places in line, waiting takers, leases
// that end, and cancellations reaching subscribers. Run against memory (unit) and Redis (integration).
import { expect, it } from 'vitest'
import type { CancelBus, CancelMessage, JobQueue } from '../../src/adapters/job-queue.js'

export function jobQueueContract (make: () => Promise<{ queue: JobQueue, bus: CancelBus, cleanup: () => Promise<void> }>): void {
  const withQueue = async (fn: (queue: JobQueue, bus: CancelBus) => Promise<void>): Promise<void> => {
    const { queue, bus, cleanup } = await make()
    try { await fn(queue, bus) } finally { await cleanup() }
  }
  const never = new AbortController().signal
  /** Takes the next job, ends its lease at once and returns its rid. */
  const take = async (queue: JobQueue, signal = never): Promise<string | undefined> => {
    const lease = await queue.pop(signal)
    await lease?.done()
    return lease?.rid
  }

  it('hands jobs out first in, first out, each to one taker', async () => {
    await withQueue(async (queue) => {
      for (const rid of ['a', 'b', 'c']) await queue.push(rid)
      const taken = await Promise.all([take(queue), take(queue), take(queue)])
      expect(taken.sort()).toEqual(['a', 'b', 'c'])
      await queue.push('d')
      expect(await take(queue)).toBe('d')
    })
  })

  it('reports places in line and withdraws a waiting job', async () => {
    await withQueue(async (queue) => {
      for (const rid of ['a', 'b', 'c']) await queue.push(rid)
      expect(await queue.positions(['c', 'a', 'zz'])).toEqual(new Map([['c', 3], ['a', 1]]))
      expect(await queue.remove('b')).toBe(true)
      expect(await queue.remove('b')).toBe(false)
      expect(await queue.positions(['c'])).toEqual(new Map([['c', 2]]))
      expect(await take(queue)).toBe('a')
      expect(await take(queue)).toBe('c')
    })
  })

  it('leases a taken job to its worker alone: first delivery, not waiting, not withdrawable, until done', async () => {
    await withQueue(async (queue) => {
      for (const rid of ['a', 'b']) await queue.push(rid)
      const lease = await queue.pop(never)
      expect(lease).toMatchObject({ rid: 'a', attempt: 1 })
      expect(lease!.lost.aborted).toBe(false)
      expect(await queue.positions(['a', 'b'])).toEqual(new Map([['b', 1]]))
      expect(await queue.remove('a')).toBe(false)
      await lease!.done()
      expect(await queue.remove('a')).toBe(false)
      expect(await take(queue)).toBe('b')
    })
  })

  it('wakes a waiting taker when a job arrives, and lets an aborted wait return nothing', async () => {
    await withQueue(async (queue) => {
      const waiting = take(queue)
      await new Promise((resolve) => setTimeout(resolve, 50))
      await queue.push('late')
      expect(await waiting).toBe('late')
      const controller = new AbortController()
      const idle = queue.pop(controller.signal)
      controller.abort()
      expect(await idle).toBeUndefined()
      await queue.push('kept')
      expect(await queue.positions(['kept'])).toEqual(new Map([['kept', 1]]))
      expect(await take(queue)).toBe('kept') // the aborted wait took nothing
    })
  })

  it('delivers a cancellation to subscribers', async () => {
    await withQueue(async (_queue, bus) => {
      const received: CancelMessage[] = []
      await bus.subscribe((m) => received.push(m))
      await bus.publish({ rid: 'r1', code: 0, type: 'Cancelled', message: 'by the client' })
      for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(received).toEqual([{ rid: 'r1', code: 0, type: 'Cancelled', message: 'by the client' }])
    })
  })
}
