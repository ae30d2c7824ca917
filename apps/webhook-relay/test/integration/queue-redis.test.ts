import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { RedisQueue } from '../../src/adapters/redis-queue.js'
import { killConsumerMidJob } from '../contract/crash.js'
import { queueContract } from '../contract/queue-contract.js'
import { describeWithService } from '@openmotion/test-services'

describeWithService('redis', (url) => {
  queueContract('redis', {
    make: async (namespace) => new RedisQueue({ url, prefix: `test:${namespace}`, visibilityTimeoutMs: 1000, redeliveryDelayMs: 50, pollMs: 20 }),
    shared: true,
    settleMs: 3000,
    crash: (namespace, job) => killConsumerMidJob('redis', url, `test:${namespace}`, job)
  })

  describe('redis leases', () => {
    const open: RedisQueue[] = []
    afterEach(async () => { await Promise.all(open.splice(0).map((q) => q.close())) })

    it('renews the lease while a handler runs past the visibility timeout, so no second relay takes the job', async () => {
      const prefix = `test:${randomUUID()}`
      const [a, b] = [0, 1].map(() => new RedisQueue({ url, prefix, visibilityTimeoutMs: 1000, pollMs: 20 })) as [RedisQueue, RedisQueue]
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
  })
})
