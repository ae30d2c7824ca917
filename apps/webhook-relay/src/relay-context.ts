// Everything route plugins need, built once by buildApp from config (tests swap parts through overrides).
import type { DeliveryQueue } from './domain/delivery-queue.js'
import type { DeliveryStore } from './adapters/delivery-store.js'
import type { EndpointStore } from './adapters/endpoint-store.js'
import type { MessageStore } from './adapters/message-store.js'
import type { TenantStore } from './adapters/tenant-store.js'
import type { RelayConfig } from './config.js'
import type { DataCipher } from './domain/envelope-encryption.js'
import type { RelayMetrics } from './relay-metrics.js'

export interface RelayContext {
  config: RelayConfig
  tenants: TenantStore
  endpoints: EndpointStore
  messages: MessageStore
  deliveries: DeliveryStore
  queue: DeliveryQueue
  cipher: DataCipher
  /** Jobs were committed to the outbox: hand them to the queue now. */
  notifyOutbox: () => void
  metrics: RelayMetrics
}
