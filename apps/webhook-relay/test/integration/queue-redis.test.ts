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
})
