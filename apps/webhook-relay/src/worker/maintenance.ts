// Periodic housekeeping of a relay with a worker: re-queue deliveries whose job was lost (see recovery.ts) and
// delete data older than RETENTION_DAYS. Timers are unref'd so they never keep the process alive.
import type { Logger } from '@openmotion/common'
import type { RelayContext } from '../relay-context.js'
import { requeueStalled } from './recovery.js'

const SWEEP_EVERY_MS = 60_000
const RETENTION_EVERY_MS = 3_600_000
// A durable queue normally holds every unfinished delivery's job; only one overdue by this much counts as lost.
const LOST_AFTER_MS = 5 * 60_000

export interface MaintenanceOptions {
  ctx: RelayContext
  logger: Logger
  staleDeliveringMs: number
}

export function startMaintenance ({ ctx, logger, staleDeliveringMs }: MaintenanceOptions) {
  const timers: NodeJS.Timeout[] = []
  const sweep = async (graceMs: number) => {
    const n = await requeueStalled(ctx.deliveries, ctx.queue, { graceMs, staleDeliveringMs })
    if (n > 0) logger.info({ deliveries: n }, 're-queued deliveries without a queued job')
  }
  const retention = async () => {
    const cutoff = new Date(Date.now() - ctx.config.RETENTION_DAYS * 86_400_000)
    const n = await ctx.messages.deleteOlderThan(cutoff)
    if (n > 0) logger.info({ messages: n }, 'deleted messages past retention')
  }
  const every = (ms: number, task: () => Promise<void>) => {
    const timer = setInterval(() => { task().catch((error: unknown) => logger.error({ err: error }, 'maintenance task failed')) }, ms)
    timer.unref()
    timers.push(timer)
  }
  return {
    /** The memory queue starts empty, so every unfinished delivery in the database needs its job again. */
    async recoverAtStart () {
      await sweep(ctx.queue.kind === 'memory' ? -100 * 365 * 86_400_000 : LOST_AFTER_MS)
      await retention()
      every(SWEEP_EVERY_MS, () => sweep(LOST_AFTER_MS))
      every(RETENTION_EVERY_MS, retention)
    },
    stop () {
      for (const timer of timers) clearInterval(timer)
    }
  }
}
