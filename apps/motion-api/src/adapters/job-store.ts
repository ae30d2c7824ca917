import { ReadCache, type Database, type SqlExecutor } from '@openmotion/common'
import type { JobRepository } from '../domain/ports.js'
import type { Job, JobChanges, JobStatus, NewJob } from '../domain/records.js'

export type { Job, JobChanges, JobStatus, NewJob, OutputFile, VariantOutput } from '../domain/records.js'

interface JobRow {
  rid: string
  client_id: string
  processor: Job['processor']
  parameters: string[]
  request: unknown
  status: JobStatus
  details: Record<string, unknown>
  charged_amount: number
  variants: Job['variants']
  outputs: Job['outputs']
  processing_info: Record<string, unknown>
  traceparent: string | null
  ctime: Date
  mtime: Date
}

function toJob (row: JobRow): Job {
  return {
    rid: row.rid,
    clientId: row.client_id,
    processor: row.processor,
    parameters: row.parameters,
    request: row.request,
    status: row.status,
    details: row.details,
    chargedAmount: row.charged_amount,
    variants: row.variants,
    outputs: row.outputs,
    processingInfo: row.processing_info,
    traceparent: row.traceparent,
    ctime: row.ctime,
    mtime: row.mtime
  }
}

// A finished job only changes when a variant's download is paid (variants, chargedAmount) or when retention
// deletes it; both go through this store, so finished jobs are cached for longer than the lists.
const FINISHED_TTL_FACTOR = 30
// Our transactions (submit, finish, paid download) last milliseconds; lists are not stored this long after one.
const TRANSACTION_GRACE_MS = 1000

function listKey (clientId: string, filter: { statuses?: string[], processor?: string }): string {
  return `${clientId}\n${filter.statuses?.join(',') ?? '*'}\n${filter.processor ?? '*'}`
}

export class JobStore implements JobRepository {
  private readonly finished: ReadCache<Job>
  private readonly lists: ReadCache<Job[]>

  /** `cacheMs` bounds how long another process's write (a separate worker) takes to show in a list read here. */
  constructor (private readonly db: Database, cacheMs = 0) {
    this.finished = new ReadCache({ ttlMs: cacheMs * FINISHED_TTL_FACTOR })
    this.lists = new ReadCache({ ttlMs: cacheMs, maxEntries: 1000 })
  }

  private written (rid?: string, executor: SqlExecutor = this.db): void {
    if (rid !== undefined) this.finished.delete(rid)
    this.lists.clear()
    if (executor !== this.db) this.lists.suspend(TRANSACTION_GRACE_MS)
  }

  async insert (tx: SqlExecutor, job: NewJob): Promise<void> {
    await tx.query(
      `INSERT INTO motion_jobs (rid, client_id, processor, parameters, request, status, details, charged_amount, processing_info, traceparent)
      VALUES ($1, $2, $3, $4, $5, 'PROGRESS', $6, $7, $8, $9)`,
      [
        job.rid,
        job.clientId,
        job.processor,
        JSON.stringify(job.parameters),
        JSON.stringify(job.request),
        JSON.stringify(job.details),
        job.chargedAmount,
        JSON.stringify(job.processingInfo),
        job.traceparent ?? null
      ]
    )
    this.written(undefined, tx)
  }

  async get (rid: string, executor: SqlExecutor = this.db): Promise<Job | undefined> {
    const { rows } = await executor.query<JobRow>('SELECT * FROM motion_jobs WHERE rid = $1', [rid])
    return rows[0] === undefined ? undefined : toJob(rows[0])
  }

  async lockForUpdate (tx: SqlExecutor, rid: string): Promise<Job | undefined> {
    const { rows } = await tx.query<JobRow>('SELECT * FROM motion_jobs WHERE rid = $1 FOR UPDATE', [rid])
    return rows[0] === undefined ? undefined : toJob(rows[0])
  }

  /** Jobs of one client only: another account's rid is simply absent. */
  cachedMany (clientId: string, rids: string[]): Job[] | undefined {
    const found: Job[] = []
    const now = Date.now()
    for (const rid of rids) {
      const job = this.finished.peek(rid, now)
      if (job === undefined || job.clientId !== clientId) return undefined
      found.push(job)
    }
    return found
  }

  async getMany (clientId: string, rids: string[]): Promise<Map<string, Job>> {
    const found = new Map<string, Job>()
    const missing: string[] = []
    for (const rid of rids) {
      const job = this.finished.peek(rid)
      if (job !== undefined && job.clientId === clientId) found.set(rid, job); else missing.push(rid)
    }
    if (missing.length === 0) return found
    const mark = this.finished.mark()
    const { rows } = await this.db.query<JobRow>('SELECT * FROM motion_jobs WHERE client_id = $1 AND rid = ANY($2)', [clientId, missing])
    for (const row of rows) {
      const job = toJob(row)
      found.set(job.rid, job)
      if (job.status !== 'PROGRESS') this.finished.set(job.rid, job, mark)
    }
    return found
  }

  cachedList (clientId: string, filter: { statuses?: string[], processor?: string } = {}): Job[] | undefined {
    return this.lists.peek(listKey(clientId, filter))
  }

