// /graphql in /openapi.json: mercurius declares only a loose `2xx`, so its GET and POST are documented here with
// what the error formatter (error-formatter.ts) really answers. GraphQL over HTTP keeps failures in the GraphQL
// shape `{ data: null, errors: [{ message, extensions: { code } }] }`, not the REST error shape: 400 for a document
// that cannot run (syntax, validation, limits, a malformed body or another content type), 413 for an oversized
// body; once execution starts the answer is 200, with `errors` beside partial `data`.
import { Type, type AppInstance } from '@openmotion/common'

const GraphqlError = Type.Object({
  message: Type.String(),
  locations: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer() }))),
  path: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Integer()]))),
  extensions: Type.Object({ code: Type.String({ description: 'A code from the auth-server error table (README)' }) }, { additionalProperties: true })
})

const GraphqlResponse = Type.Object({
  data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  errors: Type.Optional(Type.Array(GraphqlError))
}, { description: 'The result; resolver errors (UNAUTHENTICATED, RATE_LIMITED, …) come in errors beside partial data' })

const GraphqlFailure = Type.Object({
  data: Type.Null(),
  errors: Type.Array(GraphqlError, { minItems: 1 })
}, { description: 'The document did not run; extensions.code is BAD_USER_INPUT (or PAYLOAD_TOO_LARGE for 413)' })

const responses = { 200: GraphqlResponse, 400: GraphqlFailure, 413: GraphqlFailure }

/** Registers, before mercurius, the documentation of the /graphql routes it is about to add. */
export function documentGraphqlRoutes (app: AppInstance, path: string): void {
  app.addHook('onRoute', (route) => {
    if (route.url !== path || (route.method !== 'GET' && route.method !== 'POST')) return
    const { response: _loose, ...schema } = route.schema ?? {}
    route.schema = {
      ...schema,
      tags: ['graphql'],
      summary: route.method === 'GET' ? 'Run a query (no mutations) given in the query string' : 'Run a query or mutation (the schema is in schema.graphql)',
      response: responses
    }
  })
}
