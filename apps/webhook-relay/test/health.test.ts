import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildApp, relayConfig } from '../src/app.js'

let app: AppInstance

beforeAll(async () => {
  app = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent' }))
})
afterAll(async () => { await app.close() })

describe('webhook-relay skeleton', () => {
  it('answers liveness, readiness, metrics and OpenAPI', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    expect((await app.inject('/readyz')).statusCode).toBe(200)
    expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
    expect((await app.inject('/openapi.json')).json().info.title).toBe('webhook-relay')
  })
})
