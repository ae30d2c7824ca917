// Child process of the crash-restart contract test: takes one job, prints its id, then hangs until SIGKILLed.
import { KafkaQueue } from '../../src/adapters/kafka-queue.js'
import { RedisQueue } from '../../src/adapters/redis-queue.js'
import type { DeliveryQueue } from '../../src/domain/delivery-queue.js'

const kind = process.env.CRASH_QUEUE_KIND
const target = process.env.CRASH_QUEUE_TARGET ?? ''
const namespace = process.env.CRASH_QUEUE_NAMESPACE ?? ''
const queue: DeliveryQueue = kind === 'redis'
  ? new RedisQueue({ url: target, prefix: namespace, visibilityTimeoutMs: 1000 })
  : new KafkaQueue({ brokers: [target], prefix: namespace, partitions: 1, sessionTimeoutMs: 6000 })
await queue.start()
await queue.consume(async (job) => {
  process.stdout.write(`took ${job.deliveryId}\n`)
  await new Promise(() => undefined)
}, { concurrency: 1 })
