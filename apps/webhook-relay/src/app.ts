import fastifyStatic from '@fastify/static'
import { createLogger, createMetrics, createServer, openAppDatabase, type AppInstance, type Database, type Logger } from '@openmotion/common'
import { portalAssetsDir } from '@openmotion/relay-portal'
import type { DeliveryQueue } from './adapters/delivery-queue.js'
import { DeliveryStore } from './adapters/delivery-store.js'
import { EndpointStore } from './adapters/endpoint-store.js'
import { createHttpSender, type WebhookSender } from './adapters/http-sender.js'
import { MessageStore } from './adapters/message-store.js'
import { createQueue } from './adapters/create-queue.js'
import { migrations } from './adapters/schema.js'
import { TenantStore } from './adapters/tenant-store.js'
import { durationMs, type RelayConfig } from './config.js'
import { EndpointLimiter } from './domain/endpoint-limiter.js'
import { createRsaCipher, plaintextCipher, readPrivateKey, type DataCipher } from './domain/envelope-encryption.js'
import { frameworkErrorCodes } from './errors.js'
import type { RelayContext } from './relay-context.js'
import { createRelayMetrics } from './relay-metrics.js'
import { endpointRoutes } from './routes/endpoints.js'
import { messageRoutes } from './routes/messages.js'
import { tenantRoutes } from './routes/tenants.js'
import { webhookRoutes } from './routes/webhook.js'
import { startMaintenance } from './worker/maintenance.js'
import { createDeliveryWorker, staleDeliveringMs } from './worker/delivery-worker.js'

export interface AppOverrides {
  logger?: Logger
  db?: Database
  queue?: DeliveryQueue
  send?: WebhookSender
  cipher?: DataCipher
  /** false builds the API without a delivery worker (a relay that only accepts). */
  worker?: boolean
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
    openapi: {
      components: { securitySchemes: { tenantKey: { type: 'http', scheme: 'bearer' }, adminKey: { type: 'http', scheme: 'bearer' } } },
      tags: [{ name: 'ingest' }, { name: 'admin' }, { name: 'endpoints' }, { name: 'messages' }]
    }
  })

  const db = await openAppDatabase(app, { app: 'webhook-relay', migrations, url: config.DATABASE_URL, dataDir: config.DATA_DIR, given: overrides.db })
  const deliveries = new DeliveryStore(db)
  const cipher = overrides.cipher ?? (config.ENCRYPTION_KEY === undefined ? plaintextCipher : createRsaCipher(readPrivateKey(config.ENCRYPTION_KEY)))
  if (cipher === plaintextCipher) logger.warn('ENCRYPTION_KEY is not set: webhook data is stored in plaintext')
  const queue = overrides.queue ?? createQueue(config)
  if (queue.kind === 'memory') logger.warn('STORAGE_TYPE=memory: queued deliveries do not survive a restart (unfinished ones are re-queued from the database at start)')
  await queue.start()
  // fastify runs onClose hooks last-registered first: the worker's hook below stops deliveries, then this closes
  // the queue, then openAppDatabase's closes the database.
  app.addHook('onClose', async () => { await queue.close() })

  const ctx: RelayContext = {
    config,
    tenants: new TenantStore(db),
    endpoints: new EndpointStore(db, cipher),
    messages: new MessageStore(db),
    deliveries,
    queue,
    cipher,
    metrics: createRelayMetrics(metrics, () => deliveries)
  }
  app.readiness.register('queue', () => queue.ping())

  await app.register(async (scope) => webhookRoutes(scope, ctx))
  await app.register(async (scope) => tenantRoutes(scope, ctx))
  await app.register(async (scope) => endpointRoutes(scope, ctx))
  await app.register(async (scope) => messageRoutes(scope, ctx))
  // The tenant portal (packages/relay-portal), built with the app; it calls the tenant routes above.
  await app.register(fastifyStatic, { root: portalAssetsDir, prefix: '/portal', redirect: true, decorateReply: false })

  if (overrides.worker !== false) {
    const handler = createDeliveryWorker({
      ...ctx,
      send: overrides.send ?? createHttpSender({ allowPrivate: config.ALLOW_PRIVATE_DESTINATIONS, userAgent: 'openmotion-webhook-relay/0.1' }),
      limiter: new EndpointLimiter(config.ENDPOINT_CONCURRENCY),
      logger,
      policy: { baseMs: config.RETRY_BASE_MS, maxMs: config.RETRY_MAX_MS, maxAttempts: config.RETRY_MAX_ATTEMPTS },
      timeoutMs: config.DELIVERY_TIMEOUT_MS,
      disableAfterMs: durationMs(config.ENDPOINT_DISABLE_AFTER)
    })
    const maintenance = startMaintenance({ ctx, logger, staleDeliveringMs: staleDeliveringMs(config.DELIVERY_TIMEOUT_MS) })
    app.addHook('onReady', async () => {
      await maintenance.recoverAtStart()
      await queue.consume(handler, { concurrency: config.WORKER_CONCURRENCY })
    })
    // onClose runs after the server stopped accepting: deliveries in flight finish (queue.stop waits for them).
    app.addHook('onClose', async () => {
      maintenance.stop()
      await queue.stop()
    })
  }
  return app
}

export { relayConfig, type RelayConfig } from './config.js'
