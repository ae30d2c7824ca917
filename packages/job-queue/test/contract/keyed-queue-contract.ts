// The behaviour of a KeyedJobQueue (memory and Redis; see src/job-queue.ts), as motion-api relies on it: jobs are
// ids, one entry per id, first in first out, places in line, withdrawal of a waiting job, leases that count their
// deliveries, a job given up after `maxAttempts`, and idle consumers woken by a new job rather than a poll.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { KeyedJobQueue } from '../../src/job-queue.js'
import { leaseTaker as takerOf, type LeaseTaker } from '../../src/lease-taker.js'

export interface KeyedContractOptions {
  /**
   * A fresh queue of string jobs keyed by themselves, with `maxAttempts` 2, a short redelivery delay, and an idle
   * wait far longer than any test (so only a wake-up can hand a new job to an idle consumer in time).
   */
  make: (namespace: string) => Promise<KeyedJobQueue<string>>
}

export function keyedQueueContract (name: string, options: KeyedContractOptions): void {
  describe(`${name} keyed queue contract`, () => {
    const open: Array<KeyedJobQueue<string>> = []
    const make = async (): Promise<KeyedJobQueue<string>> => {
      const queue = await options.make(randomUUID())
      await queue.start()
      open.push(queue)
      return queue
    }
    const takers: Array<LeaseTaker<string>> = []
    const leaseTaker = async (queue: KeyedJobQueue<string>, concurrency?: number): Promise<LeaseTaker<string>> => {
      const taker = await takerOf(queue, concurrency)
      takers.push(taker)
      return taker
    }
    afterEach(async () => {
      for (const taker of takers.splice(0)) taker.releaseAll()
      await Promise.all(open.splice(0).map(async (q) => { await q.close() }))
    })

    it('hands jobs out first in, first out, each once', async () => {
      const queue = await make()
      for (const rid of ['c', 'a', 'b']) await queue.enqueue([rid])
      await queue.enqueue(['e', 'd'])
      const taker = await leaseTaker(queue)
      const order: string[] = []
      for (let i = 0; i < 5; i++) {
        const taken = await taker.next()
        order.push(taken!.job)
        taken!.done()
      }
      expect(order).toEqual(['c', 'a', 'b', 'e', 'd'])
      expect(await taker.next(300)).toBeUndefined()
    })

    it('keeps one entry per key while it waits or is held, and takes it again once done', async () => {
      const queue = await make()
      await queue.enqueue(['a', 'b'])
      await queue.enqueue(['a', 'c', 'a'])
      expect(await queue.positions(['a', 'b', 'c'])).toEqual(new Map([['a', 1], ['b', 2], ['c', 3]]))
      const taker = await leaseTaker(queue)
      const held = await taker.next()
      expect(held!.job).toBe('a')
      await queue.enqueue(['a']) // held: adds nothing
      expect(await queue.positions(['a', 'b', 'c'])).toEqual(new Map([['b', 1], ['c', 2]]))
      held!.done()
      for (const rid of ['b', 'c']) {
        const taken = await taker.next()
        expect(taken?.job).toBe(rid)
        taken!.done()
      }
      expect(await taker.next(300)).toBeUndefined()
      await queue.enqueue(['a']) // done: a new entry
      const again = await taker.next()
      expect(again).toMatchObject({ job: 'a', lease: { attempt: 1 } })
      again!.done()
    })

    it('reports places in line and withdraws only a waiting job', async () => {
      const queue = await make()
      await queue.enqueue(['a', 'b', 'c'])
      expect(await queue.positions(['c', 'a', 'zz'])).toEqual(new Map([['c', 3], ['a', 1]]))
      expect(await queue.positions([])).toEqual(new Map())
      expect(await queue.withdraw('b')).toBe(true)
      expect(await queue.withdraw('b')).toBe(false)
      expect(await queue.withdraw('zz')).toBe(false)
      expect(await queue.positions(['c'])).toEqual(new Map([['c', 2]]))
      const taker = await leaseTaker(queue)
      const held = await taker.next()
      expect(held).toMatchObject({ job: 'a', lease: { attempt: 1 } })
      expect(held!.lease.lost.aborted).toBe(false)
      expect(await queue.withdraw('a')).toBe(false) // held
      expect(await queue.positions(['a', 'c'])).toEqual(new Map([['c', 1]]))
      held!.done()
      expect((await taker.next())!.job).toBe('c')
    })

    it('counts deliveries: a job whose handler threw comes back as attempt 2, and is given up after maxAttempts', async () => {
      const queue = await make()
      await queue.enqueue(['poison', 'fine'])
      const taker = await leaseTaker(queue)
      const first = await taker.next()
      expect(first).toMatchObject({ job: 'poison', lease: { attempt: 1 } })
      first!.fail()
      const fine = await taker.next()
      expect(fine).toMatchObject({ job: 'fine', lease: { attempt: 1 } })
      fine!.done()
      const second = await taker.next()
      expect(second).toMatchObject({ job: 'poison', lease: { attempt: 2 } })
      second!.fail()
      expect(await taker.next(500)).toBeUndefined() // not handed out a third time
      expect(await queue.positions(['poison'])).toEqual(new Map())
      await queue.enqueue(['poison']) // given up: the key is free again
      expect(await taker.next()).toMatchObject({ job: 'poison', lease: { attempt: 1 } })
    })

    it('wakes an idle consumer when a job arrives, and stops an idle consumer at once', async () => {
      const queue = await make()
      const taker = await leaseTaker(queue, 2)
      expect(await taker.next(300)).toBeUndefined()
      await queue.enqueue(['late'])
      const taken = await taker.next(5000) // the idle wait is far longer: only the wake-up hands it over
      expect(taken?.job).toBe('late')
      taken!.done()
      expect(await taker.next(300)).toBeUndefined()
      let stopped = false
      const stopping = queue.stop().then(() => { stopped = true })
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 5000))])
      expect(stopped).toBe(true)
    })
  })
}
