import { KafkaQueue } from '../../src/adapters/kafka-queue.js'
import { killConsumerMidJob } from '../contract/crash.js'
import { queueContract } from '../contract/queue-contract.js'
import { describeWithService } from '@openmotion/test-services'

describeWithService('kafka', (broker) => {
  queueContract('kafka', {
    make: async (namespace) => new KafkaQueue({ brokers: [broker], prefix: `test-${namespace}`, partitions: 1, redeliveryDelayMs: 50, sessionTimeoutMs: 6000 }),
    shared: true,
    settleMs: 20_000,
    crash: (namespace, job) => killConsumerMidJob('kafka', broker, `test-${namespace}`, job)
  })
})
