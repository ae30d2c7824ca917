// Every route, every place text enters: a NUL byte, a lone surrogate or an over-long value in a path parameter, the
// query, a header or a JSON body string is 400 RELAY_VALIDATION before any store sees it (RELAY_BAD_REQUEST when
// the router cannot decode or bound the path), and in the API key or admin token of any route it is a documented
// 4xx, never a 5xx. The routes are read from the built app, so a new route is covered without editing this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_TEXT, hostileCases, routesOf, type AppRoute, type HostileCase } from '@openmotion/test-services'
import { errors } from '../../src/errors.js'
import { buildTestRelay, type TestRelay } from '../helper.js'

let relay: TestRelay
beforeAll(async () => { relay = await buildTestRelay({}, { worker: false }) })
afterAll(async () => { await relay.close() })

const documented = new Set(Object.values(errors).map((factory) => `${factory.status} ${factory.code}`))
// The operator routes take the admin token, every other route the tenant's key.
const authFor = (route: AppRoute) => route.url.startsWith('/v1/tenants') ? relay.admin : relay.auth

async function send (c: Pick<HostileCase, 'method' | 'url' | 'headers' | 'payload' | 'route'>, auth?: Record<string, string>) {
  const headers = { ...(auth ?? authFor(c.route)), ...c.headers }
  return await relay.app.inject({ method: c.method as 'GET', url: c.url, headers, ...(c.payload === undefined ? {} : { payload: c.payload }) })
}

/**
 * What the relay answers: the router refuses a path that is not UTF-8, or a named parameter over its 4,000
 * characters, itself (RELAY_BAD_REQUEST); everything else, a wildcard's over-long tail included, is the guard's.
 */
function expectedCode (c: HostileCase): string {
  const router = c.position === 'path' && (c.value.name === 'a lone surrogate' || (c.value.name === 'an over-long value' && !c.name.includes('path :*')))
  return (router ? errors.RELAY_BAD_REQUEST.code : errors.RELAY_VALIDATION.code) as string
}

describe('hostile text on every route', () => {
  let routes: AppRoute[]
  it('finds every route the relay serves, ingest, endpoints, messages and tenants included', () => {
    routes = routesOf(relay.app)
    for (const route of ['POST /webhook', 'PATCH /v1/endpoints/:id', 'POST /v1/messages/:id/replay', 'DELETE /v1/tenants/:id/keys/:keyId', 'GET /healthz']) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(route)
    }
  })

  it('answers each hostile value in each path parameter, the query, a header and a body string with 400', async () => {
    // POST /webhook's body is its payload: the hostile value goes in `event`, the field stored as text.
    const body = (route: AppRoute, json: string) => route.url === '/webhook' ? `{"event":${json},"data":{}}` : `{"text":${json}}`
    const failures: string[] = []
    for (const c of hostileCases(routes, { body })) {
      const response = await send(c)
      const error = response.statusCode === 400 ? response.json().error : undefined
      if (error?.code !== expectedCode(c) || typeof error.requestId !== 'string') failures.push(`${c.name}: ${response.statusCode} ${response.body.slice(0, 160)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers each hostile value in the API key or admin token of every route with a documented 4xx, never 5xx', async () => {
    for (const route of routes) {
      for (const value of HOSTILE_TEXT) {
        const response = await send({ route, method: route.method, url: route.url.replaceAll(/:[^/]+|\*/g, 'x'), headers: {} }, { authorization: `Bearer ${value.raw}` })
        expect(response.statusCode, `${route.method} ${route.url}: ${value.name}: ${response.body.slice(0, 300)}`).toBeLessThan(500)
        if (response.statusCode >= 400) expect(documented.has(`${response.statusCode} ${response.json().error.code}`), response.body.slice(0, 300)).toBe(true)
      }
    }
  })
})
