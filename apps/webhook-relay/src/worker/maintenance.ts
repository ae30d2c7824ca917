// Housekeeping of a relay with a worker, started when the server is ready: re-queue what a memory queue lost with
// the previous process (see recovery.ts), then delete data older than RETENTION_DAYS at once and every hour. There is
// no "lost job" sweep by due time: with the outbox nothing is lost between commit and queue, and a sweep by due time
// cannot tell a lost job from one that waits behind a backlog (it duplicated those); a durable queue that lost its
// data is caught by its generation (queue-reconcile.ts). A failure at start fails the start (the database is the one
// the relay needs to accept); a later one is logged and tried again the next hour.
import { startPeriodicTask, type Logger } from '@openmotion/common'
import type { RelayConfig } from '../config.js'
import type { DeliveryQueue } from '../domain/delivery-queue.js'
import type { DeliveryRepository } from '../domain/ports.js'
import { requeueUnfinished } from './recovery.js'
import { runRetention, type ExpiringMessages } from './retention.js'

const RETENTION_EVERY_MS = 3_600_000

export interface MaintenanceOptions {
  /** What the lifecycle hands over from the context: ports and the queue, never the context itself. */
  ctx: { config: Pick<RelayConfig, 'RETENTION_DAYS'>, messages: ExpiringMessages, deliveries: DeliveryRepository, queue: DeliveryQueue }
  logger: Logger
}

export interface Maintenance {
  stop: () => Promise<void>
}

export async function startMaintenance ({ ctx, logger }: MaintenanceOptions): Promise<Maintenance> {
  if (ctx.queue.kind === 'memory') {
    const n = await requeueUnfinished(ctx.deliveries, ctx.queue)
    if (n > 0) logger.info({ deliveries: n }, 're-queued the unfinished deliveries of the previous process (memory queue)')
  }
  const retention = startPeriodicTask({
    name: 'retention',
    everyMs: RETENTION_EVERY_MS,
    logger,
    run: async () => { await runRetention(ctx.messages, ctx.config.RETENTION_DAYS, logger) }
  })
  try {
    await retention.runNow()
  } catch (error) {
    await retention.stop()
    throw error
  }
  return { stop: retention.stop }
}
