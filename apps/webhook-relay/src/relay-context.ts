// Everything the routes and the delivery worker share, built once from the configuration: the database (opened
// and migrated with the server's lifecycle), the stores, the cipher, the queue and the outbox publisher. Tests
// swap the outside pieces through AppOverrides.
import { openAppDatabase, type AppInstance, type Database, type Logger, type Metrics } from '@openmotion/common'
import { createOutboxPublisher, type OutboxPublisher } from '@openmotion/job-queue'
import { createQueue } from './adapters/create-queue.js'
import { DeliveryStore } from './adapters/delivery-store.js'
import { EndpointStore } from './adapters/endpoint-store.js'
import { MessageStore } from './adapters/message-store.js'
import { migrations } from './adapters/migrations.js'
import { OutboxStore } from './adapters/outbox-store.js'
import { QueueGenerationStore } from './adapters/queue-generation-store.js'
import { TenantStore } from './adapters/tenant-store.js'
import type { RelayConfig } from './config.js'
import type { DeliveryJob, DeliveryQueue, OutboxEntry } from './domain/delivery-queue.js'
import type { WebhookSender } from './domain/ports.js'
import { cipherFromConfig, plaintextCipher, type DataCipher } from './domain/envelope-encryption.js'
import { createRelayMetrics, type RelayMetrics } from './relay-metrics.js'

export interface AppOverrides {
  logger?: Logger
  db?: Database
  queue?: DeliveryQueue
  send?: WebhookSender
  cipher?: DataCipher
  /** false builds the API without a delivery worker (a relay that only accepts). */
  worker?: boolean
}

export interface RelayContext {
  config: RelayConfig
  tenants: TenantStore
  endpoints: EndpointStore
  messages: MessageStore
  deliveries: DeliveryStore
  /** Outbox jobs for deliveries that wait (replay of a pending delivery). */
  outbox: OutboxStore
  /** The queue generation last seen (worker/queue-reconcile.ts). */
  queueGenerations: QueueGenerationStore
  queue: DeliveryQueue
  cipher: DataCipher
  /** Jobs were committed to the outbox: hand them to the queue now. */
  notifyOutbox: () => void
  /** Jobs were committed to the outbox leased to this relay: hand these to the queue now. */
  publishHeld: (entries: readonly OutboxEntry[]) => void
  metrics: RelayMetrics
}

export async function createRelayContext (
  app: AppInstance, config: RelayConfig, logger: Logger, metrics: Metrics, overrides: AppOverrides
): Promise<{ ctx: RelayContext, publisher: OutboxPublisher<DeliveryJob> }> {
  const db = await openAppDatabase(app, { app: 'webhook-relay', migrations, url: config.DATABASE_URL, dataDir: config.DATA_DIR, given: overrides.db })
  if (config.DATABASE_URL === undefined && overrides.db === undefined) {
    logger.warn('DATABASE_URL is not set: embedded PGlite (one connection, one process) is for development; use PostgreSQL in production')
  }
  const cipher = overrides.cipher ?? cipherFromConfig(config)
  if (cipher === plaintextCipher) logger.warn('ENCRYPTION_KEYS or ENCRYPTION_KEY is not set: webhook data is stored in plaintext')
  const queue = overrides.queue ?? createQueue(config, logger)
  if (queue.kind === 'memory') {
    logger.warn('STORAGE_TYPE=memory: queued deliveries do not survive a restart (unfinished ones are re-queued from the database at start)')
  }
  const outbox = new OutboxStore(db)
  // Every relay polls the outbox (rows of a relay that died after its commit), with or without a worker.
  const publisher = createOutboxPublisher({ outbox, queue, logger, leaseMs: config.QUEUE_VISIBILITY_TIMEOUT_MS })
  publisher.start()
  // fastify runs onClose hooks last-registered first: the delivery lifecycle's hook stops deliveries and
  // publishing, then this closes the queue, then openAppDatabase's closes the database.
  app.addHook('onClose', async () => { await queue.close() })
  const deliveries = new DeliveryStore(db)
  const ctx: RelayContext = {
    config,
    tenants: new TenantStore(db),
    endpoints: new EndpointStore(db, cipher),
    // Accepted jobs are committed leased to this relay for as long as a publisher's claim, and it hands them over.
    messages: new MessageStore(db, { heldLeaseMs: config.QUEUE_VISIBILITY_TIMEOUT_MS }),
    deliveries,
    outbox,
    queueGenerations: new QueueGenerationStore(db),
    queue,
    cipher,
    notifyOutbox: () => { publisher.notify() },
    publishHeld: (entries) => { publisher.publish(entries).catch(() => undefined) },
    metrics: createRelayMetrics(metrics, () => deliveries)
  }
  return { ctx, publisher }
}
