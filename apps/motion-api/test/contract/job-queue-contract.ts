// One behaviour for motion-api's job queue as the worker uses it, whatever the backend: FIFO, one taker per job,
// one entry per rid, withdrawal, places in line, idle workers woken by a new job, leases that end, and
// cancellations reaching subscribers. Run against memory (unit) and Redis (integration).
import { expect, it } from 'vitest'
import { leaseTaker, type LeaseTaker } from '@openmotion/job-queue/testing'
import type { CancelBus, CancelMessage, JobQueue } from '../../src/adapters/job-queue.js'

export function jobQueueContract (make: () => Promise<{ queue: JobQueue, bus: CancelBus, cleanup: () => Promise<void> }>): void {
  type Worker = (concurrency?: number) => Promise<LeaseTaker<string>>
  const withQueue = async (fn: (queue: JobQueue, bus: CancelBus, worker: Worker) => Promise<void>): Promise<void> => {
    const { queue, bus, cleanup } = await make()
    const takers: Array<LeaseTaker<string>> = []
    const worker = async (concurrency = 1): Promise<LeaseTaker<string>> => {
      const taker = await leaseTaker(queue, concurrency)
      takers.push(taker)
      return taker
    }
    try {
      await fn(queue, bus, worker)
    } finally {
      for (const taker of takers) taker.releaseAll()
      await cleanup()
    }
  }
  /** Takes the next job, ends its lease at once and returns its rid. */
  const take = async (taker: LeaseTaker<string>, timeoutMs?: number): Promise<string | undefined> => {
    const taken = await taker.next(timeoutMs)
    taken?.done()
    return taken?.job
  }

  it('hands jobs out first in, first out, each to one taker', async () => {
    await withQueue(async (queue, _bus, worker) => {
      for (const rid of ['a', 'b', 'c']) await queue.enqueue([rid])
      const taker = await worker(3)
      const held = await Promise.all([taker.next(), taker.next(), taker.next()])
      expect(held.map((h) => h?.job)).toEqual(['a', 'b', 'c'])
      for (const h of held) h?.done()
      await queue.enqueue(['d'])
      expect(await take(taker)).toBe('d')
      expect(await taker.next(300)).toBeUndefined()
    })
  })

  it('reports places in line, keeps one entry per rid and withdraws a waiting job', async () => {
    await withQueue(async (queue, _bus, worker) => {
      for (const rid of ['a', 'b', 'c', 'a']) await queue.enqueue([rid])
      expect(await queue.positions(['c', 'a', 'zz'])).toEqual(new Map([['c', 3], ['a', 1]]))
      expect(await queue.withdraw('b')).toBe(true)
      expect(await queue.withdraw('b')).toBe(false)
      expect(await queue.positions(['c'])).toEqual(new Map([['c', 2]]))
      const taker = await worker()
      expect(await take(taker)).toBe('a')
      expect(await take(taker)).toBe('c')
      expect(await taker.next(300)).toBeUndefined()
    })
  })

  it('leases a taken job to its worker alone: first delivery, not waiting, not withdrawable, not queued twice, until done', async () => {
    await withQueue(async (queue, _bus, worker) => {
      await queue.enqueue(['a', 'b'])
      const taker = await worker()
      const lease = await taker.next()
      expect(lease).toMatchObject({ job: 'a', lease: { attempt: 1 } })
      expect(lease!.lease.lost.aborted).toBe(false)
      expect(await queue.positions(['a', 'b'])).toEqual(new Map([['b', 1]]))
      expect(await queue.withdraw('a')).toBe(false)
      await queue.enqueue(['a']) // a recovering API process queues it again: nothing added
      expect(await queue.positions(['a', 'b'])).toEqual(new Map([['b', 1]]))
      lease!.done()
      expect(await queue.withdraw('a')).toBe(false)
      expect(await take(taker)).toBe('b')
      expect(await taker.next(300)).toBeUndefined()
    })
  })

  it('wakes an idle worker when a job arrives, and a stopped worker takes nothing', async () => {
    await withQueue(async (queue, _bus, worker) => {
      const taker = await worker()
      await new Promise((resolve) => setTimeout(resolve, 50))
      await queue.enqueue(['late'])
      expect(await take(taker)).toBe('late')
      await queue.stop()
      await queue.enqueue(['kept'])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await queue.positions(['kept'])).toEqual(new Map([['kept', 1]])) // the stopped worker took nothing
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
