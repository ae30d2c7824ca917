// /openapi.json is complete: every operation documents its success body and its error statuses with the shared
// error schema, and the upload and signed-file routes are in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildTestApp } from './helper.js'

interface Operation { responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>, description?: string }> }

const HEALTH = ['GET /healthz', 'GET /readyz']

let app: AppInstance
let paths: Record<string, Record<string, Operation>>

beforeAll(async () => {
  app = await buildTestApp()
  paths = (await app.inject('/openapi.json')).json().paths
})
afterAll(async () => { await app.close() })

const operations = () => Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const))

describe('OpenAPI document', () => {
  it('lists the upload routes and the signed-file GET', () => {
    const names = operations().map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining(['POST /uploads/{id}', 'PUT /uploads/{id}', 'GET /files/{*}']))
  })

  it('documents a success response of every operation (with a body schema unless it is binary)', () => {
    for (const [name, op] of operations()) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status))
      expect(success.length, name).toBeGreaterThan(0)
      for (const [, response] of success) expect(response.content, name).toBeDefined()
    }
  })

  it('documents the error statuses of every operation with the shared error schema', () => {
    for (const [name, op] of operations()) {
      // Health probes (from @openmotion/common) cannot fail a request: /healthz is 200, /readyz 503 with its checks.
      if (HEALTH.includes(name)) continue
      const failures = Object.entries(op.responses ?? {}).filter(([status]) => /^[45]\d\d$/.test(status))
      expect(failures.length, name).toBeGreaterThan(0)
      for (const [, response] of failures) {
        expect(response.content?.['application/json']?.schema?.properties, name).toHaveProperty('error')
      }
    }
  })
})
