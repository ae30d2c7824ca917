// A private Kafka broker restarts on the same port and keeps its log directory, which the fault tests rely on: a
// topic written before the restart is read back after it.
import { Kafka, logLevel } from 'kafkajs'
import { describe, expect, it } from 'vitest'
import { privateKafkaAvailable, startPrivateKafka } from '../../src/private-kafka.ts'

describe.runIf(privateKafkaAvailable())('private Kafka broker', () => {
  it('stops, refuses connections, and starts again on the same port with its topics', async () => {
    const broker = await startPrivateKafka()
    const kafka = new Kafka({ brokers: [broker.broker], logLevel: logLevel.NOTHING, retry: { retries: 2, initialRetryTime: 100 } })
    try {
      const producer = kafka.producer()
      await producer.connect()
      await producer.send({ topic: 'kept', messages: [{ value: 'yes' }] })
      await producer.disconnect()
      await broker.stop()
      const admin = kafka.admin()
      await expect(admin.connect()).rejects.toThrow()
      await broker.start()
      const consumer = kafka.consumer({ groupId: 'private-kafka-test' })
      await consumer.connect()
      await consumer.subscribe({ topic: 'kept', fromBeginning: true })
      const value = await new Promise<string>((resolve, reject) => {
        consumer.run({ eachMessage: async ({ message }) => { resolve(String(message.value)) } }).catch(reject)
      })
      expect(value).toBe('yes')
      await consumer.disconnect()
    } finally {
      await broker.close()
    }
  }, 180_000)
})
