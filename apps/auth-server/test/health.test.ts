import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildApp, authConfig } from '../src/app.js'

let app: AppInstance

beforeAll(async () => {
  app = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-health-')) }))
})
afterAll(async () => { await app.close() })

describe('auth-server skeleton', () => {
  it('answers liveness, readiness, metrics and OpenAPI', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    expect((await app.inject('/readyz')).statusCode).toBe(200)
    expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
    expect((await app.inject('/openapi.json')).json().info.title).toBe('auth-server')
  })
})
