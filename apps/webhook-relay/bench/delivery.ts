// Delivery throughput per queue backend: N webhooks are accepted by a relay without a worker, then a relay with a
// worker starts on the same database and queue, and the clock runs until a local receiver has all N deliveries
// (Redis and Kafka when TEST_REDIS_URL / TEST_KAFKA_BROKER are set).
import { randomUUID } from 'node:crypto'
import { openDatabase } from '@openmotion/common'
import type { DeliveryQueue } from '../src/domain/delivery-queue.js'
import { KafkaQueue } from '@openmotion/job-queue'
import { MemoryQueue } from '@openmotion/job-queue'
import { RedisQueue } from '@openmotion/job-queue'
import { startReceiver, startRelay } from './bench-relay.js'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)

async function measure (name: string, makeQueue: () => DeliveryQueue): Promise<string> {
  const receiver = await startReceiver()
  const db = await openDatabase({ url: process.env.BENCH_DATABASE_URL })
  try {
    const producer = await startRelay({ worker: false, queue: makeQueue(), receiverUrl: receiver.url, db })
    const headers = { authorization: `Bearer ${producer.apiKey}`, 'content-type': 'application/json' }
    for (let i = 0; i < MESSAGES; i++) {
      await producer.app.inject({ method: 'POST', url: '/webhook', headers, payload: { event: 'bench.delivery', data: { i } } })
    }
    await producer.close()
    const started = performance.now()
    const worker = await startRelay({ worker: true, queue: makeQueue(), receiverUrl: receiver.url, db, apiKey: producer.apiKey })
    const deadline = Date.now() + 300_000
    while (receiver.count() < MESSAGES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    const seconds = (performance.now() - started) / 1000
    await worker.close()
    return `delivery, ${name} (${process.env.BENCH_DATABASE_URL === undefined ? 'PGlite' : 'PostgreSQL'}): ${receiver.count()}/${MESSAGES} delivered in ${seconds.toFixed(2)} s = ${(receiver.count() / seconds).toFixed(0)} deliveries/s (worker start-up included)`
  } finally {
    await db.close()
    await receiver.close()
  }
}

export async function benchDelivery (): Promise<string[]> {
  // The memory queue is empty in the second relay: it re-queues the pending deliveries from the database at start.
  const lines = [await measure('memory', () => new MemoryQueue())]
  const redisUrl = process.env.TEST_REDIS_URL
  const redisPrefix = `bench:${randomUUID()}`
  if (redisUrl !== undefined) { lines.push(await measure('redis', () => new RedisQueue({ url: redisUrl, prefix: redisPrefix, visibilityTimeoutMs: 60_000, pollMs: 10 }))) }
  const broker = process.env.TEST_KAFKA_BROKER
  const kafkaPrefix = `bench-${randomUUID()}`
  if (broker !== undefined) lines.push(await measure('kafka', () => new KafkaQueue({ brokers: [broker], prefix: kafkaPrefix, partitions: 6 })))
  return lines
}
