// Submissions reach the queue through the outbox, with the project's one publisher (@openmotion/job-queue's
// createOutboxPublisher). A submission commits its job, its credit hold and an outbox row leased to this process
// in one transaction (`record`), then `publish` enqueues the job and deletes the row. When that fails (Redis
// away) the row is released for a retry and the client still gets its rid: the job waits, charged, until the
// queue is back, and then runs. The publisher's tick takes rows whose lease lapsed — failed pushes, and rows of a
// process that died between commit and enqueue — so any API process publishes them. A crash between enqueue and
// delete enqueues a job twice, which the queue (one entry per rid) and the worker's claim (one start per attempt) absorb.
import { createOutboxPublisher } from '@openmotion/job-queue'
import type { Logger, SqlExecutor } from '@openmotion/common'
import type { JobHandOver, JobOutbox, JobQueue } from '../domain/ports.js'

export interface JobPublisherOptions {
  outbox: JobOutbox
  queue: Pick<JobQueue, 'enqueue'>
  logger: Logger
  /** A row its process did not hand over within this long is taken by the tick (default 10 s). */
  leaseMs?: number
  /** After a failed enqueue the row is tried again this much later (default 1 s). */
  retryMs?: number
  /** How often rows with a lapsed lease are looked for (default 1 s). */
  pollMs?: number
  batch?: number
}

export interface JobPublisher extends JobHandOver {
  /** Starts the tick (API processes only: a worker process accepts no submissions). */
  start (): void
  /** Publishes every row whose lease lapsed; resolves with how many reached the queue. */
  drain (): Promise<number>
  stop (): Promise<void>
}

export function createJobPublisher (options: JobPublisherOptions): JobPublisher {
  const { outbox, queue } = options
  const leaseMs = options.leaseMs ?? 10_000
  const publisher = createOutboxPublisher<string>({
    outbox,
    // Submissions are due at once; enqueued in commit order, one entry per rid.
    queue: { enqueue: async (rids) => { await queue.enqueue(rids) } },
    logger: options.logger,
    leaseMs,
    retryMs: options.retryMs ?? 1000,
    pollMs: options.pollMs ?? 1000,
    batch: options.batch ?? 100,
    // The submission's answer waits for its row to go, so a client never sees a job the outbox still holds.
    removeWaitMs: 0
  })
  return {
    async record (tx: SqlExecutor, rid: string) {
      await outbox.add(tx, rid, new Date(Date.now() + leaseMs))
    },
    async publish (rid: string) {
      await publisher.publish([{ id: rid, job: rid }])
    },
    start: () => { publisher.start() },
    drain: async () => await publisher.drain(),
    stop: async () => { await publisher.stop() }
  }
}
