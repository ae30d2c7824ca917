// /openapi.json is complete: every operation documents its success body and each error status it can answer,
// in the shared error shape; a route that needs an API key documents its 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openapiGaps, operationsOf, type OpenapiDocument } from '@openmotion/test-services'
import { buildTestRelay, type TestRelay } from './helper.js'

let relay: TestRelay
let doc: OpenapiDocument

beforeAll(async () => {
  relay = await buildTestRelay()
  doc = (await relay.app.inject('/openapi.json')).json()
})
afterAll(async () => { await relay.close() })

describe('OpenAPI document', () => {
  it('lists the ingest, admin, endpoint and message routes', () => {
    const names = operationsOf(doc).map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining([
      'POST /webhook', 'POST /v1/tenants', 'DELETE /v1/tenants/{id}/keys/{keyId}', 'PATCH /v1/endpoints/{id}',
      'POST /v1/endpoints/{id}/secret/rotate', 'GET /v1/messages/{id}/attempts', 'POST /v1/messages/{id}/replay'
    ]))
  })

  it('documents the success body and the error statuses (shared error schema) of every operation', () => {
    expect(openapiGaps(doc)).toEqual([])
  })

  it('documents 413 and 415 on every operation that takes a JSON body', () => {
    const withBody = operationsOf(doc).filter(([, operation]) => 'requestBody' in operation)
    expect(withBody.length).toBeGreaterThan(2)
    for (const [name, operation] of withBody) expect(Object.keys(operation.responses ?? {}), name).toEqual(expect.arrayContaining(['413', '415']))
  })
})
