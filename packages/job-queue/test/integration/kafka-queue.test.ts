import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { createLogger } from '@openmotion/common'
import { KafkaQueue } from '../../src/kafka-queue.js'
import { killConsumerMidJob } from '../contract/crash.js'
import { queueContract, type TestJob } from '../contract/queue-contract.js'
import { describeWithService } from '@openmotion/test-services'

describeWithService('kafka', (broker) => {
  queueContract('kafka', {
    make: async (namespace) => new KafkaQueue<TestJob>({ brokers: [broker], prefix: `test-${namespace}`, partitions: 1, redeliveryDelayMs: 50, sessionTimeoutMs: 6000, keyOf: (job) => job.endpointId }),
    shared: true,
    settleMs: 20_000,
    crash: (namespace, job) => killConsumerMidJob('kafka', broker, `test-${namespace}`, job)
  })

  it('starts again on the topics it created without an error line', async () => {
    const lines: Array<{ level: number, msg: string }> = []
    const logger = createLogger({ name: 'webhook-relay', level: 'info', destination: { write: (line: string) => { lines.push(JSON.parse(line)) } } })
    const prefix = `test-restart-${randomUUID()}`
    for (let start = 0; start < 2; start++) {
      const queue = new KafkaQueue<TestJob>({ brokers: [broker], prefix, partitions: 1, logger })
      await queue.start()
      await queue.close()
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
  }, 120_000)
})
