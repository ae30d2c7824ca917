import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { RedisQueue } from '../../src/redis-queue.js'
import { killConsumerMidJob } from '../contract/crash.js'
import { queueContract, type TestJob } from '../contract/queue-contract.js'
import { closeRedis, createRedis } from '@openmotion/common'
import { describeWithService } from '@openmotion/test-services'

type Q = RedisQueue<TestJob>

describeWithService('redis', (url) => {
  queueContract('redis', {
    make: async (namespace) => new RedisQueue<TestJob>({
      url, prefix: `test:${namespace}`, visibilityTimeoutMs: 1000, redeliveryDelayMs: 50, pollMs: 20
    }),
    shared: true,
    settleMs: 3000,
    crash: (namespace, job) => killConsumerMidJob('redis', url, `test:${namespace}`, job)
  })

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
  })
})