  async list (clientId: string, filter: { statuses?: string[], processor?: string } = {}): Promise<Job[]> {
    const key = listKey(clientId, filter)
    const cached = this.lists.peek(key)
    if (cached !== undefined) return cached
    const mark = this.lists.mark()
    const { rows } = await this.db.query<JobRow>(`SELECT * FROM motion_jobs WHERE client_id = $1
      AND ($2::text[] IS NULL OR status = ANY($2)) AND ($3::text IS NULL OR processor = $3) ORDER BY seq DESC LIMIT 1000`,
    [clientId, filter.statuses ?? null, filter.processor ?? null])
    const jobs = rows.map(toJob)
    this.lists.set(key, jobs, mark)
    return jobs
  }

  /** Started jobs still PROGRESS whose row has not changed (no progress written) since `before`. */
  async stalledSince (before: Date): Promise<string[]> {
    const { rows } = await this.db.query<{ rid: string }>(
      "SELECT rid FROM motion_jobs WHERE status = 'PROGRESS' AND processing_info ? 'startedAt' AND mtime < $1 ORDER BY seq",
      [before]
    )
    return rows.map((r) => r.rid)
  }

  /** Deletes finished jobs (of `status`, or both) last changed before `before`; returns their rids so their files can go too. */
  async deleteFinishedBefore (before: Date, status?: 'SUCCESS' | 'FAILURE', limit = 500): Promise<string[]> {
    const { rows } = await this.db.query<{ rid: string }>(`DELETE FROM motion_jobs WHERE rid IN (
        SELECT rid FROM motion_jobs WHERE status <> 'PROGRESS' AND ($3::text IS NULL OR status = $3) AND mtime < $1 ORDER BY seq LIMIT $2
      ) RETURNING rid`, [before, limit, status ?? null])
    for (const row of rows) this.written(row.rid)
    this.written()
    return rows.map((r) => r.rid)
  }

  /**
   * Marks a job started by delivery `attempt`; undefined when it is no longer PROGRESS or this or a later delivery
   * claimed it. A redelivery (attempt 2, after a worker died) takes over a job the first delivery had started.
   */
  async claim (rid: string, startedAt: number, attempt = 1): Promise<Job | undefined> {
    const { rows } = await this.db.query<JobRow>(`UPDATE motion_jobs
      SET processing_info = processing_info || jsonb_build_object('startedAt', $2::bigint, 'attempt', $3::int), mtime = now()
      WHERE rid = $1 AND status = 'PROGRESS'
        AND COALESCE((processing_info->>'attempt')::int, CASE WHEN processing_info ? 'startedAt' THEN 1 ELSE 0 END) < $3
      RETURNING *`, [rid, startedAt, attempt])
    this.written(rid)
    return rows[0] === undefined ? undefined : toJob(rows[0])
  }

  /** Single-process restart: every PROGRESS job becomes unstarted again; returns them in submission order. */
  async resetStarted (): Promise<string[]> {
    await this.db.query(
      "UPDATE motion_jobs SET processing_info = processing_info - 'startedAt' - 'attempt' WHERE status = 'PROGRESS' AND processing_info ? 'startedAt'"
    )
    this.written()
    return await this.pending()
  }

  async unstarted (): Promise<string[]> {
    const { rows } = await this.db.query<{ rid: string }>(
      "SELECT rid FROM motion_jobs WHERE status = 'PROGRESS' AND NOT processing_info ? 'startedAt' ORDER BY seq"
    )
    return rows.map((r) => r.rid)
  }

  async pending (): Promise<string[]> {
    const { rows } = await this.db.query<{ rid: string }>("SELECT rid FROM motion_jobs WHERE status = 'PROGRESS' ORDER BY seq")
    return rows.map((r) => r.rid)
  }

  async renderJobsOf (clientId: string, t2mRid: string): Promise<string[]> {
    const { rows } = await this.db.query<{ rid: string }>(
      "SELECT rid FROM motion_jobs WHERE client_id = $1 AND processor = 'render' AND request->'source'->>'rid' = $2 ORDER BY seq",
      [clientId, t2mRid]
    )
    return rows.map((r) => r.rid)
  }

  /** Progress of a running job; a job already finished (cancelled, failed, succeeded) keeps its final details. */
  async progress (rid: string, details: { step: number, total: number }): Promise<void> {
    await this.db.query("UPDATE motion_jobs SET details = $2::jsonb, mtime = now() WHERE rid = $1 AND status = 'PROGRESS'", [rid, JSON.stringify(details)])
    this.written(rid)
  }

  async update (executor: SqlExecutor, rid: string, changes: JobChanges): Promise<void> {
    await executor.query(`UPDATE motion_jobs SET
        status = COALESCE($2, status), details = COALESCE($3::jsonb, details), charged_amount = COALESCE($4, charged_amount),
        variants = COALESCE($5::jsonb, variants), outputs = COALESCE($6::jsonb, outputs), processing_info = COALESCE($7::jsonb, processing_info), mtime = now()
      WHERE rid = $1`,
    [rid, changes.status ?? null, changes.details === undefined ? null : JSON.stringify(changes.details), changes.chargedAmount ?? null,
      changes.variants === undefined ? null : JSON.stringify(changes.variants), changes.outputs === undefined ? null : JSON.stringify(changes.outputs),
      changes.processingInfo === undefined ? null : JSON.stringify(changes.processingInfo)])
    this.written(rid, executor)
  }
}
