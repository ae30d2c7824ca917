import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance } from '@openmotion/common'
import { expectDegradedThenUnavailable, expectServiceEndpoints } from '@openmotion/test-services'
import { createMemoryCancelBus, createMemoryJobQueue } from '../src/adapters/job-queue.js'
import { buildTestApp } from './helper.js'

let app: AppInstance

beforeAll(async () => { app = await buildTestApp() })
afterAll(async () => { await app.close() })

describe('motion-api health', () => {
  it('answers liveness, readiness (database and queue checked), metrics and OpenAPI', async () => {
    const doc = await expectServiceEndpoints(app, { title: 'motion-api', checks: { database: 'ok', queue: 'ok' } })
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/account/v1/auth', '/job/v1/process/{processor}', '/character/v1/storeModel']))
  })
})

describe('motion-api readiness', () => {
  it('stays ready, degraded and naming the queue, while the job queue is down (submissions wait in the outbox); not ready while the database is down', async () => {
    const db = await openDatabase({})
    const queue = createMemoryJobQueue()
    queue.ping = async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:6379') }
    const degraded = await buildTestApp({}, { database: db, queue: { queue, cancels: createMemoryCancelBus() } })
    try {
      await expectDegradedThenUnavailable(degraded, db, { queue: 'failed: connect ECONNREFUSED 127.0.0.1:6379' })
    } finally {
      await degraded.close()
      await queue.close()
      await db.close()
    }
  })
})

describe('motion-api readiness with FILE_STORE=s3', () => {
  it('is not ready while the bucket cannot be reached (no upload or download can be served), naming the variable to check; the process still serves', async () => {
    // Nothing listens on port 9: the store refuses every connection.
    const app = await buildTestApp({ FILE_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'motion-files', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200)
      const answer = await app.inject('/readyz')
      expect(answer.statusCode).toBe(503)
      const body = answer.json<{ status: string, checks: Record<string, string> }>()
      expect(body.status).toBe('unavailable')
      expect(body.checks.database).toBe('ok')
      expect(body.checks.files).toMatch(/^failed: bucket motion-files cannot be reached at S3_ENDPOINT=http:\/\/127\.0\.0\.1:9\b/)
    } finally {
      await app.close()
    }
  })
})

describe('motion-api configuration', () => {
  it('refuses RELAY_URL without RELAY_API_KEY, naming the variable', async () => {
    await expect(buildTestApp({ RELAY_URL: 'http://relay.example:8090' })).rejects.toThrow(/RELAY_API_KEY/)
  })
})
