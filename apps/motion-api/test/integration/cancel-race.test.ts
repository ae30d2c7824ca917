// The cancel race on PostgreSQL (a database of its own per test) and with the Redis job queue and cancel bus
// (a key prefix of its own), in-process and Redis workers alike.
import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { openDatabase } from '@openmotion/common'
import { describeWithService, requireService } from '@openmotion/test-services'
import { createRedisCancelBus, createRedisJobQueue } from '../../src/adapters/redis-job-queue.js'
import { cancelRaceSuite, type RaceSetup } from '../contract/cancel-race-suite.js'

/** A fresh database on the test server, dropped afterwards. */
async function freshDatabase (serverUrl: string): Promise<{ url: string, drop: () => Promise<void> }> {
  const name = `motion_cancel_${randomUUID().replace(/-/g, '')}`
  const admin = await openDatabase({ url: serverUrl })
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: async () => {
      // Without FORCE: the app has closed its pool; a connection still closing only leaves the database behind.
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined)
      await admin.close()
    }
  }
}

function redisQueue (redisUrl: string): RaceSetup {
  const prefix = `motion-cancel-${randomUUID()}`
  const queue = createRedisJobQueue({ url: redisUrl, prefix, pollSeconds: 0.2 })
  const cancels = createRedisCancelBus({ url: redisUrl, prefix })
  return { overrides: { queue: { queue, cancels } }, cleanup: async () => { await queue.close(); await cancels.close() } }
}

describeWithService('postgres', (databaseUrl) => {
  describe('in-process worker', () => {
    cancelRaceSuite(async () => {
      const db = await freshDatabase(databaseUrl)
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
      const db = await freshDatabase(databaseUrl!)
      const queue = redisQueue(redisUrl)
      return { env: { DATABASE_URL: db.url }, overrides: queue.overrides, cleanup: async () => { await queue.cleanup?.(); await db.drop() } }
    })
  })
})
