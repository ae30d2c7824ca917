// What a client reads about its jobs: status records (with queue places), list records, and cancel. Another
// account's job is indistinguishable from an unknown one everywhere.
import { errors } from '../errors.js'
import type { JobRepository, JobRunner } from './ports.js'
import { JOB_STATUSES, type Job } from './records.js'

export interface JobReadDeps { jobs: JobRepository, worker: JobRunner }

/**
 * The caller's jobs among `rids`, in request order. Unknown rids (and other accounts' — indistinguishable) are
 * left out so one stale id does not hide the others; only a request where none is known is 404.
 */
export async function knownJobs (jobs: JobRepository, clientId: string, rids: string[]): Promise<Job[]> {
  const found = await jobs.getMany(clientId, rids)
  const known = rids.flatMap((rid) => found.get(rid) ?? [])
  if (known.length === 0) throw errors.JOB_NOT_FOUND(`Unknown request id ${rids.join(',').slice(0, 200)}`)
  return known
}

/** `positionInQueue` is the 1-based place among jobs waiting for a worker; 0 once running. */
export async function jobStatuses (deps: JobReadDeps, clientId: string, rids: string[]) {
  const known = await knownJobs(deps.jobs, clientId, rids)
  const positions = await deps.worker.positions(known.filter((job) => job.status === 'PROGRESS').map((job) => job.rid))
  const status = known.map((job) => {
    if (job.status !== 'PROGRESS') return { rid: job.rid, status: job.status, details: job.details }
    const { step, total } = job.details as { step?: number, total?: number }
    return { rid: job.rid, status: job.status, details: { step: step ?? 0, total: total ?? 1 }, positionInQueue: positions.get(job.rid) ?? 0 }
  })
  return { count: status.length, status }
}

/** `statuses` is the comma-separated list of the route; an unknown one is 1102. */
export function parseStatuses (raw: string): string[] {
  const statuses = raw.split(',')
  const bad = statuses.find((s) => !(JOB_STATUSES as readonly string[]).includes(s))
  if (bad !== undefined) throw errors.INVALID_PARAMETER(`status: unknown status ${bad}; use ${JOB_STATUSES.join(', ')}`, { parameter: 'status' })
  return statuses
}

export async function jobList (jobs: JobRepository, clientId: string, filter: { statuses?: string[], processor?: string } = {}) {
  const list = (await jobs.list(clientId, filter)).map((job) => ({
    rid: job.rid,
    processingInfo: job.processingInfo,
    processor: job.processor,
    parameters: job.parameters,
    ...(job.processor === 'text2motion' ? { variants: job.variants } : {}),
    chargedAmount: job.chargedAmount,
    status: job.status,
    ctime: job.ctime.getTime(),
    mtime: job.mtime.getTime()
  }))
  return { count: list.length, list }
}

/** `{ result: false }` when the job had already finished: it keeps its SUCCESS or FAILURE (see the README). */
export async function cancelJob (deps: JobReadDeps, clientId: string, rid: string): Promise<{ result: boolean }> {
  const job = (await deps.jobs.getMany(clientId, [rid])).get(rid)
  if (job === undefined) throw errors.JOB_NOT_FOUND()
  return { result: await deps.worker.cancelJob(job.rid) }
}
