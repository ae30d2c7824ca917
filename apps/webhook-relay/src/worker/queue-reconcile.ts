// The database is the source of truth for what must be delivered; a durable queue only carries the jobs. A Redis or
// Kafka that comes back without its data (no volume, flushed, topics deleted) takes those jobs with it, and nothing
// else would ever run them: their deliveries would stay pending for ever. Each queue names its storage's generation
// (DeliveryQueue.generation); a worker compares it with the one recorded in the database when it connects and every
// QUEUE_RECONCILE_INTERVAL, and on a new generation re-publishes every unfinished delivery without an outbox job
// (due ones at once, retries at their time). A duplicate of a job that did survive is dropped by the attempt check.
// Comparing generations rather than due times keeps a delivery that waits overdue behind a backlog from being
// queued twice. The memory queue is recovered at start instead (maintenance.ts): it cannot lose jobs while it runs.
import { startPeriodicTask, type Logger } from '@openmotion/common'
import type { DeliveryQueue } from '../domain/delivery-queue.js'
import type { DeliveryRepository, QueueGenerationRepository } from '../domain/ports.js'
import { requeueUnfinished } from './recovery.js'

export interface QueueReconcileOptions {
  queue: DeliveryQueue
  /** The queue's identity in the generations table: kind and prefix (relays sharing a queue share it). */
  name: string
  deliveries: DeliveryRepository
  generations: QueueGenerationRepository
  logger: Logger
  everyMs: number
}

export interface QueueReconcile {
  /** Checks the generation now (after a check in flight); resolves to the number of deliveries re-published. */
  run: () => Promise<number>
  /** Resolves once a check in flight has ended. */
  stop: () => Promise<void>
}

export function startQueueReconcile (options: QueueReconcileOptions): QueueReconcile {
  const { queue, name, deliveries, generations, logger } = options
  const check = async (): Promise<number> => {
    const generation = await queue.generation()
    const previous = await generations.seen(name)
    if (previous === generation) return 0
    // Nothing recorded: a first start (or the first with this version), not a loss anyone saw.
    const n = previous === undefined ? 0 : await requeueUnfinished(deliveries, queue)
    // Recorded after the re-queue: a reconcile that failed half-way is done again. Workers that notice the same new
    // generation at once each re-queue (duplicate jobs the attempt check drops).
    await generations.record(name, generation)
    if (previous !== undefined) {
      logger.warn({ queue: name, generation, deliveries: n }, 'the queue lost its data (new generation): re-published the unfinished deliveries from the database')
    }
    return n
  }
  const task = startPeriodicTask({ name: 'queue reconcile', everyMs: options.everyMs, run: check, logger })
  return { run: task.runNow, stop: task.stop }
}
