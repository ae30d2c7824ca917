// Delivery state and its history. Every status change goes through `move`, which records the transition in the
// same transaction, so the transition log and the current status can never disagree.
import type { Database, SqlExecutor } from '@openmotion/common'
import type { Attempt, Delivery, DeliveryStatus, Transition } from '../domain/types.js'
import type { AttemptRecord, Claim, ClaimedDelivery, DeliveryRepository, Finished, Outcome } from '../domain/ports.js'
import { claimDeliveries, finishDeliveries } from './delivery-batches.js'
import { toAttempt, toDelivery, type AttemptRow, type DeliveryRow } from './delivery-rows.js'
import type { DeliveryJob } from '../domain/delivery-queue.js'

export async function addJob (tx: SqlExecutor, delivery: Delivery, attempt: number, dueAt: Date): Promise<void> {
  await tx.query('INSERT INTO relay_outbox (delivery_id, endpoint_id, attempt, due_at) VALUES ($1, $2, $3, $4)', [
    delivery.id,
    delivery.endpointId,
    attempt,
    dueAt
  ])
}

export class DeliveryStore implements DeliveryRepository {
  constructor (private readonly db: Database) {}

  private async move (
    tx: SqlExecutor,
    id: string,
    to: DeliveryStatus,
    fromAllowed: readonly DeliveryStatus[],
    set: string,
    params: unknown[]
  ): Promise<Delivery | undefined> {
    const { rows } = await tx.query<DeliveryRow & { previous: DeliveryStatus }>(
      `WITH prev AS (SELECT status FROM relay_deliveries WHERE id = $1 FOR UPDATE)
       UPDATE relay_deliveries d SET status = $2, updated_at = clock_timestamp()${set}
       FROM prev WHERE d.id = $1 AND prev.status = ANY($3::text[]) RETURNING d.*, prev.status AS previous`,
      [id, to, fromAllowed, ...params]
    )
    const row = rows[0]
    if (row === undefined) return undefined
    await tx.query('INSERT INTO relay_delivery_transitions (delivery_id, from_status, to_status) VALUES ($1, $2, $3)', [id, row.previous, to])
    return toDelivery(row)
  }

  async get (id: string): Promise<Delivery | undefined> {
    const { rows } = await this.db.query<DeliveryRow>('SELECT * FROM relay_deliveries WHERE id = $1', [id])
    return rows[0] === undefined ? undefined : toDelivery(rows[0])
  }

  async listForMessage (messageId: string): Promise<Delivery[]> {
    const { rows } = await this.db.query<DeliveryRow>('SELECT * FROM relay_deliveries WHERE message_id = $1 ORDER BY id', [messageId])
    return rows.map(toDelivery)
  }

  async transitions (deliveryId: string): Promise<Transition[]> {
    const { rows } = await this.db.query<{ from_status: DeliveryStatus | null, to_status: DeliveryStatus, at: Date }>(
      'SELECT from_status, to_status, at FROM relay_delivery_transitions WHERE delivery_id = $1 ORDER BY id',
      [deliveryId]
    )
    return rows.map((r) => ({ from: r.from_status, to: r.to_status, at: r.at }))
  }

  /**
   * Claims attempt number `attempt` (pending/retrying → delivering) under a lease until `leaseUntil`, which the
   * worker renews while the request runs. A delivering row whose lease lapsed is claimable too: its relay died
   * mid-attempt and the job came back. A row with a live lease answers `busy` with the wait until it lapses;
   * anything else (a duplicate job, an attempt already made) is `stale` and dropped by the worker.
   */
  async begin (id: string, attempt: number, leaseUntil: Date, now: Date = new Date()): Promise<Claim> {
    return this.db.transaction(async (tx): Promise<Claim> => {
      const { rows } = await tx.query<{ attempts: number, status: DeliveryStatus, lease_until: Date | null, updated_at: Date }>(
        'SELECT attempts, status, lease_until, updated_at FROM relay_deliveries WHERE id = $1 FOR UPDATE',
        [id]
      )
      const row = rows[0]
      if (row === undefined || row.attempts !== attempt - 1) return { kind: 'stale' }
      const busyFor = (row.lease_until ?? row.updated_at).getTime() - now.getTime()
      if (row.status === 'delivering' && busyFor > 0) return { kind: 'busy', retryInMs: busyFor }
      const delivery = await this.move(tx, id, 'delivering', ['pending', 'retrying', 'delivering'], ', lease_until = $4', [leaseUntil])
      return delivery === undefined ? { kind: 'stale' } : { kind: 'claimed', delivery }
    })
  }

  /** The worker's heartbeat: extends the leases of the attempts it is running. */
  async renewLeases (ids: readonly string[], leaseUntil: Date): Promise<void> {
    if (ids.length === 0) return
    // Locks in id order, like finishMany, so a heartbeat and a batch of outcomes never deadlock.
    await this.db.query(
      `WITH l AS (SELECT id FROM relay_deliveries WHERE id = ANY($1::text[]) AND status = 'delivering' ORDER BY id FOR UPDATE)
       UPDATE relay_deliveries d SET lease_until = $2 FROM l WHERE d.id = l.id`,
      [ids, leaseUntil]
    )
  }

