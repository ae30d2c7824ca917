// A rolling upgrade on a shared Redis queue: a delivery job written by a relay of the previous release (no `v`) is
// read by this one, and a job of a version this release does not know is handed back to the queue, not crashed on.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { RedisQueue } from '@openmotion/job-queue'
import { describeWithService } from '@openmotion/test-services'
import { createQueue } from '../../src/adapters/create-queue.js'
import { relayConfig } from '../../src/app.js'
import type { DeliveryJob } from '../../src/domain/delivery-queue.js'

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

describeWithService('redis', (url) => {
  it('delivers a job written in the unversioned shape and hands a future version back without crashing', async () => {
    const prefix = `payload-${randomUUID()}`
    const previousRelease = new RedisQueue<unknown>({ url, prefix, connectionName: 'previous-release', visibilityTimeoutMs: 30_000 })
    const queue = createQueue(relayConfig.load({ LOG_LEVEL: 'silent', STORAGE_TYPE: 'redis', REDIS_URL: url, QUEUE_PREFIX: prefix }))
    try {
      await previousRelease.enqueue([{ deliveryId: 'dlv_old', endpointId: 'ep_1', attempt: 1 }, { v: 99, deliveryId: 'dlv_future', endpointId: 'ep_1', attempt: 1 }])
      const seen: DeliveryJob[] = []
      await queue.consume(async (job) => { seen.push(job) }, { concurrency: 2 })
      for (let i = 0; i < 100 && seen.length === 0; i++) await sleep(50)
      await sleep(1500)
      expect(seen).toEqual([{ deliveryId: 'dlv_old', endpointId: 'ep_1', attempt: 1 }])
      await queue.stop()
    } finally {
      await queue.close()
      await previousRelease.close()
    }
  }, 60_000)
})
