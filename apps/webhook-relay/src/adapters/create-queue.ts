// STORAGE_TYPE → the queue backend. A queue shared by processes (Redis, Kafka) carries versioned payloads
// (delivery-payload.ts), so relays of two releases share it during a rolling upgrade.
import { createLogger, type Logger } from '@openmotion/common'
import { KafkaQueue, MemoryQueue, RedisQueue, keyOfPayload, versionedQueue, type JobQueue } from '@openmotion/job-queue'
import type { RelayConfig } from '../config.js'
import type { DeliveryJob, DeliveryQueue } from '../domain/delivery-queue.js'
import { deliveryPayload } from './delivery-payload.js'

export function createQueue (config: RelayConfig, logger?: Logger): DeliveryQueue {
  if (config.STORAGE_TYPE === 'memory') return new MemoryQueue<DeliveryJob>()
  return versionedQueue(sharedQueue(config, logger), deliveryPayload, logger ?? createLogger({ name: 'webhook-relay-queue', level: 'warn' }))
}

function sharedQueue (config: RelayConfig, logger?: Logger): JobQueue<unknown> {
  switch (config.STORAGE_TYPE) {
    case 'redis':
      return new RedisQueue<unknown>({
        url: config.REDIS_URL as string,
        prefix: config.QUEUE_PREFIX,
        visibilityTimeoutMs: config.QUEUE_VISIBILITY_TIMEOUT_MS,
        connectionName: 'webhook-relay-queue'
      })
    case 'kafka':
      return new KafkaQueue<unknown>({
        brokers: (config.KAFKA_BROKER as string).split(',').map((b) => b.trim()),
        prefix: config.QUEUE_PREFIX,
        partitions: config.KAFKA_PARTITIONS,
        clientId: 'webhook-relay',
        // One endpoint's jobs share a partition: its order holds and its limiter sees them in one consumer.
        keyOf: keyOfPayload(deliveryPayload, (job) => job.endpointId),
        ...(logger === undefined ? {} : { logger })
      })
    default:
      throw new TypeError(`no shared queue for STORAGE_TYPE ${config.STORAGE_TYPE}`)
  }
}