  /** The fast path's claim of many jobs in one statement (see delivery-batches.ts). */
  async claimMany (jobs: readonly DeliveryJob[], leaseUntil: Date, now: Date = new Date()): Promise<Map<string, ClaimedDelivery>> {
    return jobs.length === 0 ? new Map() : claimDeliveries(this.db, jobs, leaseUntil, now)
  }

  /** Records many attempts with their deliveries' new states in one statement (see delivery-batches.ts). */
  async finishMany (items: readonly Finished[]): Promise<Map<string, Delivery>> {
    return items.length === 0 ? new Map() : finishDeliveries(this.db, items)
  }

  /**
   * Unfinished deliveries with no job in the outbox: after a restart of the memory queue (which starts empty)
   * these are provably not queued anywhere. Durable queues never need this (the outbox hands every job over).
   */
  async unfinishedWithoutJob (limit: number, afterId?: string): Promise<Delivery[]> {
    const { rows } = await this.db.query<DeliveryRow>(
      `SELECT * FROM relay_deliveries d WHERE ($2::text IS NULL OR d.id > $2) AND d.status IN ('pending', 'retrying', 'delivering')
         AND NOT EXISTS (SELECT 1 FROM relay_outbox o WHERE o.delivery_id = d.id) ORDER BY d.id LIMIT $1`,
      [limit, afterId ?? null]
    )
    return rows.map(toDelivery)
  }

  /** Records one attempt and the delivery's new state together (with the next attempt's job when retrying). */
  async finish (delivery: Delivery, record: AttemptRecord, outcome: Outcome): Promise<Delivery | undefined> {
    return (await this.finishMany([{ delivery, record, outcome }])).get(delivery.id)
  }

  /**
   * Gives a claimed attempt back unmade (its endpoint had no free slot in time): back to pending (or retrying, when
   * attempts were made since the last replay) without a lease, so the job's next run claims it at once.
   */
  async unclaim (delivery: Delivery): Promise<void> {
    const to = delivery.attempts === delivery.replayBase ? 'pending' : 'retrying'
    await this.db.transaction((tx) => this.move(tx, delivery.id, to, ['delivering'], ', lease_until = NULL', []))
  }

  /** Ends a delivery that cannot be attempted (endpoint deleted or disabled) without an attempt. */
  async kill (id: string, reason: string): Promise<Delivery | undefined> {
    return this.db.transaction((tx) => this.move(tx, id, 'dead', ['pending', 'retrying', 'delivering'], ', next_attempt_at = NULL, last_error = $4', [reason]))
  }

  /** succeeded/dead → pending with a fresh retry budget, each with its job in the outbox; returns those moved. */
  async replay (ids: readonly string[], now: Date = new Date()): Promise<Delivery[]> {
    const replayed: Delivery[] = []
    for (const id of ids) {
      const moved = await this.db.transaction(async (tx) => {
        const d = await this.move(tx, id, 'pending', ['succeeded', 'dead'], ', replay_base = attempts, next_attempt_at = $4', [now])
        if (d !== undefined) await addJob(tx, d, d.attempts + 1, now)
        return d
      })
      if (moved !== undefined) replayed.push(moved)
    }
    return replayed
  }

  async deadForEndpoint (endpointId: string, since: Date | undefined): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      "SELECT id FROM relay_deliveries WHERE endpoint_id = $1 AND status = 'dead' AND ($2::timestamptz IS NULL OR created_at >= $2) ORDER BY id",
      [endpointId, since ?? null]
    )
    return rows.map((r) => r.id)
  }

  async attempts (messageId: string, limit: number, afterId?: string): Promise<Attempt[]> {
    const { rows } = await this.db.query<AttemptRow>(
      'SELECT * FROM relay_attempts WHERE message_id = $1 AND ($2::text IS NULL OR id > $2) ORDER BY id LIMIT $3',
      [messageId, afterId ?? null, limit]
    )
    return rows.map(toAttempt)
  }

  /** Backend-independent queue figures for the metrics: what waits, how long the oldest due one has waited. */
  async backlog (now: Date = new Date()): Promise<{ pending: number, retrying: number, delivering: number, dead: number, oldestDueAgeSeconds: number }> {
    const { rows } = await this.db.query<{ status: DeliveryStatus, n: number, oldest: Date | null }>(
      `SELECT status, count(*)::int8 AS n, min(next_attempt_at) FILTER (WHERE next_attempt_at <= $1) AS oldest
       FROM relay_deliveries WHERE status IN ('pending', 'retrying', 'delivering', 'dead') GROUP BY status`,
      [now]
    )
    const get = (s: DeliveryStatus) => rows.find((r) => r.status === s)
    const oldest = rows
      .filter((r) => r.status !== 'dead')
      .map((r) => r.oldest)
      .filter((d): d is Date => d !== null)
    const oldestMs = oldest.length === 0 ? now.getTime() : Math.min(...oldest.map((d) => d.getTime()))
    return {
      pending: get('pending')?.n ?? 0,
      retrying: get('retrying')?.n ?? 0,
      delivering: get('delivering')?.n ?? 0,
      dead: get('dead')?.n ?? 0,
      oldestDueAgeSeconds: Math.max(0, (now.getTime() - oldestMs) / 1000)
    }
  }
}
