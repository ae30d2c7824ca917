// Child process of the crash-restart contract test: takes one job, prints its id, then hangs until SIGKILLed.
import { KafkaQueue } from '../../src/kafka-queue.js'
import { RedisQueue } from '../../src/redis-queue.js'
import type { JobQueue } from '../../src/job-queue.js'
import type { TestJob } from './queue-contract.js'

const kind = process.env.CRASH_QUEUE_KIND
const target = process.env.CRASH_QUEUE_TARGET ?? ''
const namespace = process.env.CRASH_QUEUE_NAMESPACE ?? ''
const queue: JobQueue<TestJob> = kind === 'redis'
  ? new RedisQueue<TestJob>({ url: target, prefix: namespace, visibilityTimeoutMs: 1000 })
  : new KafkaQueue<TestJob>({ brokers: [target], prefix: namespace, partitions: 1, sessionTimeoutMs: 6000, keyOf: (job) => job.endpointId })
await queue.start()
await queue.consume(async (job) => {
  process.stdout.write(`took ${job.deliveryId}\n`)
  await new Promise(() => undefined)
}, { concurrency: 1 })
