// The job queue in Redis, on BullMQ: a job taken by a worker is locked while its lease lives (the lock is renewed
// here); a worker that dies stops renewing, BullMQ's stalled-job check puts the job back at the front of the line
// and another worker takes it (attempt 2). A job that stalls twice is given up by the queue: the stuck-job sweep
// fails it with 1101 when it had started, a recovering API process queues it again when it had not. Cancellations
// of running jobs go over one pub/sub channel.
// Fetching is manual (Worker.getNextJob) because the domain pulls jobs (JobQueue.pop) rather than being called.
import { randomUUID } from 'node:crypto'
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import type { CancelBus, CancelMessage, JobLease, JobQueue } from './job-queue.js'

export interface RedisQueueOptions {
  url: string
  /** Key prefix; lets several deployments share one Redis. Default `motion`. */
  prefix?: string
  /** Seconds one blocking fetch waits before checking for shutdown. Default 1. */
  pollSeconds?: number
  /** How long a taken job stays locked without renewal (a dead worker's job returns after this). Default 30 000. */
  lockMs?: number
  /** How often workers look for jobs whose lock expired. Default 30 000. */
  stalledCheckMs?: number
}

/** The BullMQ queue name; keys are `<prefix>:jobs:*`. */
export const QUEUE_NAME = 'jobs'

interface Held { job: Job, token: string, lost: AbortController }

export function createRedisJobQueue (options: RedisQueueOptions): JobQueue {
  const prefix = options.prefix ?? 'motion'
  const lockMs = options.lockMs ?? 30_000
  // Submissions, cancels and status reads fail fast while Redis is away (a few retries, like every other command);
  // takers wait for it (BullMQ requires that of workers) on one shared connection, plus a blocking one each.
  const commands = createRedis({ url: options.url, name: 'motion-queue' })
  let takerConnection: Redis | undefined
  const queue = new Queue(QUEUE_NAME, {
    connection: commands,
    prefix,
    // Outcomes live in the database; BullMQ keeps finished entries only for dashboards (bull-board), briefly.
    defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { age: 7 * 86_400, count: 1000 } },
    streams: { events: { maxLen: 1000 } }
  })
  // Unheard, BullMQ prints every reconnect failure; a Redis outage shows as failed commands (503) and /readyz 503.
  queue.on('error', () => {})
  const takers: Worker[] = []
  const idle: Worker[] = []
  const held = new Map<string, Held>()
  let renewal: NodeJS.Timeout | undefined
  const closing = new AbortController()

  const newTaker = (): Worker => {
    takerConnection ??= createRedis({ url: options.url, name: 'motion-queue-take', maxRetriesPerRequest: null })
    const worker = new Worker(QUEUE_NAME, null, {
      connection: takerConnection,
      prefix,
      autorun: false,
      drainDelay: options.pollSeconds ?? 1,
      lockDuration: lockMs,
      stalledInterval: options.stalledCheckMs ?? 30_000,
      // One retry after a crash: a job that kills its worker twice is not handed out again.
      maxStalledCount: 1
    })
    worker.on('error', () => { /* connection errors surface as rejected pops, which the job worker logs */ })
    // One stalled-job checker per process that takes jobs; an API-only process never pops and runs none.
    if (takers.length === 0) worker.startStalledCheckTimer().catch(() => { /* retried on its next tick */ })
    takers.push(worker)
    return worker
  }

  const renewLocks = async (): Promise<void> => {
    const worker = takers[0]
    if (worker === undefined || held.size === 0) return
    const entries = [...held.values()]
    const failed = new Set(await worker.extendJobLocks(entries.map((h) => h.job.id!), entries.map((h) => h.token), lockMs))
    for (const entry of entries) if (failed.has(entry.job.id!)) entry.lost.abort()
  }

  const lease = (job: Job, token: string): JobLease => {
    const rid = job.id!
    const entry: Held = { job, token, lost: new AbortController() }
    held.set(rid, entry)
    renewal ??= setInterval(() => { renewLocks().catch(() => { /* retried next tick; an expired lock aborts the lease */ }) }, lockMs / 3).unref()
    return {
      rid,
      attempt: 1 + (job.stalledCounter ?? 0),
      lost: entry.lost.signal,
      done: async () => {
        held.delete(rid)
        // A lease already lost belongs to another worker now; completing it here would fail on its lock.
        if (!entry.lost.signal.aborted) await job.moveToCompleted('done', token, false)
      }
    }
  }

  return {
    async push (rid) {
      // The rid is the job id, so queueing a job that is already in the queue adds nothing. One the queue gave up
      // on (its workers died twice before claiming it) is queued again by an API process recovering it.
      const job = await queue.add('run', { rid }, { jobId: rid })
      if (await job.isFailed()) await job.retry('failed')
    },
    async pop (signal) {
      const taker = idle.pop() ?? newTaker()
      try {
        while (!signal.aborted && !closing.signal.aborted) {
          const token = randomUUID()
          const job = await taker.getNextJob(token, { block: true })
          if (job === undefined) continue
          // Stalled once too often (BullMQ marks it when putting it back): failed in the queue, not handed out.
          if (job.deferredFailure !== undefined) { await job.moveToFailed(new UnrecoverableError(job.deferredFailure), token, false); continue }
          if (!signal.aborted) return lease(job, token)
          // Taken while the wait was being abandoned: back to the front of the line, untouched.
          await job.moveToWait(token)
        }
        return undefined
      } finally {
        idle.push(taker)
      }
    },
    async remove (rid) {
      // Only a waiting job: a running one is locked (BullMQ refuses), a finished one is not in the line.
      if (await queue.getJobState(rid) !== 'waiting') return false
      return (await queue.remove(rid)) === 1
    },
    async positions (rids) {
      const out = new Map<string, number>()
      const multi = commands.multi().llen(queue.keys.wait!)
      for (const rid of rids) multi.lpos(queue.keys.wait!, rid)
      const replies = (await multi.exec()) ?? []
      // BullMQ pushes new jobs on the left and takes from the right, so the line's head is the list's tail.
      const length = replies[0]?.[1]
      if (typeof length !== 'number') return out
      rids.forEach((rid, i) => {
        const [error, index] = replies[i + 1] ?? [null, null]
        if (error === null && typeof index === 'number') out.set(rid, length - index)
      })
      return out
    },
    async close () {
      // Leases still held are not completed: their locks lapse and another worker takes the jobs up again.
      closing.abort()
      if (renewal !== undefined) clearInterval(renewal)
      held.clear()
      await Promise.all(takers.map(async (t) => { await t.close(true) }))
      await queue.close()
      if (takerConnection !== undefined) await closeRedis(takerConnection)
      await closeRedis(commands)
    }
  }
}

export function createRedisCancelBus (options: RedisQueueOptions): CancelBus {
  const channel = `${options.prefix ?? 'motion'}:cancel`
  const publisher = createRedis({ url: options.url, name: 'motion-cancel-pub' })
  let subscriber: Redis | undefined
  return {
    async publish (message) { await publisher.publish(channel, JSON.stringify(message)) },
    async subscribe (handler) {
      subscriber ??= createRedis({ url: options.url, name: 'motion-cancel-sub', maxRetriesPerRequest: null })
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return
        try { handler(JSON.parse(text) as CancelMessage) } catch { /* a malformed message is not ours */ }
      })
      await subscriber.subscribe(channel)
    },
    async close () {
      if (subscriber !== undefined) await closeRedis(subscriber)
      await closeRedis(publisher)
    }
  }
}
