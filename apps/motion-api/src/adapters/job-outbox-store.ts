// The outbox table (migration 005): one row per committed job the queue does not hold yet, handed over by the
// shared outbox publisher (@openmotion/job-queue). The relay's table carries due times and delivery jobs for a
// hot ingest path, this one a rid per submission, so each app keeps its own small store behind OutboxStore.
// `FOR UPDATE SKIP LOCKED` lets several API processes publish side by side without taking the same rows.
import type { SqlExecutor } from '@openmotion/common'
import type { OutboxEntry } from '@openmotion/job-queue'
import type { JobOutbox } from '../domain/ports.js'

export class JobOutboxStore implements JobOutbox {
  constructor (private readonly db: SqlExecutor) {}

  async add (tx: SqlExecutor, rid: string, leaseUntil: Date): Promise<void> {
    await tx.query('INSERT INTO motion_job_outbox (rid, lease_until) VALUES ($1, $2)', [rid, leaseUntil])
  }

  /** Leases up to `limit` rows nobody holds (oldest first) until `leaseUntil`; each carries its rid as the job. */
  async claim (limit: number, leaseUntil: Date, now: Date = new Date()): Promise<Array<OutboxEntry<string>>> {
    const { rows } = await this.db.query<{ rid: string, created_at: Date }>(
      `UPDATE motion_job_outbox SET lease_until = $2 WHERE rid IN (
         SELECT rid FROM motion_job_outbox WHERE lease_until <= $1 ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING rid, created_at`, [now, leaseUntil, limit])
    return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map((r) => ({ id: r.rid, job: r.rid }))
  }

  async remove (rids: readonly string[]): Promise<void> {
    if (rids.length > 0) await this.db.query('DELETE FROM motion_job_outbox WHERE rid = ANY($1::text[])', [rids])
  }

  async release (rids: readonly string[], retryAt: Date): Promise<void> {
    if (rids.length > 0) await this.db.query('UPDATE motion_job_outbox SET lease_until = $2 WHERE rid = ANY($1::text[])', [rids, retryAt])
  }

  async size (): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM motion_job_outbox')
    return Number(rows[0]?.n ?? 0)
  }
}
