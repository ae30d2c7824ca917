// /openapi.json is complete: the REST routes (health, JWKS) and /graphql document their success bodies and error
// statuses; REST errors use the shared error schema, /graphql's keep the GraphQL shape (GraphQL over HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openapiGaps, operationsOf, type OpenapiDocument } from '@openmotion/test-services'
import { appWith, type AppContext } from './support/app-context.js'

const GRAPHQL = ['GET /graphql', 'POST /graphql']

let ctx: AppContext
let doc: OpenapiDocument

beforeAll(async () => {
  ctx = await appWith({})
  doc = (await ctx.app.inject('/openapi.json')).json()
})
afterAll(async () => { await ctx.app.close() })

describe('OpenAPI document', () => {
  it('lists the health probes, the JWKS and the GraphQL endpoint', () => {
    expect(operationsOf(doc).map(([name]) => name)).toEqual(expect.arrayContaining(['GET /healthz', 'GET /readyz', 'GET /.well-known/jwks.json', ...GRAPHQL]))
  })

  it('documents the success body and the error statuses of every operation', () => {
    expect(openapiGaps(doc, { ownErrorShape: GRAPHQL })).toEqual([])
  })

  it('documents /graphql failures as GraphQL errors with extensions.code, at the statuses the server answers', async () => {
    for (const [name, operation] of operationsOf(doc).filter(([name]) => GRAPHQL.includes(name))) {
      expect(Object.keys(operation.responses ?? {}).sort(), name).toEqual(['200', '400', '413'])
      const failure = operation.responses?.['400']?.content?.['application/json']?.schema as {
        properties: { errors: { items: { properties: Record<string, unknown> } } }
      }
      expect(failure.properties.errors.items.properties, name).toHaveProperty('extensions')
    }
    const bad = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ data: null, errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] })
  })
})
