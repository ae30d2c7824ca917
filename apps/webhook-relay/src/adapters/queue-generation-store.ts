// Which generation of each queue (kind and prefix) the relays last saw (schema 022). The swap is one statement, so
// of several workers that notice a new generation at once exactly one is told the queue changed.
import type { SqlExecutor } from '@openmotion/common'
import type { GenerationSighting, QueueGenerationRepository } from '../domain/ports.js'

export type { GenerationSighting } from '../domain/ports.js'

export class QueueGenerationStore implements QueueGenerationRepository {
  constructor (private readonly db: SqlExecutor) {}

  async swap (queue: string, generation: string, now: Date = new Date()): Promise<GenerationSighting> {
    const { rows } = await this.db.query<{ previous: string | null }>(
      `WITH previous AS (SELECT generation FROM relay_queue_generations WHERE queue = $1)
       INSERT INTO relay_queue_generations (queue, generation, seen_at) VALUES ($1, $2, $3)
       ON CONFLICT (queue) DO UPDATE SET generation = EXCLUDED.generation, seen_at = EXCLUDED.seen_at
       WHERE relay_queue_generations.generation <> EXCLUDED.generation
       RETURNING (SELECT generation FROM previous) AS previous`,
      [queue, generation, now]
    )
    const row = rows[0]
    if (row === undefined) return 'same'
    return row.previous === null ? 'first' : 'changed'
  }
}
