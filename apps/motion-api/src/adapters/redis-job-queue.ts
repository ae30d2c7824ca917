// The job queue in Redis: the project's one queue (@openmotion/job-queue's RedisQueue, Lua scripts on sorted sets),
// keyed by rid. A job taken by a worker is leased while the worker renews it; a worker that dies stops renewing and
// the next take by any worker puts the job back at the head of the line for another worker (attempt 2). A job that
// comes back twice is given up by the queue: the stuck-job sweep fails it with 1101 when it had started, a
// recovering API process queues it again when it had not. Jobs travel as versioned payloads (job-payload.ts), so
// processes of two releases share the queue. Cancellations of running jobs go over one pub/sub channel.
import { RedisQueue, keyOfPayload, versionedKeyedQueue } from '@openmotion/job-queue'
import { closeRedis, createLogger, createRedis, type Logger, type Redis } from '@openmotion/common'
import { jobPayload } from './job-payload.js'
import { JOB_MAX_ATTEMPTS } from './job-queue.js'
import type { CancelBus, CancelMessage, JobQueue } from './job-queue.js'

export interface RedisQueueOptions {
  url: string
  /** Key prefix; lets several deployments share one Redis. Default `motion`. */
  prefix?: string
  /** How long a taken job stays leased without renewal (a dead worker's job returns after this). Default 30 000. */
  lockMs?: number
  /**
   * Longest idle wait of a worker: how soon it notices a dead worker's lapsed lease. New jobs wake it at once.
   * Default 1000.
   */
  pollMs?: number
  /** Where a payload this process cannot read is reported. Default: warnings to stdout. */
  logger?: Logger
}

/** The queue's keys are `<prefix>:jobs:*`. */
export const QUEUE_NAME = 'jobs'

export function createRedisJobQueue (options: RedisQueueOptions): JobQueue {
  const payloads = new RedisQueue<unknown>({
    url: options.url,
    prefix: `${options.prefix ?? 'motion'}:${QUEUE_NAME}`,
    connectionName: 'motion-queue',
    visibilityTimeoutMs: options.lockMs ?? 30_000,
    pollMs: options.pollMs ?? 1000,
    keyOf: keyOfPayload(jobPayload, (rid) => rid),
    maxAttempts: JOB_MAX_ATTEMPTS
  })
  return versionedKeyedQueue(payloads, jobPayload, options.logger ?? createLogger({ name: 'motion-queue', level: 'warn' }))
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
