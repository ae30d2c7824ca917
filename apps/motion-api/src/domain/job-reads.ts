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

export type StatusBody = Awaited<ReturnType<typeof statusBody>>

// Finished jobs never change, and the repository hands out the same Job object while it is cached: a poll of the
// same finished rids gets the same body object back (built once, and serialised once by the route) for as long
// as those objects are current. Bounded; the oldest entry goes first.
const FINISHED_BODIES_MAX = 10_000
const finishedBodies = new Map<string, { jobs: readonly Job[], body: StatusBody }>()

/** `positionInQueue` is the 1-based place among jobs waiting for a worker; 0 once running. */
export async function jobStatuses (deps: JobReadDeps, clientId: string, rids: string[]): Promise<StatusBody> {
  const known = await knownJobs(deps.jobs, clientId, rids)
  if (known.some((job) => job.status === 'PROGRESS')) return await statusBody(deps, known)
  const key = `${clientId}\n${rids.join(',')}`
  const kept = finishedBodies.get(key)
  if (kept !== undefined && kept.jobs.length === known.length && kept.jobs.every((job, i) => job === known[i])) return kept.body
  const body = await statusBody(deps, known)
  if (finishedBodies.size >= FINISHED_BODIES_MAX) finishedBodies.delete(finishedBodies.keys().next().value!)
  finishedBodies.set(key, { jobs: known, body })
  return body
}

async function statusBody (deps: JobReadDeps, known: readonly Job[]) {
  const running = known.filter((job) => job.status === 'PROGRESS').map((job) => job.rid)
  // Polling finished jobs (the common case) asks the queue nothing.
  const positions = running.length === 0 ? new Map<string, number>() : await deps.worker.positions(running)
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

export type JobListBody = ReturnType<typeof listBody>

// The repository hands out the same array while its cached list is valid: the body built from it is kept with it,
// so a polled list is built once (and, by the route, serialised once) per change.
const listBodies = new WeakMap<readonly Job[], JobListBody>()

export async function jobList (jobs: JobRepository, clientId: string, filter: { statuses?: string[], processor?: string } = {}): Promise<JobListBody> {
  const list = await jobs.list(clientId, filter)
  let body = listBodies.get(list)
  if (body === undefined) {
    body = listBody(list)
    listBodies.set(list, body)
  }
  return body
}

function listBody (jobs: readonly Job[]) {
  const list = jobs.map((job) => ({
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
