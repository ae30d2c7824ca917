// STORAGE_TYPE → the queue backend.
import type { Logger } from '@openmotion/common'
import { KafkaQueue, MemoryQueue, RedisQueue } from '@openmotion/job-queue'
import type { RelayConfig } from '../config.js'
import type { DeliveryJob, DeliveryQueue } from '../domain/delivery-queue.js'

export function createQueue (config: RelayConfig, logger?: Logger): DeliveryQueue {
  switch (config.STORAGE_TYPE) {
    case 'redis':
      return new RedisQueue<DeliveryJob>({
        url: config.REDIS_URL as string,
        prefix: config.QUEUE_PREFIX,
        visibilityTimeoutMs: config.QUEUE_VISIBILITY_TIMEOUT_MS,
        connectionName: 'webhook-relay-queue'
      })
    case 'kafka':
      return new KafkaQueue<DeliveryJob>({
        brokers: (config.KAFKA_BROKER as string).split(',').map((b) => b.trim()),
        prefix: config.QUEUE_PREFIX,
        partitions: config.KAFKA_PARTITIONS,
        clientId: 'webhook-relay',
        // One endpoint's jobs share a partition: its order holds and its limiter sees them in one consumer.
        keyOf: (job) => job.endpointId,
        ...(logger === undefined ? {} : { logger })
      })
    default:
      return new MemoryQueue<DeliveryJob>()
  }
}
