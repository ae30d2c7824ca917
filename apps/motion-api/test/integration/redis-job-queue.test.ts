// The Redis job queue (the shared RedisQueue as motion-api configures it): the contract, plus what it adds over
// one process. A job whose worker died (killed process, or a lease that lapsed) comes back to the head of the line
// for another worker, once; the line survives a restart of every process. Each test has a key prefix of its own.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import { leaseTaker, type LeaseTaker } from '@openmotion/job-queue/testing'
import { describeWithService } from '@openmotion/test-services'
import { createRedisCancelBus, createRedisJobQueue, QUEUE_NAME, type RedisQueueOptions } from '../../src/adapters/redis-job-queue.js'
import type { JobQueue } from '../../src/adapters/job-queue.js'
import { jobQueueContract } from '../contract/job-queue-contract.js'

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')
const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

describeWithService('redis', (url) => {
  jobQueueContract(async () => {
    const prefix = `test-${randomUUID()}`
    const queue = createRedisJobQueue({ url, prefix })
    const bus = createRedisCancelBus({ url, prefix })
    return { queue, bus, cleanup: async () => { await queue.close(); await bus.close() } }
  })

  interface Deployment {
    prefix: string
    open: (options?: Partial<RedisQueueOptions>) => JobQueue
    /** A worker on `queue` taking one job at a time (released at the end of the test). */
    worker: (queue: JobQueue) => Promise<LeaseTaker<string>>
    /** A worker process that takes one job, prints `<rid> <attempt>` and holds it until it is killed. */
    crashingWorker: (lockMs: number) => Promise<{ taken: string, kill: () => Promise<void> }>
    /** Makes the lease of a held job lapse, as if its worker had stopped renewing it. */
    lapse: (redis: Redis, rid: string) => Promise<void>
    closeAll: () => Promise<void>
  }
  /** Queues sharing one prefix (one deployment); all closed after the test. */
  const deployment = (): Deployment => {
    const prefix = `test-${randomUUID()}`
    const opened: JobQueue[] = []
    const takers: Array<LeaseTaker<string>> = []
    return {
      prefix,
      open: (options = {}) => {
        const queue = createRedisJobQueue({ url, prefix, pollMs: 200, ...options })
        opened.push(queue)
        return queue
      },
      worker: async (queue) => {
        const taker = await leaseTaker(queue)
        takers.push(taker)
        return taker
      },
      crashingWorker: async (lockMs) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'test/integration/fixtures/queue-taker.ts'], {
          cwd: APP_DIR,
          env: { ...process.env, REDIS_URL: url, QUEUE_PREFIX: prefix, LOCK_MS: String(lockMs) },
          stdio: ['ignore', 'pipe', 'inherit']
        })
        const [taken] = await once(child.stdout, 'data') as [Buffer]
        return { taken: taken.toString().trim(), kill: async () => { child.kill('SIGKILL'); await once(child, 'exit') } }
      },
      lapse: async (redis, rid) => {
        const member = await redis.hget(`${prefix}:${QUEUE_NAME}:index`, rid)
        if (member !== null) await redis.zadd(`${prefix}:${QUEUE_NAME}:inflight`, 'XX', 0, member)
      },
      closeAll: async () => {
        for (const taker of takers) taker.releaseAll()
        await Promise.all(opened.map(async (q) => { await q.close() }))
      }
    }
  }

  it('gives the job of a killed worker process to another worker, at the head of the line, exactly once', async () => {
    const { open, worker, crashingWorker, closeAll } = deployment()
    try {
      const api = open()
      await api.enqueue(['crashed', 'next', 'last'])
      const crashing = await crashingWorker(1000)
      expect(crashing.taken).toBe('crashed 1')
      expect(await api.positions(['crashed', 'next', 'last'])).toEqual(new Map([['next', 1], ['last', 2]]))
      await crashing.kill()

      const survivor = await worker(open({ lockMs: 3000 }))
      const next = await survivor.next()
      expect(next).toMatchObject({ job: 'next', lease: { attempt: 1 } })
      let back = new Map<string, number>()
      for (let i = 0; i < 100 && !back.has('crashed'); i++) {
        await sleep(100)
        back = await api.positions(['crashed', 'last'])
      }
      expect(back).toEqual(new Map([['crashed', 1], ['last', 2]])) // its lease lapsed: back, ahead of later jobs
      next!.done()
      const again = await survivor.next()
      expect(again).toMatchObject({ job: 'crashed', lease: { attempt: 2 } })
      again!.done()
      const last = await survivor.next()
      expect(last?.job).toBe('last')
      last!.done()
      expect(await survivor.next(2500)).toBeUndefined() // nothing is handed out a second time
    } finally {
      await closeAll()
    }
  }, 30_000)

  it('takes a job back from a live worker whose lease lapsed and tells that worker its lease is lost', async () => {
    const { open, worker, lapse, closeAll } = deployment()
    const redis = createRedis({ url, name: 'test-lease-thief' })
    try {
      const first = await worker(open({ lockMs: 1500 }))
      const api = open()
      await api.enqueue(['slow'])
      const lease = await first.next()
      expect(lease?.job).toBe('slow')
      const second = await worker(open({ lockMs: 3000 }))
      let again: Awaited<ReturnType<typeof second.next>>
      // As if the first worker had stalled past its lease (its heartbeat may renew it first, so lapse it until taken).
      while (again === undefined) {
        await lapse(redis, 'slow')
        again = await second.next(100)
      }
      expect(again).toMatchObject({ job: 'slow', lease: { attempt: 2 } })
      for (let i = 0; i < 50 && !lease!.lease.lost.aborted; i++) await sleep(100)
      expect(lease!.lease.lost.aborted).toBe(true)
      lease!.done() // the loser's ending does not disturb the new owner
      await sleep(200)
      expect(again.lease.lost.aborted).toBe(false)
      await api.enqueue(['slow']) // still the second worker's: nothing added
      expect(await first.next(500)).toBeUndefined()
      again.done()
      expect(await second.next(1500)).toBeUndefined()
    } finally {
      await closeRedis(redis)
      await closeAll()
    }
  }, 30_000)

  it('gives up on a job whose workers die twice, and queues it again when an API process recovers it', async () => {
    const { open, worker, crashingWorker, prefix, closeAll } = deployment()
    const redis = createRedis({ url, name: 'test-queue-keys' })
    try {
      const api = open()
      await api.enqueue(['poison'])
      const first = await crashingWorker(500)
      expect(first.taken).toBe('poison 1')
      await first.kill() // died holding it
      const second = await crashingWorker(500)
      expect(second.taken).toBe('poison 2')
      await second.kill() // died again
      const third = open({ lockMs: 500 })
      const taker = await worker(third)
      let dropped: string[] = []
      for (let i = 0; i < 50 && dropped.length === 0; i++) {
        expect(await taker.next(300)).toBeUndefined() // not handed out a third time
        dropped = await redis.zrange(`${prefix}:${QUEUE_NAME}:dropped`, 0, -1)
      }
      expect(dropped).toHaveLength(1)
      expect(dropped[0]).toContain('"poison"')
      expect(await api.positions(['poison'])).toEqual(new Map())
      await third.stop()
      await api.enqueue(['poison'])
      expect(await api.positions(['poison'])).toEqual(new Map([['poison', 1]]))
      const fourth = await worker(open())
      const lease = await fourth.next()
      expect(lease).toMatchObject({ job: 'poison', lease: { attempt: 1 } })
      lease!.done()
    } finally {
      await closeRedis(redis)
      await closeAll()
    }
  }, 30_000)

  it('keeps the line, in order, across a restart of every process, and forgets a job once it is done', async () => {
    const { open, worker, prefix, closeAll } = deployment()
    const redis = createRedis({ url, name: 'test-queue-keys' })
    try {
      const before = open()
      await before.enqueue(['a', 'b', 'c'])
      await before.close()
      const after = open()
      expect(await after.positions(['a', 'b', 'c'])).toEqual(new Map([['a', 1], ['b', 2], ['c', 3]]))
      await after.enqueue(['a']) // queued again by a recovering API: still once, still first
      expect(await after.positions(['a', 'c'])).toEqual(new Map([['a', 1], ['c', 3]]))
      const taker = await worker(after)
      const lease = await taker.next()
      expect(lease?.job).toBe('a')
      lease!.done()
      const index = `${prefix}:${QUEUE_NAME}:index`
      for (let i = 0; i < 50 && await redis.hexists(index, 'a') === 1; i++) await sleep(20)
      expect(await redis.hexists(index, 'a')).toBe(0) // its record is the database's
      expect(await redis.hexists(index, 'b')).toBe(1)
    } finally {
      await closeRedis(redis)
      await closeAll()
    }
  })

  it('renews the lease of a long job so no other worker takes it', async () => {
    const { open, worker, closeAll } = deployment()
    try {
      const first = await worker(open({ lockMs: 1500 }))
      await open().enqueue(['long'])
      const lease = await first.next()
      const second = await worker(open({ lockMs: 1500 }))
      expect(await second.next(4500)).toBeUndefined() // three lease lifetimes later, still only the first's
      expect(lease!.lease.lost.aborted).toBe(false)
      lease!.done()
    } finally {
      await closeAll()
    }
  }, 30_000)
})
