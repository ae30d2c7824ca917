// Which generation of each queue (kind and prefix) the relays last saw (schema 022). A new generation is recorded
// only after the deliveries were re-queued for it, so a reconcile that fails half-way is done again by the next one.
import type { SqlExecutor } from '@openmotion/common'
import type { QueueGenerationRepository } from '../domain/ports.js'

export class QueueGenerationStore implements QueueGenerationRepository {
  constructor (private readonly db: SqlExecutor) {}

  /** The generation recorded for `queue`, if any. */
  async seen (queue: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ generation: string }>('SELECT generation FROM relay_queue_generations WHERE queue = $1', [queue])
    return rows[0]?.generation
  }

  async record (queue: string, generation: string, now: Date = new Date()): Promise<void> {
    await this.db.query(
      `INSERT INTO relay_queue_generations (queue, generation, seen_at) VALUES ($1, $2, $3)
       ON CONFLICT (queue) DO UPDATE SET generation = EXCLUDED.generation, seen_at = EXCLUDED.seen_at`,
      [queue, generation, now]
    )
  }
}
