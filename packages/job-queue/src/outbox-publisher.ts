// Moves outbox rows into a job queue: the one publisher of the project (the relay's deliveries, motion-api's
// submissions). Work that must survive a crash is committed with an outbox row in the transaction that makes it
// due; the request never waits on (or fails with) the queue. The committing process hands its own rows over at
// once (`publish`: they were committed leased to it, so no claim is needed; those that arrive while a hand-over
// runs go together), and a maintenance tick claims every row whose lease lapsed — a failed enqueue, or rows of a
// process that died between its commit and its hand-over — so any process publishes them. `notify` drains
// within `coalesceMs` (notifications in that window share one claim). A row is deleted only after the queue took
// its job: a crash in between publishes it again (at-least-once; the consumer's claim drops the duplicate), and a
// failed enqueue leaves it for a retry `retryMs` later. Deletes of handed-over rows are collected for up to
// `removeWaitMs` and share a statement; the rows stay leased meanwhile, so no tick takes them.
import type { Logger } from '@openmotion/common'
import type { JobQueue } from './job-queue.js'
import { microBatch } from './micro-batch.js'

/** A row of an outbox: the job it carries, due at `dueAt` (now when absent). */
export interface OutboxEntry<T> {
  id: string
  job: T
  dueAt?: Date
}

/** An app's outbox table. Rows are leased rather than locked while they are handed over, so an unreachable queue never holds a connection. */
export interface OutboxStore<T> {
  /** Leases up to `limit` rows nobody holds (oldest first) until `leaseUntil`. */
  claim (limit: number, leaseUntil: Date, now: Date): Promise<Array<OutboxEntry<T>>>
  /** The queue has these jobs now. */
  remove (ids: readonly string[]): Promise<void>
  /** The hand-over failed: these rows are tried again from `retryAt` on. */
  release (ids: readonly string[], retryAt: Date): Promise<void>
}

export interface OutboxPublisherOptions<T> {
  outbox: OutboxStore<T>
  queue: Pick<JobQueue<T>, 'enqueue'>
  logger: Logger
  /** How often the tick looks for rows whose lease lapsed (default 500 ms). */
  pollMs?: number
  /** Notifications and hand-overs within this long share one drain or one enqueue (default 5 ms). */
  coalesceMs?: number
  batch?: number
  /**
   * A claim no publisher finished within this long is taken over (default 5 s): rows claimed by a process killed
   * mid-publish wait this long, so it is short; an enqueue slower than this may publish a job twice (harmless).
   */
  leaseMs?: number
  /** After a failed enqueue the rows are tried again this much later (default 1 s). */
  retryMs?: number
  /** Deletes of handed-over rows wait this long to share a statement (default 50 ms; 0: at once). */
  removeWaitMs?: number
}

export interface OutboxPublisher<T> {
  /** Starts the maintenance tick (processes that accept no work need none). */
  start (): void
  /** Rows were committed: publish them now. */
  notify (): void
  /** Rows were committed leased to this process: hands their jobs to the queue. Resolves once they are in the queue
   * and their rows deleted, or left to the tick (a failure is logged, never thrown). */
  publish (entries: ReadonlyArray<OutboxEntry<T>>): Promise<void>
  /** Publishes everything publishable now; resolves with how many rows were handed over. */
  drain (): Promise<number>
  stop (): Promise<void>
}

