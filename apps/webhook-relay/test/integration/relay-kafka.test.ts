import { Kafka, logLevel } from 'kafkajs'
import { KafkaQueue } from '@openmotion/job-queue'
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

/** Deletes the namespace's topics (its jobs, its generation) as a broker that lost its log directory would have. */
async function deleteTopics (broker: string, prefix: string): Promise<void> {
  const admin = new Kafka({ brokers: [broker], logLevel: logLevel.NOTHING }).admin()
  await admin.connect()
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}.`))
    if (!topics.some((t) => t.startsWith(`${prefix}.generation-`))) throw new Error(`no generation topic among ${topics.join(', ')}`)
    await admin.deleteTopics({ topics, timeout: 30_000 })
    await admin.deleteGroups([`${prefix}-workers`, `${prefix}-scheduler`]).catch(() => undefined)
  } finally {
    await admin.disconnect()
  }
}

describeWithService('kafka', (broker) => {
  relayContract('kafka', {
    queue: (namespace) => new KafkaQueue({ brokers: [broker], prefix: `e2e-${namespace}`, partitions: 2, sessionTimeoutMs: 6000 }),
    dumpQueue: (namespace) => dumpTopics(broker, `e2e-${namespace}`),
    empty: (namespace) => deleteTopics(broker, `e2e-${namespace}`),
    settleMs: 20_000
  })
})
