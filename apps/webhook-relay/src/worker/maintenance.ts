// Housekeeping of a relay with a worker: re-queue at start what a memory queue lost with the previous process
// (see recovery.ts) and delete data older than RETENTION_DAYS. There is no "lost job" sweep by due time: with the
// outbox nothing is lost between commit and queue, and a sweep by due time cannot tell a lost job from one that
// waits behind a backlog (it duplicated those); a durable queue that lost its data is caught by its generation
// (queue-reconcile.ts). Timers are unref'd so they never keep the process alive.
import type { Logger } from '@openmotion/common'
import type { RelayContext } from '../relay-context.js'
import { requeueUnfinished } from './recovery.js'
import { runRetention } from './retention.js'

const RETENTION_EVERY_MS = 3_600_000

export interface MaintenanceOptions {
  ctx: RelayContext
  logger: Logger
}

export function startMaintenance ({ ctx, logger }: MaintenanceOptions) {
  const timers: NodeJS.Timeout[] = []
  const retention = () => runRetention(ctx.messages, ctx.config.RETENTION_DAYS, logger)
  return {
    async recoverAtStart () {
      if (ctx.queue.kind === 'memory') {
        const n = await requeueUnfinished(ctx.deliveries, ctx.queue)
        if (n > 0) logger.info({ deliveries: n }, 're-queued the unfinished deliveries of the previous process (memory queue)')
      }
      await retention()
      const timer = setInterval(() => { retention().catch((error: unknown) => logger.error({ err: error }, 'retention failed')) }, RETENTION_EVERY_MS)
      timer.unref()
      timers.push(timer)
    },
    stop () {
      for (const timer of timers) clearInterval(timer)
    }
  }
}
