import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance } from '@openmotion/common'
import { buildApp, authConfig } from '../src/app.js'

let app: AppInstance

beforeAll(async () => {
  app = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-health-')) }))
})
afterAll(async () => { await app.close() })

describe('auth-server skeleton', () => {
  it('answers liveness, readiness, metrics and OpenAPI', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })
    expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
    expect((await app.inject('/openapi.json')).json().info.title).toBe('auth-server')
  })
})

describe('auth-server readiness', () => {
  it('stays ready, degraded and naming Redis, while the rate-limit Redis is down; not ready while the database is down', async () => {
    const db = await openDatabase({})
    // Nothing listens on port 1: the limiter's Redis refuses every connection.
    const auth = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-ready-')), REDIS_URL: 'redis://127.0.0.1:1' }), { database: db })
    try {
      const answer = await auth.inject('/readyz')
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: expect.stringMatching(/^failed: /) } })
      db.ping = async () => { throw new Error('Connection terminated') }
      const down = await auth.inject('/readyz')
      expect(down.statusCode).toBe(503)
      expect(down.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed: Connection terminated' } })
    } finally {
      await auth.close()
      await db.close()
    }
  })
})
