// The job queue in Redis: one list (RPUSH to enqueue, BLPOP to take, LREM to withdraw, LPOS for the place in
// line) and one pub/sub channel for cancellations. Taking a job from the list is atomic, so each job goes to
// exactly one worker; the database claim in the worker guards against a job queued twice.
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import type { CancelBus, CancelMessage, JobQueue } from './job-queue.js'

export interface RedisQueueOptions {
  url: string
  /** Key prefix; lets several deployments share one Redis. Default `motion`. */
  prefix?: string
  /** Seconds one BLPOP waits before checking for shutdown. Default 1. */
  pollSeconds?: number
}

export function createRedisJobQueue (options: RedisQueueOptions): JobQueue {
  const key = `${options.prefix ?? 'motion'}:queue`
  const commands = createRedis({ url: options.url, name: 'motion-queue' })
  // BLPOP blocks its connection, so each concurrent taker gets its own, kept for its next pop.
  const all: Redis[] = []
  const idle: Redis[] = []
  return {
    async push (rid) { await commands.rpush(key, rid) },
    async pop (signal) {
      let connection = idle.pop()
      if (connection === undefined) {
        connection = createRedis({ url: options.url, name: 'motion-queue-pop', maxRetriesPerRequest: null })
        all.push(connection)
      }
      try {
        while (!signal.aborted) {
          const reply = await connection.blpop(key, options.pollSeconds ?? 1)
          if (reply !== null) return reply[1]
        }
        return undefined
      } finally {
        idle.push(connection)
      }
    },
    async remove (rid) { return (await commands.lrem(key, 0, rid)) > 0 },
    async positions (rids) {
      const out = new Map<string, number>()
      if (rids.length === 0) return out
      const pipeline = commands.pipeline()
      for (const rid of rids) pipeline.lpos(key, rid)
      const replies = (await pipeline.exec()) ?? []
      rids.forEach((rid, i) => { const [error, index] = replies[i] ?? [null, null]; if (error === null && typeof index === 'number') out.set(rid, index + 1) })
      return out
    },
    async close () {
      await Promise.all(all.map(async (c) => { await closeRedis(c) }))
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
