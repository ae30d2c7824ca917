import { randomUUID } from 'node:crypto'
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithService } from '../../src/describe-with-service.ts'

interface Received { key: string | undefined, value: string | undefined, partition: number }

describeWithService('kafka', (broker) => {
  const topic = `test-services-smoke-${randomUUID()}`
  let admin: Admin
  let producer: Producer
  let consumer: Consumer

  beforeAll(async () => {
    const kafka = new Kafka({ clientId: 'test-services-smoke', brokers: [broker], logLevel: logLevel.NOTHING })
    admin = kafka.admin()
    producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner })
    consumer = kafka.consumer({ groupId: `test-services-smoke-${randomUUID()}` })
    await Promise.all([admin.connect(), producer.connect(), consumer.connect()])
  })

  afterAll(async () => {
    await Promise.allSettled([consumer.disconnect(), producer.disconnect()])
    await admin.deleteTopics({ topics: [topic] }).catch(() => {})
    await admin.disconnect()
  })

  it('produces one message to a fresh topic and consumes the same message', async () => {
    expect(await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true })).toBe(true)

    await consumer.subscribe({ topic, fromBeginning: true })
    let deliver: (message: Received) => void = () => {}
    const received = new Promise<Received>((resolve) => { deliver = resolve })
    await consumer.run({
      eachMessage: async ({ message, partition }) => {
        deliver({ key: message.key?.toString(), value: message.value?.toString(), partition })
      }
    })

    const value = `hello ${randomUUID()}`
    const [record] = await producer.send({ topic, messages: [{ key: 'smoke', value }] })
    expect(record?.errorCode).toBe(0)

    expect(await received).toEqual({ key: 'smoke', value, partition: 0 })
  })
})
