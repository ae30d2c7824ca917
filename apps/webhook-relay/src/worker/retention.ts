// Retention: messages older than RETENTION_DAYS go, with their deliveries, transitions and attempts (by cascade),
// in batches of the oldest, each its own short transaction with a pause between. One statement for everything
// expired (an hour's run deletes an hour of traffic, with about seven rows behind each message) holds its locks
// and its WAL until it ends and competes with deliveries all that time; batches keep each delete short.
import type { Logger } from '@openmotion/common'

/** Where expired messages go from (adapters/message-store.ts): at most `limit` of the oldest per call. */
export interface ExpiringMessages {
  deleteOlderThan (cutoff: Date, now?: Date, limit?: number): Promise<number>
}

export interface RetentionOptions {
  retentionDays: number
  /** Messages per delete statement. */
  batchSize?: number
  /** Pause between batches, so deliveries get the database between them. */
  pauseMs?: number
  now?: () => Date
}

export const RETENTION_BATCH = 2000
const RETENTION_PAUSE_MS = 50

/** Deletes every message past retention, batch by batch; returns how many went. */
export async function deleteExpiredMessages (messages: ExpiringMessages, options: RetentionOptions): Promise<number> {
  const now = options.now ?? (() => new Date())
  const batchSize = options.batchSize ?? RETENTION_BATCH
  const pauseMs = options.pauseMs ?? RETENTION_PAUSE_MS
  // The cutoff is fixed for the whole pass: what expires while it runs is the next pass's.
  const cutoff = new Date(now().getTime() - options.retentionDays * 86_400_000)
  let deleted = 0
  for (;;) {
    const n = await messages.deleteOlderThan(cutoff, now(), batchSize)
    deleted += n
    if (n < batchSize) return deleted
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
}

/** One retention pass as the maintenance timer runs it: deletes and says how many. */
export async function runRetention (messages: ExpiringMessages, retentionDays: number, logger: Logger): Promise<void> {
  const n = await deleteExpiredMessages(messages, { retentionDays })
  if (n > 0) logger.info({ messages: n }, 'deleted messages past retention')
}
