import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildTestApp } from './helper.js'

let app: AppInstance

beforeAll(async () => { app = await buildTestApp() })
afterAll(async () => { await app.close() })

describe('motion-api health', () => {
  it('answers liveness, readiness (database checked), metrics and OpenAPI', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json().checks).toEqual({ database: 'ok' })
    expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
    const doc = (await app.inject('/openapi.json')).json()
    expect(doc.info.title).toBe('motion-api')
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/account/v1/auth', '/job/v1/process/{processor}', '/character/v1/storeModel']))
  })
})

describe('motion-api configuration', () => {
  it('refuses RELAY_URL without RELAY_API_KEY, naming the variable', async () => {
    await expect(buildTestApp({ RELAY_URL: 'http://relay.example:8090' })).rejects.toThrow(/RELAY_API_KEY/)
  })
})
