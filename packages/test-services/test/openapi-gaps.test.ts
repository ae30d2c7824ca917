import { describe, expect, it } from 'vitest'
import { openapiGaps, type OpenapiDocument } from '../src/openapi-gaps.js'

const json = (schema: Record<string, unknown>) => ({ description: 'x', content: { 'application/json': { schema } } })
const ErrorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message', 'requestId'], properties: { code: {}, message: {}, requestId: {} } } }
}
const Thing = { type: 'object', properties: { id: { type: 'string' } } }

function doc (operation: object): OpenapiDocument {
  const document = {
    paths: {
      '/healthz': { get: { responses: { 200: json({ type: 'object' }) } } },
      '/readyz': { get: { responses: { 200: json({ type: 'object' }), 503: json({ type: 'object' }) } } },
      '/things/{id}': { delete: operation }
    }
  }
  return document as OpenapiDocument
}

describe('openapiGaps', () => {
  it('finds nothing to add to a complete document (health probes need no shared error shape)', () => {
    expect(
      openapiGaps(doc({ security: [{ key: [] }], responses: { 204: { description: 'Deleted' }, 401: json(ErrorSchema), 404: json(ErrorSchema) } }))
    ).toEqual([])
  })

  it('names each missing piece: success, success body, error statuses, the shared error shape, the 401 of a secured operation', () => {
    expect(openapiGaps(doc({ responses: { 404: json(ErrorSchema) } }))).toEqual(['DELETE /things/{id}: no 2xx response'])
    expect(openapiGaps(doc({ responses: { 200: { description: 'ok' }, 404: json(ErrorSchema) } }))).toEqual(['DELETE /things/{id}: 200 has no body schema'])
    expect(openapiGaps(doc({ responses: { 200: json(Thing) } }))).toEqual(['DELETE /things/{id}: no 4xx/5xx response'])
    expect(openapiGaps(doc({ responses: { 200: json(Thing), 404: json(Thing) } }))).toEqual(['DELETE /things/{id}: 404 is not the shared error schema'])
    expect(openapiGaps(doc({ security: [{ key: [] }], responses: { 200: json(Thing), 404: json(ErrorSchema) } }))).toEqual([
      'DELETE /things/{id}: needs credentials but documents no 401'
    ])
  })

  it('accepts an operation\'s own error shape only where told, and still wants a body schema there', () => {
    const own = doc({ responses: { 200: json(Thing), 400: json({ type: 'object', properties: { errors: { type: 'array' } } }) } })
    expect(openapiGaps(own)).toHaveLength(1)
    expect(openapiGaps(own, { ownErrorShape: ['DELETE /things/{id}'] })).toEqual([])
    expect(openapiGaps(doc({ responses: { 200: json(Thing), 400: { description: 'bad' } } }), { ownErrorShape: ['DELETE /things/{id}'] }))
      .toEqual(['DELETE /things/{id}: 400 is not documented with a body schema'])
  })
})
