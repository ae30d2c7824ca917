// Periodic upkeep of the job table: a started job whose row has not changed for STUCK_JOB_MS is failed with 1101
// "Process stuck" (and refunded) so its client gets an answer even when a worker hangs or died mid-job; finished
// jobs older than JOB_RETENTION_DAYS are deleted with their files (the spec allows removing old and failed jobs).
import type { Logger } from '@openmotion/common'
import type { BlobStore } from '../adapters/blob-store.js'
import type { JobStore } from '../stores/job-store.js'
import type { JobWorker } from './job-worker.js'

export interface MaintenanceOptions {
  jobs: JobStore
  blobs: BlobStore
  worker: JobWorker
  logger: Logger
  intervalMs: number
  stuckJobMs: number
  retentionDays: number
  now?: () => number
}

export interface Maintenance {
  /** One sweep now; returns what it did. */
  sweep: () => Promise<{ stuck: string[], deleted: string[] }>
  stop: () => Promise<void>
}

const DAY_MS = 86_400_000

export function startMaintenance (options: MaintenanceOptions): Maintenance {
  const now = options.now ?? Date.now
  let running: Promise<unknown> = Promise.resolve()

  const sweep = async (): Promise<{ stuck: string[], deleted: string[] }> => {
    const stuck: string[] = []
    for (const rid of await options.jobs.stalledSince(new Date(now() - options.stuckJobMs))) {
      const failure = { code: 1101, type: 'ProcessStuck', message: `No progress for ${Math.round(options.stuckJobMs / 1000)} s; the job was stopped` }
      await options.worker.cancel(rid, failure)
      if (await options.worker.fail(rid, failure)) stuck.push(rid)
    }
    const deleted = options.retentionDays > 0 ? await options.jobs.deleteFinishedBefore(new Date(now() - options.retentionDays * DAY_MS)) : []
    for (const rid of deleted) await options.blobs.remove(`jobs/${rid}`)
    if (stuck.length > 0 || deleted.length > 0) options.logger.info({ stuck, deleted: deleted.length }, 'job maintenance')
    return { stuck, deleted }
  }

  const timer = setInterval(() => {
    running = running.then(sweep).catch((error: unknown) => { options.logger.error({ err: error }, 'job maintenance failed') })
  }, options.intervalMs)
  timer.unref()

  return {
    sweep: async () => {
      const result = running.then(sweep)
      running = result.catch(() => undefined)
      return await result
    },
    async stop () {
      clearInterval(timer)
      await running
    }
  }
}
