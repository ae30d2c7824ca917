import { afterAll, beforeAll, describe, it } from 'vitest'
import { openDatabase, type AppInstance, type Database } from '@openmotion/common'
import { MemoryQueue } from '@openmotion/job-queue'
import { expectDegradedThenUnavailable, expectServiceEndpoints } from '@openmotion/test-services'
import type { DeliveryJob } from '../src/domain/delivery-queue.js'
import { buildApp, relayConfig } from '../src/app.js'

let app: AppInstance
let db: Database

beforeAll(async () => {
  db = await openDatabase({})
  app = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent' }), { db })
})
afterAll(async () => {
  await app.close()
  await db.close()
})

describe('webhook-relay health', () => {
  it('answers liveness, readiness, metrics and OpenAPI', async () => {
    await expectServiceEndpoints(app, { title: 'webhook-relay', checks: { database: 'ok', queue: 'ok' } })
  })
})

describe('webhook-relay readiness', () => {
  it('stays ready, degraded and naming the queue, while the queue is down (ingests wait in the outbox); not ready while the database is down', async () => {
    const ownDb = await openDatabase({})
    const queue = new MemoryQueue<DeliveryJob>()
    queue.ping = async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:6379') }
    const relay = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent' }), { db: ownDb, queue })
    try {
      await expectDegradedThenUnavailable(relay, ownDb, { queue: 'failed: connect ECONNREFUSED 127.0.0.1:6379' })
    } finally {
      await relay.close()
      await ownDb.close()
    }
  })
})
