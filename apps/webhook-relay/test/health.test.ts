import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance, type Database } from '@openmotion/common'
import { MemoryQueue } from '@openmotion/job-queue'
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
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } })
    expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
    expect((await app.inject('/openapi.json')).json().info.title).toBe('webhook-relay')
  })
})

describe('webhook-relay readiness', () => {
  it('stays ready, degraded and naming the queue, while the queue is down (ingests wait in the outbox); not ready while the database is down', async () => {
    const ownDb = await openDatabase({})
    const queue = new MemoryQueue<DeliveryJob>()
    queue.ping = async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:6379') }
    const relay = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent' }), { db: ownDb, queue })
    try {
      const answer = await relay.inject('/readyz')
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ status: 'degraded', checks: { database: 'ok', queue: 'failed: connect ECONNREFUSED 127.0.0.1:6379' } })
      ownDb.ping = async () => { throw new Error('Connection terminated') }
      const down = await relay.inject('/readyz')
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'failed: Connection terminated', queue: 'failed: connect ECONNREFUSED 127.0.0.1:6379' } })
    } finally {
      await relay.close()
      await ownDb.close()
    }
  })
})
