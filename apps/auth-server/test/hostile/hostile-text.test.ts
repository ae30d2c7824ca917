// Every route, every place text enters, on the SQL store (PGlite): a NUL byte, a lone surrogate or an over-long
// value in a header, the query or a path parameter is 400 BAD_USER_INPUT before any resolver runs; in a GraphQL
// variable or an inline string literal it is BAD_USER_INPUT naming the argument; in the bearer token or the refresh
// cookie it is a documented 4xx; never a 5xx or INTERNAL. The routes are read from the built app, so a new route is
// covered without editing this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '@openmotion/common'
import { HOSTILE_TEXT, hostileCases, routesOf, type AppRoute } from '@openmotion/test-services'
import { AUTH_ERROR_CODES, errors } from '../../src/errors.js'
import { appWith, type AppContext } from '../support/app-context.js'

let ctx: AppContext
beforeAll(async () => { ctx = await appWith({ DOCUMENT_STORE: 'sql' }, { database: await openDatabase({}) }) })
afterAll(async () => { await ctx.app.close() })

// A client-side code of the errors table (README): what every failure here must be.
const documented = new Set(AUTH_ERROR_CODES.filter((code) => errors[code].status < 500))
const RESET = 'mutation ($email: String!) { requestPasswordReset(email: $email) }'
// The GraphQL shape on /graphql, the shared error shape elsewhere (and where the router answers before GraphQL).
type Answer = { errors?: Array<{ extensions?: { code?: string, field?: string } }>, error?: { code?: string } }
const codeOf = (body: Answer) => body.errors?.[0]?.extensions?.code ?? body.error?.code

async function inject (method: string, url: string, headers: Record<string, string>, payload?: string) {
  const response = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) })
  await ctx.app.mailsIdle()
  return response
}

describe('hostile text on every route', () => {
  let routes: AppRoute[]
  it('finds every route the server has, GraphQL, JWKS and the probes included', () => {
    routes = routesOf(ctx.app)
    for (const route of ['GET /graphql', 'POST /graphql', 'GET /.well-known/jwks.json', 'GET /healthz']) expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(route)
  })

  it('answers each hostile value in each path parameter, the query, a header and a body string with BAD_USER_INPUT, never 5xx', async () => {
    // POST /graphql's body is a document with variables: the hostile value is a variable stored as text.
    const body = (_route: AppRoute, json: string) => JSON.stringify({ query: RESET, variables: { email: '$' } }).replace('"$"', json)
    const failures: string[] = []
    for (const c of hostileCases(routes, { body })) {
      const response = await inject(c.method, c.url, c.headers, c.payload)
      const code = codeOf(response.json())
      // A 70,000-character variable is over the body limit (64 KiB) before it is over its argument's cap.
      const expected = c.position === 'body' && c.value.name === 'an over-long value' ? [413, 'PAYLOAD_TOO_LARGE'] : [c.position === 'body' ? 200 : 400, 'BAD_USER_INPUT']
      if (response.statusCode !== expected[0] || code !== expected[1]) failures.push(`${c.name}: ${response.statusCode} ${response.body.slice(0, 160)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers each hostile value in the bearer token or the refresh cookie of every route with a documented 4xx, never 5xx', async () => {
    for (const route of routes) {
      for (const value of HOSTILE_TEXT) {
        const credentials: Array<Record<string, string>> = [
          { authorization: `Bearer ${value.raw}` },
          { authorization: `Bearer a.${value.encoded}.b` },
          { cookie: `refresh_token=${value.encoded}` }
        ]
        for (const headers of credentials) {
          const payload = route.method === 'POST' ? JSON.stringify({ query: 'mutation { refreshToken { accessToken } }' }) : undefined
          const url = route.url === '/graphql' && route.method === 'GET' ? '/graphql?query=%7Bme%7Bid%7D%7D' : route.url.replaceAll(/:[^/]+|\*/g, 'x')
          const response = await inject(route.method, url, { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, payload)
          const label = `${route.method} ${route.url}: ${value.name}: ${response.body.slice(0, 300)}`
          expect(response.statusCode, label).toBeLessThan(500)
          // GraphQL answers a resolver's refusal (UNAUTHENTICATED) with 200 and `errors`, the other routes with a 4xx.
          const code = response.statusCode >= 400 || route.url === '/graphql' ? codeOf(response.json()) : undefined
          if (code !== undefined) expect(documented.has(code as never), label).toBe(true)
        }
      }
    }
  })

  it.each(HOSTILE_TEXT.map((value) => [value.name, value] as const))('answers %s in a GraphQL variable or inline literal with BAD_USER_INPUT naming the argument', async (_name, value) => {
    // Short enough for the body limit, longer than an e-mail address may be.
    const text = value.name === 'an over-long value' ? 'a'.repeat(2000) : value.raw
    const literal = JSON.stringify(text)
    for (const [query, variables] of [
      [RESET, { email: text }],
      [`mutation { requestPasswordReset(email: ${literal}) }`, {}],
      [`mutation { a: requestPasswordReset(email: "ok@example.com") b: requestPasswordReset(email: ${literal}) }`, {}]
    ] as const) {
      const response = await inject('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query, variables }))
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500)
      const error = (response.json() as Answer).errors?.find((e) => e.extensions?.code !== undefined)
      // graphql-js refuses a lone surrogate escape in a literal as a syntax error: the document never runs (400).
      expect(error?.extensions, response.body.slice(0, 300)).toMatchObject(
        value.name === 'a lone surrogate' && query !== RESET ? { code: 'BAD_USER_INPUT' } : { code: 'BAD_USER_INPUT', field: 'email' }
      )
    }
  })
})
