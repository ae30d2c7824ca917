// Starts the job worker (in a process that runs jobs) when the server is ready and stops it (after in-flight jobs)
// when it closes. API processes also recover jobs an earlier process left unfinished and run maintenance (stuck jobs, retention).
// Nothing here waits for Redis: a process started while the queue is down serves (/readyz 503) and catches up.
import { BackgroundTasks, retryUntilDone } from '@openmotion/common'
import fp from 'fastify-plugin'
import type { MotionConfig } from '../config.js'
import type { MotionContext } from '../motion-context.js'
import { startMaintenance, type Maintenance } from '../worker/maintenance.js'

export const jobLifecycle = fp<{ config: MotionConfig, motion: MotionContext }>(async (app, { config, motion }) => {
  const { worker, jobControl, handOver, jobs, blobs, prompts, logger } = motion
  let maintenance: Maintenance | undefined
  const background = new BackgroundTasks(logger)
  app.addHook('onReady', async () => {
    await worker?.start()
    if (config.MOTION_ROLE === 'worker') return
    const recover = async (): Promise<void> => { await jobControl.recover(config.STORAGE_TYPE === 'memory' ? 'restart' : 'requeue') }
    // Recovered before the outbox is published, as a rule; only while the queue is away it goes on in the background.
    await recover().catch((error: unknown) => {
      logger.warn({ err: error }, 'recovering unfinished jobs failed (job queue or database unavailable); retrying every second')
      background.run(async (signal) => { await retryUntilDone(recover, 1000, signal) }, { message: 'recovering unfinished jobs failed' })
    })
    handOver.start()
    maintenance = startMaintenance({
      jobs,
      blobs,
      jobControl,
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
    await background.close()
    await maintenance?.stop()
    await handOver.stop()
    await worker?.close()
    await jobControl.events.flush()
    await motion.closeQueue()
  })
}, { name: 'job-lifecycle' })
