// Starts the job worker when the server is ready and stops it (after in-flight jobs) when it closes. API
// processes also recover jobs an earlier process left unfinished and run maintenance (stuck jobs, retention).
// Nothing here waits for Redis: a process started while the queue is down serves (/readyz 503) and catches up.
import { setTimeout as sleep } from 'node:timers/promises'
import fp from 'fastify-plugin'
import type { MotionConfig } from '../config.js'
import type { MotionContext } from '../motion-context.js'
import { startMaintenance, type Maintenance } from '../worker/maintenance.js'

export const jobLifecycle = fp<{ config: MotionConfig, motion: MotionContext }>(async (app, { config, motion }) => {
  const { worker, handOver, jobs, blobs, prompts, logger } = motion
  let maintenance: Maintenance | undefined
  const closing = new AbortController()
  let recovering: Promise<void> = Promise.resolve()
  app.addHook('onReady', async () => {
    await worker.start()
    if (config.MOTION_ROLE === 'worker') return
    const recover = async (): Promise<void> => { await worker.recover(config.STORAGE_TYPE === 'memory' ? 'restart' : 'requeue') }
    // Recovered before the outbox is published, as a rule; only while the queue is away it goes on in the background.
    await recover().catch((error: unknown) => {
      logger.warn({ err: error }, 'recovering unfinished jobs failed (job queue or database unavailable); retrying every second')
      recovering = untilDone(recover, closing.signal)
    })
    handOver.start()
    maintenance = startMaintenance({
      jobs,
      blobs,
      worker,
      prompts,
      logger,
      intervalMs: config.MAINTENANCE_INTERVAL_MS,
      stuckJobMs: config.STUCK_JOB_MS,
      retentionDays: config.RETENTION_DAYS,
      failedRetentionDays: config.FAILED_RETENTION_DAYS,
      uploadRetentionMs: config.UPLOAD_RETENTION_HOURS * 3_600_000
    })
  })
  app.addHook('onClose', async () => {
    closing.abort()
    await recovering
    await maintenance?.stop()
    await handOver.stop()
    await worker.close()
    await motion.closeQueue()
  })
}, { name: 'job-lifecycle' })

/** Runs `task` a second from now, and again a second after each failure, until it succeeds or `signal` aborts. */
async function untilDone (task: () => Promise<void>, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    await sleep(1000, undefined, { signal }).catch(() => undefined)
    if (signal.aborted) return
    try {
      await task()
      return
    } catch {
      // still unavailable: the first failure was logged
    }
  }
}
