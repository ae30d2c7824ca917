import { Kafka, logLevel } from 'kafkajs'
import { KafkaQueue } from '../../src/adapters/kafka-queue.js'
import { relayContract } from '../contract/relay-contract.js'
import { describeWithService } from '@openmotion/test-services'

/** Every record ever written to the namespace's topics, read back by a fresh consumer group. */
async function dumpTopics (broker: string, prefix: string): Promise<string> {
  const kafka = new Kafka({ brokers: [broker], logLevel: logLevel.NOTHING })
  const consumer = kafka.consumer({ groupId: `dump-${prefix}`, maxWaitTimeInMs: 200 })
  const values: string[] = []
  await consumer.connect()
  await consumer.subscribe({ topics: [new RegExp(`^${prefix}\\.`)], fromBeginning: true })
  await consumer.run({ eachMessage: async ({ message }) => { values.push(message.value?.toString('utf8') ?? '') } })
  await new Promise((resolve) => setTimeout(resolve, 8000))
  await consumer.disconnect()
  return values.join('\n')
}

describeWithService('kafka', (broker) => {
  relayContract('kafka', {
    queue: (namespace) => new KafkaQueue({ brokers: [broker], prefix: `e2e-${namespace}`, partitions: 2, sessionTimeoutMs: 6000 }),
    dumpQueue: (namespace) => dumpTopics(broker, `e2e-${namespace}`),
    settleMs: 20_000
  })
})