export function createOutboxPublisher<T> (options: OutboxPublisherOptions<T>): OutboxPublisher<T> {
  const { outbox, queue, logger } = options
  const batch = options.batch ?? 500
  const leaseMs = options.leaseMs ?? 5000
  const retryMs = options.retryMs ?? 1000
  const removeWaitMs = options.removeWaitMs ?? 50
  let stopped = false
  let running: Promise<number> | undefined
  let again = false
  let failing = false
  let tickFailing = false
  const handing = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>): Promise<void> => {
    const tracked: Promise<void> = work.then(() => undefined, () => undefined).finally(() => handing.delete(tracked))
    handing.add(tracked)
    return tracked
  }

  /**
   * Enqueues entries this process holds (claimed or committed leased to it), then deletes their rows; resolves once
   * they are in the queue, with the deletion still under way (it shares statements with later hand-overs).
   */
  const handOver = async (entries: ReadonlyArray<OutboxEntry<T>>): Promise<{ removed: Promise<void> }> => {
    // Jobs due now go to the queue in one call, later ones one call per due time (a retry's or a replay's).
    const now = Date.now()
    const byDue = new Map<number, T[]>()
    for (const e of entries) {
      const dueAt = Math.max(now, e.dueAt?.getTime() ?? now)
      const jobs = byDue.get(dueAt)
      if (jobs === undefined) byDue.set(dueAt, [e.job])
      else jobs.push(e.job)
    }
    try {
      for (const [dueAt, jobs] of byDue) await queue.enqueue(jobs, Math.max(0, dueAt - Date.now()))
    } catch (error) {
      await outbox.release(entries.map((e) => e.id), new Date(Date.now() + retryMs))
      if (!failing) logger.warn({ err: error, jobs: entries.length }, 'enqueue failed: jobs stay in the outbox and are retried')
      failing = true
      throw error
    }
    if (failing) logger.info('enqueue works again: outbox publishing resumed')
    failing = false
    return { removed: track(Promise.all(entries.map((e) => remove(e.id)))) }
  }
  const publishBatch = async (): Promise<number> => {
    const now = new Date()
    const entries = await outbox.claim(batch, new Date(now.getTime() + leaseMs), now)
    if (entries.length === 0) return 0
    await handOver(entries)
    return entries.length
  }

  // A failed delete leaves rows that are published again once their lease lapses: a duplicate job the consumer drops.
  const remove = microBatch<string, undefined>({
    maxItems: batch,
    maxWaitMs: removeWaitMs,
    collect: removeWaitMs > 0,
    run: async (ids) => {
      try {
        await outbox.remove(ids)
      } catch (error) {
        logger.warn({ err: error, jobs: ids.length }, 'could not delete published outbox rows: they are published again after their lease')
      }
      return ids.map(() => undefined)
    }
  })
  const direct = microBatch<OutboxEntry<T>, { removed: Promise<void> }>({
    maxItems: batch,
    maxWaitMs: options.coalesceMs ?? 5,
    run: async (entries) => {
      const handed = await handOver(entries)
      return entries.map(() => handed)
    }
  })

  const drainOnce = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const n = await publishBatch()
      total += n
      if (n < batch || stopped) return total
    }
  }

  const drain = async (): Promise<number> => {
    if (running !== undefined) {
      again = true
      return await running
    }
    running = (async () => {
      let total = 0
      for (;;) {
        again = false
        total += await drainOnce()
        if (!again || stopped) return total
      }
    })().finally(() => { running = undefined })
    return await running
  }

  const tick = (): void => {
    if (stopped) return
    drain().then(() => { tickFailing = false }, (error: unknown) => {
      // The queue's failures are said by handOver; this is the database, said once per outage.
      if (!failing && !tickFailing) logger.warn({ err: error }, 'outbox publishing failed; retried every tick')
      tickFailing = true
    })
  }
  let soon: NodeJS.Timeout | undefined
  let timer: NodeJS.Timeout | undefined

  return {
    start () {
      if (stopped || timer !== undefined) return
      timer = setInterval(tick, options.pollMs ?? 500)
      timer.unref()
    },
    notify () {
      if (soon !== undefined || stopped) return
      soon = setTimeout(() => {
        soon = undefined
        tick()
      }, options.coalesceMs ?? 5)
    },
    async publish (entries) {
      // Rows whose hand-over failed keep their lease until the retry time (handOver released them): the tick takes them.
      // One tracked promise per call, not a chain per entry: the relay publishes on every accepted webhook.
      if (entries.length === 0) return
      const handOne = (entry: OutboxEntry<T>): Promise<void> => direct(entry).then((handed) => handed.removed)
      await track(entries.length === 1 ? handOne(entries[0]!) : Promise.all(entries.map(handOne)))
    },
    drain,
    async stop () {
      stopped = true
      clearInterval(timer)
      clearTimeout(soon)
      await running?.catch(() => 0)
      while (handing.size > 0) await Promise.all([...handing])
    }
  }
}
