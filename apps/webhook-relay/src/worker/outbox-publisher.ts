// Moves outbox rows into the delivery queue. Acceptance, failed attempts and replays only commit rows and call
// `notify()`, so the request never waits on (or fails with) the broker; the publisher drains within
// `coalesceMs` (notifications in that window share one claim and one delete, so a busy ingest does not double
// its statements with one publish per commit), and polls
// as well so rows committed by a relay that died right after its commit are published by any other relay. A row
// is deleted only after the queue took its job: a crash in between publishes it again (at-least-once; the worker's
// attempt check drops the duplicate), and a failed enqueue leaves it for a retry a second later. Jobs committed
// already leased to this relay (acceptance's group commit) are handed over by `publish` without being claimed:
// those that arrive while a hand-over runs go together. Rows of handed-over jobs are deleted in the background,
// many per statement (collected for up to REMOVE_WAIT_MS): they stay leased meanwhile, so no poller takes them.
import type { Logger } from '@openmotion/common'
import type { DeliveryJob, DeliveryQueue, OutboxEntry } from '../domain/delivery-queue.js'
import { microBatch } from '../domain/micro-batch.js'
import type { OutboxRepository } from '../domain/ports.js'

export interface OutboxPublisherOptions {
  outbox: OutboxRepository
  queue: DeliveryQueue
  logger: Logger
  /** Poll for rows other relays committed (default 500 ms). */
  pollMs?: number
  /** Notifications within this long share one drain (default 5 ms). */
  coalesceMs?: number
  batch?: number
  /**
   * A claim no publisher finished within this long is taken over (default 5 s): rows claimed by a relay killed
   * mid-publish wait this long, so it is short; an enqueue slower than this may publish a job twice (harmless).
   */
  leaseMs?: number
  retryMs?: number
}

export interface OutboxPublisher {
  /** Rows were committed: publish them now. */
  notify (): void
  /** Rows were committed leased to this relay: hand these jobs to the queue (no claim needed). */
  publish (entries: readonly OutboxEntry[]): void
  /** Publishes everything publishable now; resolves when the outbox had nothing left to hand over. */
  drain (): Promise<number>
  stop (): Promise<void>
}

const REMOVE_WAIT_MS = 50

export function startOutboxPublisher (options: OutboxPublisherOptions): OutboxPublisher {
  const { outbox, queue, logger } = options
  const batch = options.batch ?? 500
  const leaseMs = options.leaseMs ?? 5000
  const retryMs = options.retryMs ?? 1000
  let stopped = false
  let running: Promise<number> | undefined
  let again = false
  let failing = false

  /** Enqueues entries this relay holds (claimed or committed leased to it), then deletes their rows. */
  const handOver = async (entries: readonly OutboxEntry[]): Promise<void> => {
    // Jobs due now go to the queue in one call, later ones one call per due time (a retry's or a replay's).
    const now = Date.now()
    const byDue = new Map<number, DeliveryJob[]>()
    for (const e of entries) {
      const dueAt = Math.max(now, e.dueAt.getTime())
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
    remove(entries.map((e) => e.id))
  }
  const publishBatch = async (): Promise<number> => {
    const now = new Date()
    const entries = await outbox.claim(batch, new Date(now.getTime() + leaseMs), now)
    if (entries.length === 0) return 0
    await handOver(entries)
    return entries.length
  }
  // Deletes wait up to REMOVE_WAIT_MS to share a statement (not only while one runs: a delete as fast as a group
  // commit would otherwise go one per commit). A failed delete leaves rows that are published again once their
  // lease lapses: a duplicate job the worker drops.
  let removing: string[] = []
  let removeTimer: NodeJS.Timeout | undefined
  const flushRemovals = (): void => {
    clearTimeout(removeTimer)
    removeTimer = undefined
    const ids = removing
    removing = []
    if (ids.length === 0) return
    track(outbox.remove(ids).catch((error: unknown) => {
      logger.warn({ err: error, jobs: ids.length }, 'could not delete published outbox rows: they are published again after their lease')
    }))
  }
  const remove = (ids: readonly string[]): void => {
    removing.push(...ids)
    if (removing.length >= batch) flushRemovals()
    else removeTimer ??= setTimeout(flushRemovals, REMOVE_WAIT_MS)
  }
  const direct = microBatch<OutboxEntry, undefined>({
    maxItems: batch,
    maxWaitMs: options.coalesceMs ?? 5,
    run: async (entries) => {
      await handOver(entries)
      return entries.map(() => undefined)
    }
  })
  const handing = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>): void => {
    const tracked = work.catch(() => undefined).finally(() => handing.delete(tracked))
    handing.add(tracked)
  }

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
      return running
    }
    running = (async () => {
      let total = 0
      for (;;) {
        again = false
        total += await drainOnce()
        if (!again || stopped) return total
      }
    })().finally(() => { running = undefined })
    return running
  }

  const tick = () => {
    if (stopped) return
    drain().catch((error: unknown) => { if (!failing) logger.error({ err: error }, 'outbox publishing failed') })
  }
  let soon: NodeJS.Timeout | undefined
  const timer = setInterval(tick, options.pollMs ?? 500)
  timer.unref()

  return {
    notify () {
      if (soon !== undefined || stopped) return
      soon = setTimeout(() => {
        soon = undefined
        tick()
      }, options.coalesceMs ?? 5)
    },
    publish (entries) {
      // Rows whose hand-over failed keep their lease until the retry time (handOver released them): the poll takes them.
      for (const entry of entries) track(direct(entry))
    },
    drain,
    async stop () {
      stopped = true
      clearInterval(timer)
      clearTimeout(soon)
      await running?.catch(() => 0)
      while (handing.size > 0) await Promise.all([...handing])
      flushRemovals()
      while (handing.size > 0) await Promise.all([...handing])
    }
  }
}
