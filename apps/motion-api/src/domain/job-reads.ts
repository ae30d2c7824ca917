// What a client reads about its jobs: status records (with queue places), list records, and cancel. Another
// account's job is indistinguishable from an unknown one everywhere.
import { errors } from '../errors.js'
import type { JobRepository, JobRunner } from './ports.js'
import { JOB_STATUSES, type Job } from './records.js'

export interface JobReadDeps { jobs: JobRepository, jobControl: JobRunner }

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

export interface StatusRecord {
  rid: string
  status: Job['status']
  details: Job['details']
  positionInQueue?: number
}
export interface StatusBody { count: number, status: StatusRecord[] }

/** `positionInQueue` is the 1-based place among jobs waiting for a worker; 0 once running. */
export async function jobStatuses (deps: JobReadDeps, clientId: string, rids: string[]): Promise<StatusBody> {
  const known = await knownJobs(deps.jobs, clientId, rids)
  if (!known.some((job) => job.status === 'PROGRESS')) return finishedStatuses(known)
  const running = known.filter((job) => job.status === 'PROGRESS').map((job) => job.rid)
  const positions = await deps.jobControl.positions(running)
  const status = known.map((job): StatusRecord => {
    if (job.status !== 'PROGRESS') return { rid: job.rid, status: job.status, details: job.details }
    const { step, total } = job.details as { step?: number, total?: number }
    return { rid: job.rid, status: job.status, details: { step: step ?? 0, total: total ?? 1 }, positionInQueue: positions.get(job.rid) ?? 0 }
  })
  return { count: status.length, status }
}

/**
 * `jobStatuses` without a single await, when every rid is a finished job the repository holds in memory (the
 * polling case: a promise and a microtask turn per step were a measurable part of a cached poll); else undefined.
 */
export function cachedJobStatuses (deps: JobReadDeps, clientId: string, rids: string[]): StatusBody | undefined {
  const known = deps.jobs.cachedMany(clientId, rids)
  if (known === undefined) return undefined
  return known.some((job) => job.status === 'PROGRESS') ? undefined : finishedStatuses(known)
}

/** The body for finished jobs only: the queue is asked nothing. */
function finishedStatuses (known: readonly Job[]): StatusBody {
  const status = known.map((job): StatusRecord => ({ rid: job.rid, status: job.status, details: job.details }))
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

// A list body is kept with the cached array it was built from (the store hands out the same array until a write or
// the expiry replaces it): a polled list is built once per change, and the route serialises it once. This is no
// second cache: it holds nothing the store no longer holds, and cannot be stale.
const listBodies = new WeakMap<readonly Job[], JobListBody>()

export async function jobList (jobs: JobRepository, clientId: string, filter: { statuses?: string[], processor?: string } = {}): Promise<JobListBody> {
  return listBodyOf(await jobs.list(clientId, filter))
}

/** `jobList` without an await, when the repository holds the list in memory; else undefined. */
export function cachedJobList (jobs: JobRepository, clientId: string, filter: { statuses?: string[], processor?: string } = {}): JobListBody | undefined {
  const list = jobs.cachedList(clientId, filter)
  return list === undefined ? undefined : listBodyOf(list)
}

function listBodyOf (list: readonly Job[]): JobListBody {
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
  return { result: await deps.jobControl.cancelJob(job.rid) }
}
