import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance } from '@openmotion/common'
import { expectDegradedThenUnavailable, expectServiceEndpoints } from '@openmotion/test-services'
import { buildApp, authConfig } from '../src/app.js'

let app: AppInstance

beforeAll(async () => {
  app = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-health-')) }))
})
afterAll(async () => { await app.close() })

describe('auth-server skeleton', () => {
  it('answers liveness, readiness, metrics and OpenAPI', async () => {
    await expectServiceEndpoints(app, { title: 'auth-server', checks: { database: 'ok' } })
  })
})

describe('auth-server readiness', () => {
  it('stays ready, degraded and naming Redis, while the rate-limit Redis is down; not ready while the database is down', async () => {
    const db = await openDatabase({})
    // Nothing listens on port 1: the limiter's Redis refuses every connection.
    const auth = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-ready-')), REDIS_URL: 'redis://127.0.0.1:1' }), { database: db })
    try {
      await expectDegradedThenUnavailable(auth, db, { redis: expect.stringMatching(/^failed: /) })
    } finally {
      await auth.close()
      await db.close()
    }
  })
})
