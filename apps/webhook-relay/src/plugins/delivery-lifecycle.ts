// The delivery side of a relay process: the worker (unless RELAY_ROLE=api or a test turns it off), start-up
// recovery and maintenance, the queue connection (in the background, so the relay is ready as soon as its database
// answers), and an orderly stop on close: deliveries in flight finish, then the outbox publisher stops.
import type { Logger } from '@openmotion/common'
import fp from 'fastify-plugin'
import { createHttpSender } from '../adapters/http-sender.js'
import type { RelayConfig } from '../config.js'
import type { WebhookSender } from '../domain/ports.js'
import { durationListMs, durationMs } from '../domain/duration.js'
import { EndpointLimiter } from '../domain/endpoint-limiter.js'
import { reportQueueInReadiness } from '../queue-readiness.js'
import type { RelayContext } from '../relay-context.js'
import { createDeliveryWorker } from '../worker/delivery-worker.js'
import { startMaintenance, type Maintenance } from '../worker/maintenance.js'
import type { OutboxPublisher } from '@openmotion/job-queue'
import type { DeliveryJob } from '../domain/delivery-queue.js'
import { connectQueue, type QueueConnection } from '../worker/queue-connection.js'
import { startQueueReconcile, type QueueReconcile } from '../worker/queue-reconcile.js'

export interface DeliveryLifecycleOptions {
  ctx: RelayContext
  publisher: OutboxPublisher<DeliveryJob>
  logger: Logger
  /** false: accept only, deliver nothing. */
  deliver: boolean
  send?: WebhookSender
}

function createWorker (ctx: RelayContext, config: RelayConfig, logger: Logger, send: WebhookSender | undefined) {
  return createDeliveryWorker({
    ...ctx,
    send: send ?? createHttpSender({
      allowPrivate: config.ALLOW_PRIVATE_DESTINATIONS,
      userAgent: 'openmotion-webhook-relay/0.1',
      timeoutMs: config.DELIVERY_TIMEOUT_MS
    }),
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

export const deliveryLifecycle = fp<DeliveryLifecycleOptions>(async (app, { ctx, publisher, logger, deliver, send }) => {
  const { config, queue } = ctx
  const worker = deliver ? createWorker(ctx, config, logger, send) : undefined
  let maintenance: Maintenance | undefined
  let connection: QueueConnection | undefined
  let reconcile: QueueReconcile | undefined
  reportQueueInReadiness(app.readiness, queue, { state: () => connection?.state() ?? 'connecting', stop: () => undefined })
  app.addHook('onReady', async () => {
    if (worker !== undefined) maintenance = await startMaintenance({ ctx, logger })
    connection = connectQueue({
      queue,
      logger,
      onConnected: () => {
        publisher.notify()
        if (worker === undefined || queue.kind === 'memory') return
        reconcile ??= startQueueReconcile({
          queue,
          name: `${queue.kind}:${config.QUEUE_PREFIX}`,
          deliveries: ctx.deliveries,
          generations: ctx.queueGenerations,
          logger,
          everyMs: durationMs(config.QUEUE_RECONCILE_INTERVAL)
        })
        reconcile.run().catch((error: unknown) => { logger.warn({ err: error }, 'queue reconcile failed: tried again next interval') })
      },
      ...(worker === undefined ? {} : { consume: { handler: worker, concurrency: config.WORKER_CONCURRENCY } })
    })
  })
  // onClose runs after the server stopped accepting: deliveries in flight finish (queue.stop waits for them).
  app.addHook('onClose', async () => {
    connection?.stop()
    await reconcile?.stop()
    await maintenance?.stop()
    await publisher.stop()
    await queue.stop()
  })
}, { name: 'delivery-lifecycle' })
