// The cancel race on PostgreSQL (a database of its own per test) and with the Redis job queue and cancel bus
// (a key prefix of its own), in-process and Redis workers alike.
import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { describeWithService, requireService } from '@openmotion/test-services'
import { createRedisCancelBus, createRedisJobQueue } from '../../src/adapters/redis-job-queue.js'
import { cancelRaceSuite, type RaceSetup } from '../contract/cancel-race-suite.js'
import { freshDatabase } from './fresh-database.js'

function redisQueue (redisUrl: string): RaceSetup {
  const prefix = `motion-cancel-${randomUUID()}`
  const queue = createRedisJobQueue({ url: redisUrl, prefix, pollMs: 200 })
  const cancels = createRedisCancelBus({ url: redisUrl, prefix })
  return { overrides: { queue: { queue, cancels } }, cleanup: async () => { await queue.close(); await cancels.close() } }
}

describeWithService('postgres', (databaseUrl) => {
  describe('in-process worker', () => {
    cancelRaceSuite(async () => {
      const db = await freshDatabase(databaseUrl, 'motion_cancel')
      return { env: { DATABASE_URL: db.url }, cleanup: db.drop }
    })
  })
})

describeWithService('redis', (redisUrl) => {
  describe('Redis worker, PGlite', () => {
    cancelRaceSuite(async () => redisQueue(redisUrl))
  })

  const databaseUrl = requireService('postgres')
  describe.skipIf(databaseUrl === undefined)('Redis worker, PostgreSQL', () => {
    cancelRaceSuite(async () => {
      const db = await freshDatabase(databaseUrl!, 'motion_cancel')
      const queue = redisQueue(redisUrl)
      return { env: { DATABASE_URL: db.url }, overrides: queue.overrides, cleanup: async () => { await queue.cleanup?.(); await db.drop() } }
    })
  })
})
