// Delivery state and its history. Every status or lease change is one statement of delivery-sql.ts, which records
// the transition (and any job) in the same statement, with the from- and to-sets of the state table
// (domain/delivery-states.ts); this file only reads.
import type { Database } from '@openmotion/common'
import type { Attempt, Delivery, DeliveryStatus, Transition } from '../domain/types.js'
import type { DeliveryJob } from '../domain/delivery-queue.js'
import { newId } from '../domain/ids.js'
import type { Claim, ClaimedDelivery, DeliveryBacklog, DeliveryHistory, DeliveryRepository, Finished } from '../domain/ports.js'
import { CLAIM_BATCH, CLAIM_ONE, FINISH_BATCH, KILL, RENEW_LEASES, REPLAY, UNCLAIM } from './delivery-sql.js'
import { toAttempt, toDelivery, type AttemptRow, type DeliveryRow } from './delivery-rows.js'

type ClaimRow = DeliveryRow & {
  message_event: string
  message_data: string
  message_key_id: string
  message_created_at: Date
  endpoint: Record<string, unknown> | null
}

export class DeliveryStore implements DeliveryRepository, DeliveryHistory, DeliveryBacklog {
  constructor (private readonly db: Database) {}

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
    const { rows } = await this.db.query<DeliveryRow>(CLAIM_ONE, [id, attempt, leaseUntil, now])
    if (rows[0] !== undefined) return { kind: 'claimed', delivery: toDelivery(rows[0]) }
    // Not claimable: a live lease on this very attempt is worth waiting for; anything else is a stale job.
    const { rows: current } = await this.db.query<{ status: DeliveryStatus, attempts: number, until: Date }>(
      'SELECT status, attempts, COALESCE(lease_until, updated_at) AS until FROM relay_deliveries WHERE id = $1', [id])
    const row = current[0]
    if (row === undefined || row.status !== 'delivering' || row.attempts !== attempt - 1) return { kind: 'stale' }
    const busyFor = row.until.getTime() - now.getTime()
    return busyFor > 0 ? { kind: 'busy', retryInMs: busyFor } : { kind: 'stale' }
  }

  /** The worker's heartbeat: extends the leases of the attempts it is running. */
  async renewLeases (ids: readonly string[], leaseUntil: Date): Promise<void> {
    if (ids.length === 0) return
    await this.db.query(RENEW_LEASES, [ids, leaseUntil], { name: 'relay_renew_leases' })
  }

  /**
   * The fast path's claim of many jobs in one statement (delivery-sql.ts, CLAIM_BATCH), with each job's message and
   * its endpoint's row: one object shared by the jobs of an endpoint claimed together. The worker's statements run
   * prepared (named): PostgreSQL parses and plans them once per connection instead of once per batch.
   */
  async claimMany (jobs: readonly DeliveryJob[], leaseUntil: Date, now: Date = new Date()): Promise<Map<string, ClaimedDelivery>> {
    if (jobs.length === 0) return new Map()
    const { rows } = await this.db.query<ClaimRow>(
      CLAIM_BATCH, [jobs.map((j) => j.deliveryId), jobs.map((j) => j.attempt), leaseUntil, now], { name: 'relay_claim_batch' })
    // The endpoint row (sealed secrets and headers: two thirds of a claimed row) comes once per endpoint.
    const endpoints = new Map<string, Record<string, unknown>>()
    for (const row of rows) if (row.endpoint !== null) endpoints.set(row.endpoint_id, row.endpoint)
    return new Map(rows.map((row) => [row.id, {
      delivery: toDelivery(row),
      message: {
        id: row.message_id,
        tenantId: row.tenant_id,
        event: row.message_event,
        data: row.message_data,
        keyId: row.message_key_id,
        createdAt: row.message_created_at
      },
      endpointRow: endpoints.get(row.endpoint_id) as Record<string, unknown>
    }]))
  }

  /** Records many attempts with their deliveries' new states and each retry's job in one statement (FINISH_BATCH). */
  async finishMany (items: readonly Finished[]): Promise<Set<string>> {
    if (items.length === 0) return new Set()
    const { rows } = await this.db.query<{ id: string }>(FINISH_BATCH, [
      items.map((i) => i.delivery.id),
      items.map((i) => i.outcome.status),
      items.map((i) => i.record.attempt),
      items.map((i) => i.outcome.nextAttemptAt?.toISOString() ?? null),
      items.map((i) => i.record.statusCode),
      items.map((i) => i.outcome.lastError),
      items.map((i) => newId('att', i.record.at.getTime())),
      items.map((i) => i.delivery.messageId),
      items.map((i) => i.delivery.endpointId),
      items.map((i) => i.record.at.toISOString()),
      items.map((i) => i.record.latencyMs),
      items.map((i) => i.record.responseBody),
      items.map((i) => i.record.error),
      items.map((i) => i.record.outcome)
    ], { name: 'relay_finish_batch' })
    return new Set(rows.map((r) => r.id))
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

  /** Gives a claimed attempt back unmade (its endpoint had no free slot in time): UNCLAIM. */
  async unclaim (delivery: Delivery): Promise<void> {
    await this.db.query(UNCLAIM, [[delivery.id]])
  }

  /** Ends a delivery that cannot be attempted (endpoint deleted or disabled) without an attempt. */
  async kill (id: string, reason: string): Promise<Delivery | undefined> {
    const { rows } = await this.db.query<DeliveryRow>(KILL, [[id], reason])
    return rows[0] === undefined ? undefined : toDelivery(rows[0])
  }

  /** succeeded/dead → pending with a fresh retry budget, each with its job in the outbox, in one statement; returns those moved. */
  async replay (ids: readonly string[], now: Date = new Date()): Promise<Delivery[]> {
    if (ids.length === 0) return []
    const { rows } = await this.db.query<DeliveryRow>(REPLAY, [ids, now])
    return rows.map(toDelivery)
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
