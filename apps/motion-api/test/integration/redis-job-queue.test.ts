// The Redis (BullMQ) job queue: the shared contract, plus what BullMQ adds over a plain list. A job whose worker
// died (killed process, or a lock that lapsed) comes back to the head of the line for another worker, once; the
// line survives a restart of every process. Each test has a key prefix of its own.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { closeRedis, createRedis } from '@openmotion/common'
import { describeWithService } from '@openmotion/test-services'
import { createRedisCancelBus, createRedisJobQueue, QUEUE_NAME, type RedisQueueOptions } from '../../src/adapters/redis-job-queue.js'
import type { JobQueue } from '../../src/adapters/job-queue.js'
import { jobQueueContract } from '../contract/job-queue-contract.js'

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')

describeWithService('redis', (url) => {
  jobQueueContract(async () => {
    const prefix = `test-${randomUUID()}`
    const queue = createRedisJobQueue({ url, prefix, pollSeconds: 0.2 })
    const bus = createRedisCancelBus({ url, prefix })
    return { queue, bus, cleanup: async () => { await queue.close(); await bus.close() } }
  })

  /** Queues sharing one prefix (one deployment); all closed after the test. */
  const deployment = (): { open: (options?: Partial<RedisQueueOptions>) => JobQueue, prefix: string, closeAll: () => Promise<void> } => {
    const prefix = `test-${randomUUID()}`
    const opened: JobQueue[] = []
    return {
      prefix,
      open: (options = {}) => {
        const queue = createRedisJobQueue({ url, prefix, pollSeconds: 0.2, ...options })
        opened.push(queue)
        return queue
      },
      closeAll: async () => { await Promise.all(opened.map(async (q) => { await q.close() })) }
    }
  }
  const never = new AbortController().signal
  /** A pop that gives up after `ms`: undefined when nothing was waiting. */
  const popWithin = async (queue: JobQueue, ms: number) => await queue.pop(AbortSignal.timeout(ms))

  it('gives the job of a killed worker process to another worker, at the head of the line, exactly once', async () => {
    const { open, prefix, closeAll } = deployment()
    try {
      const api = open()
      for (const rid of ['crashed', 'next', 'last']) await api.push(rid)
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/integration/fixtures/queue-taker.ts'], {
        cwd: APP_DIR,
        env: { ...process.env, REDIS_URL: url, QUEUE_PREFIX: prefix, LOCK_MS: '1000' },
        stdio: ['ignore', 'pipe', 'inherit']
      })
      const [taken] = await once(child.stdout, 'data') as [Buffer]
      expect(taken.toString().trim()).toBe('crashed')
      expect(await api.positions(['crashed', 'next', 'last'])).toEqual(new Map([['next', 1], ['last', 2]]))
      child.kill('SIGKILL')
      await once(child, 'exit')

      const survivor = open({ lockMs: 3000, stalledCheckMs: 200 })
      const next = await survivor.pop(never)
      expect(next).toMatchObject({ rid: 'next', attempt: 1 })
      let back = new Map<string, number>()
      for (let i = 0; i < 100 && !back.has('crashed'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        back = await api.positions(['crashed', 'last'])
      }
      expect(back).toEqual(new Map([['crashed', 1], ['last', 2]])) // its lock lapsed: back, ahead of later jobs
      const again = await survivor.pop(never)
      expect(again).toMatchObject({ rid: 'crashed', attempt: 2 })
      for (const lease of [next, again]) await lease!.done()
      expect((await survivor.pop(never))?.rid).toBe('last')
      expect(await popWithin(survivor, 2500)).toBeUndefined() // nothing is handed out a second time
    } finally {
      await closeAll()
    }
  }, 30_000)

  it('takes a job back from a live worker whose lock lapsed and tells that worker its lease is lost', async () => {
    const { open, prefix, closeAll } = deployment()
    const redis = createRedis({ url, name: 'test-lock-thief' })
    try {
      const first = open({ lockMs: 1500, stalledCheckMs: 200 })
      await first.push('slow')
      const lease = await first.pop(never)
      expect(lease?.rid).toBe('slow')
      await redis.del(`${prefix}:${QUEUE_NAME}:slow:lock`) // as if the worker had not renewed in time
      const second = open({ lockMs: 3000, stalledCheckMs: 200 })
      const again = await second.pop(never)
      expect(again).toMatchObject({ rid: 'slow', attempt: 2 })
      for (let i = 0; i < 50 && !lease!.lost.aborted; i++) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(lease!.lost.aborted).toBe(true)
      await lease!.done() // the loser's ending does not disturb the new owner
      expect(again!.lost.aborted).toBe(false)
      await again!.done()
      expect(await popWithin(second, 1500)).toBeUndefined()
    } finally {
      await closeRedis(redis)
      await closeAll()
    }
  }, 30_000)

  it('gives up on a job whose workers die twice, and queues it again when an API process recovers it', async () => {
    const { open, prefix, closeAll } = deployment()
    const redis = createRedis({ url, name: 'test-queue-keys' })
    try {
      const api = open()
      await api.push('poison')
      const settings = { lockMs: 500, stalledCheckMs: 200 }
      const first = open(settings)
      expect((await first.pop(never))?.rid).toBe('poison')
      await first.close() // died holding it
      const second = open(settings)
      expect(await second.pop(never)).toMatchObject({ rid: 'poison', attempt: 2 })
      await second.close() // died again
      const third = open(settings)
      let failed: string | null = null
      for (let i = 0; i < 50 && failed === null; i++) {
        expect(await popWithin(third, 300)).toBeUndefined() // not handed out a third time
        failed = await redis.zscore(`${prefix}:${QUEUE_NAME}:failed`, 'poison')
      }
      expect(failed).not.toBeNull()
      expect(await api.positions(['poison'])).toEqual(new Map())
      await api.push('poison')
      expect(await api.positions(['poison'])).toEqual(new Map([['poison', 1]]))
      const lease = await third.pop(never)
      expect(lease?.rid).toBe('poison')
      await lease!.done()
    } finally {
      await closeRedis(redis)
      await closeAll()
    }
  }, 30_000)

  it('keeps the line, in order, across a restart of every process, and forgets a job once it is done', async () => {
    const { open, prefix, closeAll } = deployment()
    const redis = createRedis({ url, name: 'test-queue-keys' })
    try {
      const before = open()
      for (const rid of ['a', 'b', 'c']) await before.push(rid)
      await before.close()
      const after = open()
      expect(await after.positions(['a', 'b', 'c'])).toEqual(new Map([['a', 1], ['b', 2], ['c', 3]]))
      await after.push('a') // queued again by a recovering API: still once, still first
      expect(await after.positions(['a', 'c'])).toEqual(new Map([['a', 1], ['c', 3]]))
      const lease = await after.pop(never)
      expect(lease?.rid).toBe('a')
      await lease!.done()
      expect(await redis.exists(`${prefix}:${QUEUE_NAME}:a`, `${prefix}:${QUEUE_NAME}:a:lock`)).toBe(0) // its record is the database's
      expect(await redis.exists(`${prefix}:${QUEUE_NAME}:b`)).toBe(1)
    } finally {
      await closeRedis(redis)
      await closeAll()
    }
  })

  it('renews the lock of a long job so no other worker takes it', async () => {
    const { open, closeAll } = deployment()
    try {
      const first = open({ lockMs: 1500, stalledCheckMs: 200 })
      await first.push('long')
      const lease = await first.pop(never)
      const second = open({ lockMs: 1500, stalledCheckMs: 200 })
      expect(await popWithin(second, 4500)).toBeUndefined() // three lock lifetimes later, still only the first's
      expect(lease!.lost.aborted).toBe(false)
      await lease!.done()
    } finally {
      await closeAll()
    }
  }, 30_000)
})
