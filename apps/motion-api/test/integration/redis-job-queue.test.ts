import { randomUUID } from 'node:crypto'
import { describeWithService } from '@openmotion/test-services'
import { createRedisCancelBus, createRedisJobQueue } from '../../src/adapters/redis-job-queue.js'
import { jobQueueContract } from '../contract/job-queue-contract.js'

describeWithService('redis', (url) => {
  jobQueueContract(async () => {
    const prefix = `test-${randomUUID()}`
    const queue = createRedisJobQueue({ url, prefix, pollSeconds: 0.2 })
    const bus = createRedisCancelBus({ url, prefix })
    return { queue, bus, cleanup: async () => { await queue.close(); await bus.close() } }
  })
})
