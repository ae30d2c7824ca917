import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { RedisQueue } from '../../src/redis-queue.js'
import { killConsumerMidJob } from '../contract/crash.js'
import { keyedQueueContract } from '../contract/keyed-queue-contract.js'
import { leaseTaker, type LeaseTaker } from '../../src/lease-taker.js'
import { queueContract, type TestJob } from '../contract/queue-contract.js'
import { closeRedis, createRedis } from '@openmotion/common'
import { describeWithService } from '@openmotion/test-services'
import { replyDroppingProxy } from './reply-dropping-proxy.js'

type Q = RedisQueue<TestJob>

describeWithService('redis', (url) => {
  queueContract('redis', {
    make: async (namespace) => new RedisQueue<TestJob>({
      url, prefix: `test:${namespace}`, visibilityTimeoutMs: 1000, redeliveryDelayMs: 50
    }),
    shared: true,
    settleMs: 3000,
    crash: (namespace, job) => killConsumerMidJob('redis', url, `test:${namespace}`, job)
  })

  keyedQueueContract('redis', {
    make: async (namespace) => new RedisQueue<string>({
      url, prefix: `test:${namespace}`, visibilityTimeoutMs: 1000, redeliveryDelayMs: 50, pollMs: 600_000, keyOf: (rid) => rid, maxAttempts: 2
    })
  })

  it('sends its scripts by SHA, and loads them again when Redis has forgotten them (SCRIPT FLUSH, a restart)', async () => {
    const queue = new RedisQueue<TestJob>({ url, prefix: `test:${randomUUID()}`, visibilityTimeoutMs: 1000, pollMs: 20 })
    const admin = createRedis({ url, name: 'test-script-flush' })
    const evalshaCalls = async () => Number(/cmdstat_evalsha:calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0)
    try {
      const done: string[] = []
      await queue.start()
      await queue.consume(async (job) => { done.push(job.deliveryId) }, { concurrency: 1 })
      const before = await evalshaCalls()
      await queue.enqueue([{ deliveryId: 'dlv_1', endpointId: 'ep', attempt: 1 }])
      while (done.length < 1) await new Promise((resolve) => setTimeout(resolve, 10))
      expect(await evalshaCalls()).toBeGreaterThan(before)
      await admin.script('FLUSH')
      await queue.enqueue([{ deliveryId: 'dlv_2', endpointId: 'ep', attempt: 1 }])
      while (done.length < 2) await new Promise((resolve) => setTimeout(resolve, 10))
      expect(done).toEqual(['dlv_1', 'dlv_2'])
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await queue.counts()).toEqual({ waiting: 0, inflight: 0 })
    } finally {
      await queue.close()
      await closeRedis(admin)
    }
  }, 15_000)

  it('answers a take whose reply was lost with the same jobs, on their first attempt, long before their lease lapses', async () => {
    const prefix = `test:${randomUUID()}`
    const proxy = await replyDroppingProxy(url)
    // A 30 s lease: a job taken by a take whose answer is lost, if left leased to no one, comes back only after it.
    const producer = new RedisQueue<TestJob>({ url, prefix, visibilityTimeoutMs: 30_000 })
    const consumer = new RedisQueue<TestJob>({ url: proxy.url, prefix, visibilityTimeoutMs: 30_000, pollMs: 100 })
    try {
      await producer.enqueue([{ deliveryId: 'dlv_1', endpointId: 'ep', attempt: 1 }, { deliveryId: 'dlv_2', endpointId: 'ep', attempt: 1 }])
      proxy.arm(`${prefix}:inflight`)  // the first command naming it is the take
      const delivered: Array<[string, number]> = []
      await consumer.consume(async (job, lease) => { delivered.push([job.deliveryId, lease.attempt]) }, { concurrency: 4 })
      for (const end = Date.now() + 10_000; delivered.length < 2 && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(proxy.cuts).toBe(1)
      expect(delivered.sort()).toEqual([['dlv_1', 1], ['dlv_2', 1]])
      for (const end = Date.now() + 5000; (await producer.counts()).inflight > 0 && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await producer.counts()).toEqual({ waiting: 0, inflight: 0 })
    } finally {
      await consumer.close()
      await producer.close()
      await proxy.close()
    }
  }, 30_000)

  describe('redis leases', () => {
    const open: Array<RedisQueue<TestJob>> = []
    afterEach(async () => { await Promise.all(open.splice(0).map((q) => q.close())) })

    it('renews the lease while a handler runs past the visibility timeout, so no second consumer takes the job', async () => {
      const prefix = `test:${randomUUID()}`
      const [a, b] = [0, 1].map(() => new RedisQueue<TestJob>({ url, prefix, visibilityTimeoutMs: 1000, pollMs: 20 })) as [Q, Q]
      open.push(a, b)
      const seen: string[] = []
      const slow = async (job: { deliveryId: string }) => {
        seen.push(job.deliveryId)
        await new Promise((resolve) => setTimeout(resolve, 3500))
      }
      await a.start()
      await b.start()
      await a.consume(slow, { concurrency: 1 })
      await a.enqueue([{ deliveryId: 'dlv_slow', endpointId: 'ep', attempt: 1 }])
      while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      await b.consume(slow, { concurrency: 1 })
      await new Promise((resolve) => setTimeout(resolve, 4000))
      expect(seen).toEqual(['dlv_slow'])
      expect(await a.counts()).toEqual({ waiting: 0, inflight: 0 })
    }, 30_000)

    it('tells a handler whose lease lapsed that it lost the job, and its late acknowledgement leaves the new holder alone', async () => {
      const prefix = `test:${randomUUID()}`
      const [a, b] = [0, 1].map(() => new RedisQueue<TestJob>({ url, prefix, visibilityTimeoutMs: 900, pollMs: 20 })) as [Q, Q]
      open.push(a, b)
      const redis = createRedis({ url, name: 'test-lease-thief' })
      try {
        const held: { lost?: AbortSignal } = {}
        let releaseA: () => void = () => undefined
        await a.start()
        await a.consume(async (_job, lease) => {
          held.lost = lease.lost
          await new Promise<void>((resolve) => { releaseA = resolve })
        }, { concurrency: 1 })
        await a.enqueue([{ deliveryId: 'dlv_stalled', endpointId: 'ep', attempt: 1 }])
        while (held.lost === undefined) await new Promise((resolve) => setTimeout(resolve, 20))
        const seenByB: string[] = []
        let releaseB: () => void = () => undefined
        await b.start()
        await b.consume(async (job) => {
          seenByB.push(job.deliveryId)
          await new Promise<void>((resolve) => { releaseB = resolve })
        }, { concurrency: 1 })
        // As if a's process had stalled past its lease: the lease lapses and b's next take moves the job to b (a's
        // heartbeat may renew it first, so lapse it until b has it).
        const [member] = await redis.zrange(`${prefix}:inflight`, 0, -1)
        while (seenByB.length === 0) {
          await redis.zadd(`${prefix}:inflight`, 'XX', 0, member as string)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        while (held.lost?.aborted !== true) await new Promise((resolve) => setTimeout(resolve, 20))
        expect(seenByB).toEqual(['dlv_stalled'])
        releaseA()
        await new Promise((resolve) => setTimeout(resolve, 200))
        expect(await a.counts()).toEqual({ waiting: 0, inflight: 1 }) // b's lease survived a's acknowledgement
        releaseB()
        while ((await a.counts()).inflight > 0) await new Promise((resolve) => setTimeout(resolve, 20))
        expect(await a.counts()).toEqual({ waiting: 0, inflight: 0 })
        expect(seenByB).toEqual(['dlv_stalled'])
      } finally {
        await closeRedis(redis)
      }
    }, 30_000)

    it('puts a lapsed lease back at the head of the line as the next attempt, and the loser cannot end the new lease', async () => {
      const prefix = `test:${randomUUID()}`
      // A heartbeat every second: the lease set to lapse below is not renewed before b's first take.
      const options = { url, prefix, visibilityTimeoutMs: 3000, pollMs: 20, keyOf: (rid: string) => rid, maxAttempts: 2 }
      const [a, b] = [0, 1].map(() => new RedisQueue<string>(options))
      const redis = createRedis({ url, name: 'test-lease-thief' })
      const takers: Array<LeaseTaker<string>> = []
      try {
        await a!.enqueue(['stalled', 'next'])
        const first = await leaseTaker(a!)
        takers.push(first)
        const lost = await first.next()
        expect(lost).toMatchObject({ job: 'stalled', lease: { attempt: 1 } })
        const [member] = await redis.zrange(`${prefix}:inflight`, 0, -1)
        await redis.zadd(`${prefix}:inflight`, 'XX', 0, member as string) // lapsed, as if a's heartbeats had stopped
        const second = await leaseTaker(b!)
        takers.push(second)
        const again = await second.next() // ahead of 'next', which waited all along
        expect(again).toMatchObject({ job: 'stalled', lease: { attempt: 2 } })
        while (!lost!.lease.lost.aborted) await new Promise((resolve) => setTimeout(resolve, 20))
        lost!.done() // the loser's acknowledgement
        const next = await first.next() // a is free again; b still holds 'stalled'
        expect(next?.job).toBe('next')
        const held = await redis.hget(`${prefix}:index`, 'stalled')
        expect(await redis.zscore(`${prefix}:inflight`, held!)).not.toBeNull() // b's lease survived a's acknowledgement
        again!.done()
        next!.done()
        while ((await b!.counts()).inflight > 0) await new Promise((resolve) => setTimeout(resolve, 20))
        expect(await redis.hlen(`${prefix}:index`)).toBe(0)
        expect(await second.next(300)).toBeUndefined()
      } finally {
        for (const taker of takers) taker.releaseAll()
        await closeRedis(redis)
        await Promise.all([a!.close(), b!.close()])
      }
    }, 30_000)
  })
})
