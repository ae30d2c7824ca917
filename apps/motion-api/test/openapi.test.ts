// /openapi.json is complete: every operation documents its success body and its error statuses with the shared
// error schema (openapiGaps of @openmotion/test-services, the bar all three apps meet), and the upload and
// signed-file routes are in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { openapiGaps, operationsOf, type OpenapiDocument } from '@openmotion/test-services'
import { buildTestApp } from './helper.js'

let app: AppInstance
let doc: OpenapiDocument

beforeAll(async () => {
  app = await buildTestApp()
  doc = (await app.inject('/openapi.json')).json()
})
afterAll(async () => { await app.close() })

describe('OpenAPI document', () => {
  it('lists the upload routes and the signed-file GET', () => {
    const names = operationsOf(doc).map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining(['POST /uploads/{id}', 'PUT /uploads/{id}', 'GET /files/{*}']))
  })

  it('documents the success body and the error statuses (shared error schema) of every operation', () => {
    expect(openapiGaps(doc)).toEqual([])
  })
})
