import fastifyStatic from '@fastify/static'
import { createLogger, createMetrics, createServer, openAppDatabase, type AppInstance, type Database, type Logger } from '@openmotion/common'
import { portalAssetsDir } from '@openmotion/relay-portal'
import type { DeliveryQueue } from './domain/delivery-queue.js'
import { DeliveryStore } from './adapters/delivery-store.js'
import { EndpointStore } from './adapters/endpoint-store.js'
import { createHttpSender, type WebhookSender } from './adapters/http-sender.js'
import { MessageStore } from './adapters/message-store.js'
import { createQueue } from './adapters/create-queue.js'
import { migrations } from './adapters/schema.js'
import { TenantStore } from './adapters/tenant-store.js'
import type { RelayConfig } from './config.js'
import { durationListMs, durationMs } from './domain/duration.js'
import { EndpointLimiter } from './domain/endpoint-limiter.js'
import { cipherFromConfig, plaintextCipher, type DataCipher } from './domain/envelope-encryption.js'
import { frameworkErrorCodes } from './errors.js'
import type { RelayContext } from './relay-context.js'
import { createRelayMetrics } from './relay-metrics.js'
import { endpointRoutes } from './routes/endpoints.js'
import { acceptJsonBodiesOnly } from './routes/json-bodies.js'
import { messageRoutes } from './routes/messages.js'
import { tenantRoutes } from './routes/tenants.js'
import { webhookRoutes } from './routes/webhook.js'
import { startMaintenance } from './worker/maintenance.js'
import { createDeliveryWorker } from './worker/delivery-worker.js'
import { startOutboxPublisher } from './worker/outbox-publisher.js'
import { connectQueue, type QueueConnection } from './worker/queue-connection.js'
import { reportQueueInReadiness } from './queue-readiness.js'
import { OutboxStore } from './adapters/outbox-store.js'

export interface AppOverrides {
  logger?: Logger
  db?: Database
  queue?: DeliveryQueue
  send?: WebhookSender
  cipher?: DataCipher
  /** false builds the API without a delivery worker (a relay that only accepts). */
  worker?: boolean
}

function createWorker (ctx: RelayContext, config: RelayConfig, logger: Logger, send: WebhookSender | undefined) {
  return createDeliveryWorker({
    ...ctx,
    send: send ?? createHttpSender({ allowPrivate: config.ALLOW_PRIVATE_DESTINATIONS, userAgent: 'openmotion-webhook-relay/0.1' }),
    limiter: new EndpointLimiter(config.ENDPOINT_CONCURRENCY),
    logger,
    policy: {
      scheduleMs: durationListMs(config.RETRY_SCHEDULE),
      maxMs: config.RETRY_MAX_MS,
      maxAttempts: config.RETRY_MAX_ATTEMPTS,
      jitter: config.RETRY_JITTER
    },
    circuit: { threshold: config.CIRCUIT_BREAKER_THRESHOLD, cooldownMs: durationMs(config.CIRCUIT_BREAKER_COOLDOWN) },
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    leaseMs: config.QUEUE_VISIBILITY_TIMEOUT_MS,
    disableAfterMs: durationMs(config.ENDPOINT_DISABLE_AFTER)
  })
}

export async function buildApp (config: RelayConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'webhook-relay', level: config.LOG_LEVEL })
  const metrics = createMetrics({ app: 'webhook-relay' })
  const app = await createServer({
    name: 'webhook-relay',
    version: '0.1.0',
    description: 'Multi-tenant webhook relay',
    logger,
    metrics,
    errorCodes: frameworkErrorCodes,
    bodyLimit: Math.max(1024 * 1024, config.MAX_PAYLOAD_BYTES),
    // Bodies are JSON with real types: `"disabled": "true"` or `"name": false` is a 400, never coerced.
    strictBodies: true,
    openapi: {
      components: { securitySchemes: { tenantKey: { type: 'http', scheme: 'bearer' }, adminKey: { type: 'http', scheme: 'bearer' } } },
      tags: [{ name: 'ingest' }, { name: 'admin' }, { name: 'endpoints' }, { name: 'messages' }]
    }
  })

  const db = await openAppDatabase(app, { app: 'webhook-relay', migrations, url: config.DATABASE_URL, dataDir: config.DATA_DIR, given: overrides.db })
  if (config.DATABASE_URL === undefined && overrides.db === undefined) {
    logger.warn('DATABASE_URL is not set: embedded PGlite (one connection, one process) is for development; use PostgreSQL in production')
  }
  const deliveries = new DeliveryStore(db)
  const cipher = overrides.cipher ?? cipherFromConfig(config)
  if (cipher === plaintextCipher) logger.warn('ENCRYPTION_KEYS or ENCRYPTION_KEY is not set: webhook data is stored in plaintext')
  const queue = overrides.queue ?? createQueue(config)
  if (queue.kind === 'memory') { logger.warn('STORAGE_TYPE=memory: queued deliveries do not survive a restart (unfinished ones are re-queued from the database at start)') }
  const publisher = startOutboxPublisher({ outbox: new OutboxStore(db), queue, logger, leaseMs: config.QUEUE_VISIBILITY_TIMEOUT_MS })
  // fastify runs onClose hooks last-registered first: the worker's hook below stops deliveries and publishing,
  // then this closes the queue, then openAppDatabase's closes the database.
  app.addHook('onClose', async () => { await queue.close() })

  const ctx: RelayContext = {
    config,
    tenants: new TenantStore(db),
    endpoints: new EndpointStore(db, cipher),
    messages: new MessageStore(db),
    deliveries,
    queue,
    cipher,
    notifyOutbox: () => { publisher.notify() },
    metrics: createRelayMetrics(metrics, () => deliveries)
  }

  acceptJsonBodiesOnly(app)
  // RELAY_ROLE=worker serves health and metrics only; api builds no delivery worker.
  if (config.RELAY_ROLE !== 'worker') {
    await app.register(async (scope) => webhookRoutes(scope, ctx))
    await app.register(async (scope) => tenantRoutes(scope, ctx))
    await app.register(async (scope) => endpointRoutes(scope, ctx))
    await app.register(async (scope) => messageRoutes(scope, ctx))
    // The tenant portal (packages/relay-portal), built with the app; it calls the tenant routes above.
    await app.register(fastifyStatic, { root: portalAssetsDir, prefix: '/portal', redirect: true, decorateReply: false })
  }

  const worker = overrides.worker === false || config.RELAY_ROLE === 'api' ? undefined : createWorker(ctx, config, logger, overrides.send)
  const maintenance = worker === undefined ? undefined : startMaintenance({ ctx, logger })
  let connection: QueueConnection | undefined
  // Ready as soon as the database answers: the queue connects (and Kafka groups join) in the background.
  reportQueueInReadiness(app.readiness, queue, { state: () => connection?.state() ?? 'connecting', stop: () => undefined })
  app.addHook('onReady', async () => {
    await maintenance?.recoverAtStart()
    connection = connectQueue({
      queue,
      logger,
      onConnected: () => { publisher.notify() },
      ...(worker === undefined ? {} : { consume: { handler: worker, concurrency: config.WORKER_CONCURRENCY } })
    })
  })
  // onClose runs after the server stopped accepting: deliveries in flight finish (queue.stop waits for them).
  app.addHook('onClose', async () => {
    connection?.stop()
    maintenance?.stop()
    await publisher.stop()
    await queue.stop()
  })
  return app
}

export { relayConfig, type RelayConfig } from './config.js'
