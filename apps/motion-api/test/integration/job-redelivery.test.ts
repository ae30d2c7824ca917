// A job whose worker lost it (its Redis lease lapsed) is run again and finishes exactly once: the first run is
// stopped without a verdict, the redelivery (attempt 2) takes the database claim over, and the client is charged
// once with no refund. API and worker apps share a database of their own and a queue prefix of their own.
import { mkdtempSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { closeRedis, createRedis, type AppInstance } from '@openmotion/common'
import { describeWithService, requireService } from '@openmotion/test-services'
import { createMotionPipeline } from '../../src/adapters/motion-pipeline.js'
import { createRedisCancelBus, createRedisJobQueue, QUEUE_NAME } from '../../src/adapters/redis-job-queue.js'
import { ADMIN, buildTestApp, login, waitForJob } from '../helper.js'
import { freshDatabase } from './fresh-database.js'

describeWithService('redis', (redisUrl) => {
  const databaseUrl = requireService('postgres')
  it.skipIf(databaseUrl === undefined)('runs a job again when its worker loses the lock, and settles it once', async () => {
    const db = await freshDatabase(databaseUrl!, 'motion_redelivery')
    const prefix = `motion-redelivery-${randomUUID()}`
    const queues = [0, 1].map(() => ({
      queue: createRedisJobQueue({ url: redisUrl, prefix, pollMs: 200, lockMs: 3000 }),
      cancels: createRedisCancelBus({ url: redisUrl, prefix })
    }))
    const redis = createRedis({ url: redisUrl, name: 'test-lock-thief' })
    const real = createMotionPipeline()
    const generations: Array<'aborted' | 'finished'> = []
    let taken: (() => void) | undefined
    const firstTaken = new Promise<void>((resolve) => { taken = resolve })
    // The first generation holds until it is aborted; later ones run through.
    const pipeline = {
      ...real,
      generate: async (...args: Parameters<typeof real.generate>) => {
        const signal = args[4].signal
        if (generations.length === 0 && taken !== undefined) {
          taken()
          taken = undefined
          await new Promise((_resolve, reject) => {
            signal.addEventListener(
              'abort',
              () => {
                generations.push('aborted')
                reject(signal.reason)
              },
              { once: true }
            )
          })
        }
        const clip = await real.generate(...args)
        generations.push('finished')
        return clip
      }
    }
    const shared = { DATABASE_URL: db.url, STORAGE_TYPE: 'redis', REDIS_URL: redisUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'motion-redelivery-')) }
    const apps: AppInstance[] = []
    try {
      const api = await buildTestApp({ ...shared, MOTION_ROLE: 'api' }, { queue: queues[0]! })
      apps.push(api)
      apps.push(await buildTestApp({ ...shared, MOTION_ROLE: 'worker', WORKER_CONCURRENCY: '1' }, { queue: queues[1]!, pipeline }))
      await Promise.all(apps.map(async (app) => { await app.ready() }))
      const cookie = await login(api)
      const rid = (
        await api.inject({
          method: 'POST',
          url: '/job/v1/process/text2motion',
          headers: { cookie },
          payload: { params: ['prompt=wave', 'model=openmotion_mannequin', 'skipFBX=1'] }
        })
      ).json().rid as string
      await firstTaken
      // As if the worker had stalled past its lease: it lapses, and the other worker's next look at the line takes
      // the job back (the first worker's heartbeat may renew it first, so lapse it until it was taken over).
      const index = `${prefix}:${QUEUE_NAME}:index`
      const inflight = `${prefix}:${QUEUE_NAME}:inflight`
      const firstLease = await redis.hget(index, rid)
      while (await redis.hget(index, rid) === firstLease) {
        await redis.zadd(inflight, 'XX', 0, firstLease!)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }

      expect(await waitForJob(api, cookie, rid)).toMatchObject({ status: 'SUCCESS' })
      expect(generations).toEqual(['aborted', 'finished'])
      const job = (
        (await api.inject({ url: '/job/v1/list', headers: { cookie } })).json().list as Array<{
          rid: string
          chargedAmount: number
          processingInfo: { attempt?: number }
        }>
      ).find((j) => j.rid === rid)!
      expect(job.processingInfo.attempt).toBe(2)
      const ledger = (await api.inject({ url: '/admin/v1/clients/dev-client/ledger', headers: { authorization: `Bearer ${ADMIN}` } })).json().entries as Array<{
        kind: string
        rid: string | null
        amount: number
      }>
      const entries = ledger.filter((e) => e.rid === rid)
      expect(entries.filter((e) => e.kind === 'refund')).toEqual([])
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(-job.chargedAmount)
      expect(job.chargedAmount).toBeGreaterThan(0)
    } finally {
      for (const app of apps.reverse()) await app.close()
      for (const { queue, cancels } of queues) { await queue.close(); await cancels.close() }
      await closeRedis(redis)
      await db.drop()
    }
  }, 60_000)
})
