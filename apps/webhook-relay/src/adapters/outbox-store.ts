// The outbox table (schema 017): jobs written in the same transaction as the delivery state that makes them due,
// handed to the queue by the publisher (@openmotion/job-queue's outbox publisher). Its statements are in
// delivery-sql.ts, with the ones that write outbox rows beside a delivery's change.
import type { SqlExecutor } from '@openmotion/common'
import type { OutboxEntry } from '../domain/delivery-queue.js'
import type { OutboxRepository } from '../domain/ports.js'
import { OUTBOX_CLAIM, OUTBOX_RELEASE, OUTBOX_REMOVE, QUEUE_PENDING } from './delivery-sql.js'

interface OutboxRow { id: string, delivery_id: string, endpoint_id: string, attempt: number, due_at: Date, traceparent: string | null }

export class OutboxStore implements OutboxRepository {
  constructor (private readonly db: SqlExecutor) {}

  /** Leases up to `limit` entries nobody holds (oldest first) until `leaseUntil`. */
  async claim (limit: number, leaseUntil: Date, now: Date = new Date()): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<OutboxRow>(OUTBOX_CLAIM, [now, leaseUntil, limit])
    return rows
      .map((r) => ({
        id: r.id,
        job: { deliveryId: r.delivery_id, endpointId: r.endpoint_id, attempt: r.attempt, ...(r.traceparent === null ? {} : { traceparent: r.traceparent }) },
        dueAt: r.due_at
      }))
      .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))
  }

  /** The queue has these jobs now. */
  async remove (ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.db.query(OUTBOX_REMOVE, [ids])
  }

  /** Enqueue failed: these entries are tried again from `retryAt` on. */
  async release (ids: readonly string[], retryAt: Date): Promise<void> {
    if (ids.length > 0) await this.db.query(OUTBOX_RELEASE, [ids, retryAt])
  }

  /** A job due at `now` for each of these pending deliveries with none in the outbox (delivery-sql.ts, QUEUE_PENDING). */
  async requeuePending (deliveryIds: readonly string[], now: Date = new Date()): Promise<string[]> {
    if (deliveryIds.length === 0) return []
    const { rows } = await this.db.query<{ delivery_id: string }>(QUEUE_PENDING, [deliveryIds, now])
    return rows.map((r) => r.delivery_id)
  }
}
