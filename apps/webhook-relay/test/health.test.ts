import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance, type Database } from '@openmotion/common'
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
    expect(ready.json().checks).toEqual({ database: 'ok', queue: 'ok' })
    expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
    expect((await app.inject('/openapi.json')).json().info.title).toBe('webhook-relay')
  })
})
