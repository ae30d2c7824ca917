// Periodic upkeep of the job table: a started job whose row has not changed for STUCK_JOB_MS is failed with 1101
// "Process stuck" (and refunded) so its client gets an answer even when a worker hangs or died mid-job; finished
// jobs older than RETENTION_DAYS (failed ones: FAILED_RETENTION_DAYS) are deleted with their files (the
// spec allows removing old and failed jobs); uploads untouched for UPLOAD_RETENTION_HOURS are deleted (storeModel
// copies what it keeps, so an upload is only a staging file); prompt optimization answers follow RETENTION_DAYS.
import { startPeriodicTask, type Logger } from '@openmotion/common'
import { jobFailure } from '../domain/job-failures.js'
import { errors } from '../errors.js'
import type { JobControl } from '../domain/job-control.js'
import type { BlobStore, JobRepository } from '../domain/ports.js'

export interface MaintenanceOptions {
  jobs: JobRepository
  blobs: BlobStore
  jobControl: Pick<JobControl, 'stop' | 'fail'>
  logger: Logger
  intervalMs: number
  stuckJobMs: number
  retentionDays: number
  /** Days a failed job is kept; defaults to retentionDays. 0 keeps them forever. */
  failedRetentionDays?: number
  uploadRetentionMs: number
  /** Prompt optimization answers, kept as long as finished jobs (RETENTION_DAYS). */
  prompts?: { deleteBefore: (before: Date) => Promise<number> }
  now?: () => number
}

export interface SweepResult { stuck: string[], deleted: string[], uploads: string[] }

export interface Maintenance {
  /** One sweep now (after the one in flight); returns what it did. */
  sweep: () => Promise<SweepResult>
  stop: () => Promise<void>
}

const DAY_MS = 86_400_000

export function startMaintenance (options: MaintenanceOptions): Maintenance {
  const now = options.now ?? Date.now

  const cutoff = (days: number): Date => new Date(now() - days * DAY_MS)

  const expiredJobs = async (): Promise<string[]> => {
    const days = options.retentionDays
    const failedDays = options.failedRetentionDays ?? days
    if (failedDays === days) return days > 0 ? await options.jobs.deleteFinishedBefore(cutoff(days)) : []
    return [
      ...(days > 0 ? await options.jobs.deleteFinishedBefore(cutoff(days), 'SUCCESS') : []),
      ...(failedDays > 0 ? await options.jobs.deleteFinishedBefore(cutoff(failedDays), 'FAILURE') : [])
    ]
  }

  const sweep = async (): Promise<SweepResult> => {
    const stuck: string[] = []
    for (const rid of await options.jobs.stalledSince(new Date(now() - options.stuckJobMs))) {
      const failure = jobFailure(errors.PROCESS_STUCK, 'ProcessStuck', `No progress for ${Math.round(options.stuckJobMs / 1000)} s; the job was stopped`)
      await options.jobControl.stop(rid, failure)
      if (await options.jobControl.fail(rid, failure)) stuck.push(rid)
    }
    // Rows go first, then the files, so a listed job never points at removed files.
    const deleted = await expiredJobs()
    for (const rid of deleted) await options.blobs.remove(`jobs/${rid}`)
    if (options.prompts !== undefined && options.retentionDays > 0) await options.prompts.deleteBefore(cutoff(options.retentionDays))
    const uploads: string[] = []
    for (const file of await options.blobs.list('uploads')) {
      if (file.mtime.getTime() >= now() - options.uploadRetentionMs) continue
      await options.blobs.remove(file.key)
      uploads.push(file.key)
    }
    if (stuck.length > 0 || deleted.length > 0 || uploads.length > 0) { options.logger.info({ stuck, deleted: deleted.length, uploads: uploads.length }, 'job maintenance') }
    return { stuck, deleted, uploads }
  }

  const task = startPeriodicTask({ name: 'job maintenance', everyMs: options.intervalMs, run: sweep, logger: options.logger })
  return { sweep: task.runNow, stop: task.stop }
}
