// Accepted messages, their fan-out into deliveries with their outbox jobs and the 24 h idempotency window, in one
// transaction so a message is never stored without its deliveries and their jobs, nor answered twice
// differently for one Idempotency-Key. Keyed or not, a message is written by one statement (delivery-sql.ts,
// ACCEPT_MESSAGES). Acceptance without a key is group-committed: requests arriving while
// earlier ones commit (at most INGEST_BATCH_WAIT_MS, INGEST_BATCH_SIZE) share one statement (one commit, one WAL
// flush), and each gets its 202 after that commit. With `heldLeaseMs` the group's outbox jobs are committed leased
// to this relay (no other relay's poller takes them until the lease lapses) and returned, so the relay hands them to
// the queue itself: no claiming statement per publish, and a relay that dies first leaves them to the pollers.
import type { Database, SqlExecutor } from '@openmotion/common'
import { newId } from '../domain/ids.js'
import { microBatch } from '@openmotion/job-queue'
import type { AcceptResult, MessageFilter, NewMessage, StoredMessage } from '../domain/types.js'
import type { OutboxEntry } from '../domain/delivery-queue.js'
import type { MessageRepository } from '../domain/ports.js'
import { ACCEPT_MESSAGES } from './delivery-sql.js'

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000

interface MessageRow { id: string, tenant_id: string, event: string, data: string, key_id: string, created_at: Date, traceparent: string | null }

const toMessage = (row: MessageRow): StoredMessage => ({
  id: row.id, tenantId: row.tenant_id, event: row.event, data: row.data, keyId: row.key_id, createdAt: row.created_at, traceparent: row.traceparent
})

export const INGEST_BATCH_WAIT_MS = 2
export const INGEST_BATCH_SIZE = 200

interface Intake { input: NewMessage, messageId: string, deliveryIds: string[], now: Date }

export class MessageStore implements MessageRepository {
  private readonly groupCommit = microBatch<Intake, AcceptResult>({
    maxItems: INGEST_BATCH_SIZE,
    maxWaitMs: INGEST_BATCH_WAIT_MS,
    concurrency: 2,
    run: (items) => this.insertMany(this.db, items, this.options.heldLeaseMs === undefined ? null : new Date(Date.now() + this.options.heldLeaseMs))
  })

  constructor (private readonly db: Database, private readonly options: { heldLeaseMs?: number } = {}) {}

  async accept (input: NewMessage, now: Date = new Date()): Promise<AcceptResult> {
    const messageId = newId('msg', now.getTime())
    const deliveryIds = input.endpointIds.map(() => newId('dlv', now.getTime()))
    if (input.idempotency === undefined) return this.groupCommit({ input, messageId, deliveryIds, now })
    return this.db.transaction(async (tx) => {
      const claimed = await this.claimIdempotencyKey(tx, input, messageId, now)
      return claimed ?? (await this.insertMany(tx, [{ input, messageId, deliveryIds, now }], null))[0] as AcceptResult
    })
  }

  /**
   * Messages with their deliveries, first transitions and outbox jobs: one statement, for a group commit or for
   * one keyed message inside its idempotency transaction. With `heldUntil` the jobs are leased to this relay.
   */
  private async insertMany (sql: SqlExecutor, items: Intake[], heldUntil: Date | null): Promise<AcceptResult[]> {
    const fanOut = items.flatMap((it) => it.deliveryIds.map((id, i) => ({ id, it, endpointId: it.input.endpointIds[i] as string })))
    const { rows } = await sql.query<{ id: string, delivery_id: string }>(
      ACCEPT_MESSAGES,
      [items.map((it) => it.messageId), items.map((it) => it.input.tenantId), items.map((it) => it.input.event), items.map((it) => it.input.data),
        items.map((it) => it.input.keyId), items.map((it) => it.now.toISOString()),
        fanOut.map((f) => f.id), fanOut.map((f) => f.it.messageId), fanOut.map((f) => f.endpointId), fanOut.map((f) => f.it.input.tenantId),
        fanOut.map((f) => f.it.now.toISOString()), heldUntil, items.map((it) => it.input.traceparent ?? null)],
      // The group commit runs thousands of times a second with one text: PostgreSQL parses and plans it once per connection.
      { name: 'relay_ingest_group' })
    const outboxIds = heldUntil === null ? undefined : new Map(rows.map((r) => [r.delivery_id, r.id]))
    return items.map(({ input, messageId, deliveryIds, now }) => ({
      kind: 'created',
      ...(outboxIds === undefined
        ? {}
        : {
            held: deliveryIds.map((id, i): OutboxEntry => ({
              id: outboxIds.get(id) as string,
              job: {
                deliveryId: id,
                endpointId: input.endpointIds[i] as string,
                attempt: 1,
                ...(input.traceparent === undefined ? {} : { traceparent: input.traceparent })
              },
              dueAt: now
            }))
          }),
      message: {
        id: messageId,
        tenantId: input.tenantId,
        event: input.event,
        data: input.data,
        keyId: input.keyId,
        createdAt: now,
        traceparent: input.traceparent ?? null
      },
      deliveries: deliveryIds.map((id, i) => ({
        id,
        messageId,
        endpointId: input.endpointIds[i] as string,
        tenantId: input.tenantId,
        status: 'pending',
        attempts: 0,
        replayBase: 0,
        nextAttemptAt: now,
        lastStatusCode: null,
        lastError: null,
        createdAt: now,
        updatedAt: now
      }))
    }))
  }

