// STORAGE_TYPE → the queue backend.
import type { Logger } from '@openmotion/common'
import type { RelayConfig } from '../config.js'
import type { DeliveryQueue } from '../domain/delivery-queue.js'
import { KafkaQueue } from './kafka-queue.js'
import { MemoryQueue } from './memory-queue.js'
import { RedisQueue } from './redis-queue.js'

export function createQueue (config: RelayConfig, logger?: Logger): DeliveryQueue {
  switch (config.STORAGE_TYPE) {
    case 'redis':
      return new RedisQueue({ url: config.REDIS_URL as string, prefix: config.QUEUE_PREFIX, visibilityTimeoutMs: config.QUEUE_VISIBILITY_TIMEOUT_MS })
    case 'kafka':
      return new KafkaQueue({
        brokers: (config.KAFKA_BROKER as string).split(',').map((b) => b.trim()),
        prefix: config.QUEUE_PREFIX,
        partitions: config.KAFKA_PARTITIONS,
        ...(logger === undefined ? {} : { logger })
      })
    default:
      return new MemoryQueue()
  }
}
