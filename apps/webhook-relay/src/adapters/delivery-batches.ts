// The delivery hot path in batched statements: a worker claims the jobs it was handed in one round trip
// (delivery, message and endpoint together) and records the outcomes of many attempts in one transaction.
// A job the claim does not take (a duplicate, an attempt already made, a live lease elsewhere, an endpoint that
// is gone, disabled or has an open circuit) goes the slow, one-job-at-a-time way of the worker, which says why.
import type { SqlExecutor } from '@openmotion/common'
import type { DeliveryJob } from '../domain/delivery-queue.js'
import type { ClaimedDelivery, Finished } from '../domain/ports.js'
import { newId } from '../domain/ids.js'
import type { Delivery } from '../domain/types.js'
import { toDelivery, type DeliveryRow } from './delivery-rows.js'

type ClaimRow = DeliveryRow & {
  message_event: string
  message_data: string
  message_key_id: string
  message_created_at: Date
  endpoint: Record<string, unknown> | null
}

// Both statements name their rows with `d.id = ANY($1)` besides the join: a unique key's lookup is cheap whatever the
// statistics say. Without it, on tables not analysed yet (a fresh database, a burst of new rows before autovacuum's
// next round) the planner scanned every open delivery of the endpoint per claim (23 ms for 15 jobs out of 10,000
// against 0.7 ms), until autoanalyze ran at some point within the minute: the deliveries' slow start.

/**
 * Claims each job's attempt (pending/retrying, or delivering with a lapsed lease → delivering under a lease until
 * `leaseUntil`) when its endpoint exists, is enabled and its circuit is closed. Rows another relay holds locked
 * are skipped, not waited for. Returns the claimed ones by delivery id.
 */
export async function claimDeliveries (db: SqlExecutor, jobs: readonly DeliveryJob[], leaseUntil: Date, now: Date): Promise<Map<string, ClaimedDelivery>> {
  const { rows } = await db.query<ClaimRow>(
    `WITH c AS (
       SELECT d.id, d.status AS previous FROM relay_deliveries d
       JOIN unnest($1::text[], $2::int[]) AS j(id, attempt) ON j.id = d.id
       JOIN relay_endpoints e ON e.id = d.endpoint_id
       WHERE d.id = ANY($1::text[]) AND d.attempts = j.attempt - 1 AND NOT e.disabled AND e.circuit_open_until IS NULL
         AND (d.status IN ('pending', 'retrying') OR (d.status = 'delivering' AND COALESCE(d.lease_until, d.updated_at) <= $4))
       ORDER BY d.id FOR UPDATE OF d SKIP LOCKED
     ), u AS (
       UPDATE relay_deliveries d SET status = 'delivering', lease_until = $3, updated_at = clock_timestamp()
       FROM c WHERE d.id = c.id RETURNING d.*, c.previous
     ), t AS (
       INSERT INTO relay_delivery_transitions (delivery_id, from_status, to_status) SELECT id, previous, 'delivering' FROM u ORDER BY id
     )
     SELECT u.*, m.event AS message_event, m.data AS message_data, m.key_id AS message_key_id, m.created_at AS message_created_at,
       CASE WHEN row_number() OVER (PARTITION BY u.endpoint_id) = 1 THEN to_jsonb(e) END AS endpoint
     FROM u JOIN relay_messages m ON m.id = u.message_id JOIN relay_endpoints e ON e.id = u.endpoint_id`,
    [jobs.map((j) => j.deliveryId), jobs.map((j) => j.attempt), leaseUntil, now])
  // The endpoint row (sealed secrets and headers: two thirds of a claimed row) comes once per endpoint.
  const endpoints = new Map<string, Record<string, unknown>>()
  for (const row of rows) if (row.endpoint !== null) endpoints.set(row.endpoint_id, row.endpoint)
  const claimed = new Map<string, ClaimedDelivery>()
  for (const row of rows) {
    claimed.set(row.id, {
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
    })
  }
  return claimed
}

/**
 * Records attempts with their deliveries' new states (delivering → outcome) and each retry's outbox job, for many
 * deliveries in one statement. Rows are locked in id order, as the lease heartbeat locks them, so two batches
 * never deadlock. Returns the deliveries that moved (one no longer delivering keeps its state; its attempt is
 * still recorded, as it was made).
 */
export async function finishDeliveries (db: SqlExecutor, items: readonly Finished[]): Promise<Map<string, Delivery>> {
  const { rows } = await db.query<DeliveryRow>(
    `WITH f AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::text[])
         AS f(id, status, attempt, next_attempt_at, status_code, last_error)
     ), prev AS (
       SELECT d.id FROM relay_deliveries d JOIN f ON f.id = d.id WHERE d.id = ANY($1::text[]) AND d.status = 'delivering' ORDER BY d.id FOR UPDATE OF d
     ), u AS (
       UPDATE relay_deliveries d SET status = f.status, updated_at = clock_timestamp(), attempts = f.attempt, next_attempt_at = f.next_attempt_at,
         last_status_code = f.status_code, last_error = f.last_error, lease_until = NULL
       FROM f JOIN prev ON prev.id = f.id WHERE d.id = f.id RETURNING d.*
     ), a AS (
       INSERT INTO relay_attempts (id, delivery_id, message_id, endpoint_id, attempt, at, status_code, latency_ms, response_body, error, outcome)
       SELECT * FROM unnest($7::text[], $1::text[], $8::text[], $9::text[], $3::int[], $10::timestamptz[], $5::int[], $11::int[], $12::text[], $13::text[], $14::text[])
     ), t AS (
       INSERT INTO relay_delivery_transitions (delivery_id, from_status, to_status) SELECT id, 'delivering', status FROM u ORDER BY id
     ), o AS (
       -- The retry's job is committed with the failure that makes it due, so a crash right after cannot lose it.
       INSERT INTO relay_outbox (delivery_id, endpoint_id, attempt, due_at)
       SELECT id, endpoint_id, attempts + 1, COALESCE(next_attempt_at, clock_timestamp()) FROM u WHERE status = 'retrying' ORDER BY id
     )
     SELECT * FROM u`,
    [
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
    ]
  )
  return new Map(rows.map((r) => [r.id, toDelivery(r)]))
}