  /**
   * Takes the key for this message, or answers with what the first request got. An expired entry (older than
   * the window) is taken over. Concurrent requests with one key serialise on the primary key's row lock.
   */
  private async claimIdempotencyKey (tx: SqlExecutor, input: NewMessage, messageId: string, now: Date): Promise<AcceptResult | undefined> {
    const idem = input.idempotency
    if (idem === undefined) return undefined
    const taken = await tx.query(
      `INSERT INTO relay_idempotency (tenant_id, key, body_hash, message_id, deliveries, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, message_id = EXCLUDED.message_id,
         deliveries = EXCLUDED.deliveries, created_at = EXCLUDED.created_at
       WHERE relay_idempotency.created_at <= $7 RETURNING key`,
      [input.tenantId, idem.key, idem.bodyHash, messageId, input.endpointIds.length, now, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)])
    if (taken.rowCount > 0) return undefined
    const { rows } = await tx.query<{ body_hash: string, message_id: string, deliveries: number }>(
      'SELECT body_hash, message_id, deliveries FROM relay_idempotency WHERE tenant_id = $1 AND key = $2', [input.tenantId, idem.key])
    const first = rows[0]
    if (first === undefined) return undefined
    return first.body_hash === idem.bodyHash ? { kind: 'repeat', messageId: first.message_id, deliveries: first.deliveries } : { kind: 'conflict' }
  }

  async get (tenantId: string, id: string): Promise<StoredMessage | undefined> {
    const { rows } = await this.db.query<MessageRow>('SELECT * FROM relay_messages WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    return rows[0] === undefined ? undefined : toMessage(rows[0])
  }

  async getById (id: string): Promise<StoredMessage | undefined> {
    const { rows } = await this.db.query<MessageRow>('SELECT * FROM relay_messages WHERE id = $1', [id])
    return rows[0] === undefined ? undefined : toMessage(rows[0])
  }

  async list (tenantId: string, filter: MessageFilter, limit: number, afterId?: string): Promise<StoredMessage[]> {
    const { rows } = await this.db.query<MessageRow>(
      `SELECT m.* FROM relay_messages m
       WHERE m.tenant_id = $1 AND ($2::text IS NULL OR m.id < $2) AND ($3::text IS NULL OR m.event = $3)
         AND ($4::timestamptz IS NULL OR m.created_at >= $4)
         AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id AND d.status = $5))
       ORDER BY m.id DESC LIMIT $6`,
      [tenantId, afterId ?? null, filter.event ?? null, filter.since ?? null, filter.status ?? null, limit])
    return rows.map(toMessage)
  }

  /**
   * Deletes messages (with their deliveries, transitions and attempts) older than the cutoff, at most `limit` of the
   * oldest per call when a limit is given (retention.ts calls it batch by batch), and stale idempotency keys.
   */
  async deleteOlderThan (cutoff: Date, now: Date = new Date(), limit?: number): Promise<number> {
    const { rowCount } = limit === undefined
      ? await this.db.query('DELETE FROM relay_messages WHERE created_at < $1', [cutoff])
      : await this.db.query(
        'DELETE FROM relay_messages WHERE id IN (SELECT id FROM relay_messages WHERE created_at < $1 ORDER BY created_at LIMIT $2)',
        [cutoff, limit])
    await this.db.query('DELETE FROM relay_idempotency WHERE created_at < $1', [new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)])
    return rowCount
  }
}
