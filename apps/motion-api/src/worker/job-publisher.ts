// Moves submissions from the outbox to the job queue. A submission commits its job, its credit hold and an outbox
// row leased to this process in one transaction, then `publish` pushes the job and deletes the row. When the push
// fails (Redis away) the row is released for a retry and the client still gets its rid: the job waits, charged,
// until the queue is back, and then runs. A tick every `pollMs` takes rows whose lease lapsed — failed pushes, and
// rows of a process that died between commit and push — so any API process publishes them. A row is deleted only
// after the queue took the job: a crash in between pushes it twice, which the queue (one entry per rid) and the
// worker's claim (one start per attempt) absorb.
import type { Logger, SqlExecutor } from '@openmotion/common'
import type { JobHandOver, JobOutbox, JobQueue } from '../domain/ports.js'

export interface JobPublisherOptions {
  outbox: JobOutbox
  queue: Pick<JobQueue, 'push'>
  logger: Logger
  /** A row its process did not hand over within this long is taken by the tick (default 10 s). */
  leaseMs?: number
  /** After a failed push the row is tried again this much later (default 1 s). */
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
  const { outbox, queue, logger } = options
  const leaseMs = options.leaseMs ?? 10_000
  const retryMs = options.retryMs ?? 1000
  const batch = options.batch ?? 100
  let failing = false
  let tickFailing = false
  let timer: NodeJS.Timeout | undefined
  let draining: Promise<number> | undefined
  const inFlight = new Set<Promise<unknown>>()

  const failed = (error: unknown, jobs: number): void => {
    if (!failing) logger.warn({ err: error, jobs }, 'job queue unavailable: accepted jobs wait in the outbox and are queued when it is back')
    failing = true
  }
  const recovered = (): void => {
    if (failing) logger.info('job queue available again: publishing the outbox')
    failing = false
  }

  /** Pushes the rids in order; on the first failure the rest are released for a retry. Returns how many went. */
  const handOver = async (rids: readonly string[]): Promise<number> => {
    let pushed = 0
    try {
      for (const rid of rids) {
        await queue.push(rid)
        pushed++
      }
    } catch (error) {
      failed(error, rids.length - pushed)
      await outbox.release(rids.slice(pushed), new Date(Date.now() + retryMs))
    }
    if (pushed > 0) {
      if (pushed === rids.length) recovered()
      await outbox.remove(rids.slice(0, pushed))
    }
    return pushed
  }

  const drainOnce = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const now = new Date()
      const rids = await outbox.claim(batch, new Date(now.getTime() + leaseMs), now)
      if (rids.length === 0) return total
      const pushed = await handOver(rids)
      total += pushed
      if (pushed < rids.length || rids.length < batch) return total
    }
  }

  const drain = async (): Promise<number> => {
    draining ??= drainOnce().finally(() => { draining = undefined })
    return await draining
  }

  const track = <T>(work: Promise<T>): Promise<T> => {
    const tracked = work.finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
    return tracked
  }

  return {
    async record (tx: SqlExecutor, rid: string) {
      await outbox.add(tx, rid, new Date(Date.now() + leaseMs))
    },
    async publish (rid: string) {
      // A database error here (deleting the row) leaves the row to the tick: the job is queued, pushed again later,
      // and dropped by the queue as a duplicate.
      await track(handOver([rid])).catch((error: unknown) => { logger.warn({ err: error, rid }, 'outbox row not settled; the tick retries it') })
    },
    start () {
      timer ??= setInterval(() => {
        track(drain()).then(() => { tickFailing = false }, (error: unknown) => {
          // The database is away (the queue's failures are handled inside): said once per outage.
          if (!tickFailing) logger.warn({ err: error }, 'outbox publishing failed; retried every tick')
          tickFailing = true
        })
      }, options.pollMs ?? 1000)
      timer.unref()
    },
    drain: async () => await track(drain()),
    async stop () {
      clearInterval(timer)
      timer = undefined
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    }
  }
}
