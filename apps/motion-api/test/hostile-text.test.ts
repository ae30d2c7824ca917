// Every route, every place text enters: a NUL byte, a lone surrogate or an over-long value in a path parameter, the
// query, a header or a JSON body string is 400 with code 1102 before any store sees it, and inside the credentials
// of any route (Basic, the session cookie, the admin token) it is a documented 4xx, never a 5xx. The routes are read
// from the built app, so a new route is covered without editing this file.
import { describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { HOSTILE_TEXT, hostileCases, routesOf, type AppRoute, type HostileCase } from '@openmotion/test-services'
import { errors } from '../src/errors.js'
import { ADMIN, useSignedInApp } from './helper.js'

let app: AppInstance
let cookie: string
useSignedInApp((built, session) => { app = built; cookie = session })

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const documented = new Set(Object.values(errors).map((factory) => `${factory.status} ${factory.code}`))

async function send (c: Pick<HostileCase, 'method' | 'url' | 'headers' | 'payload'>, auth: Record<string, string> = {}) {
  const headers = { cookie, authorization: `Bearer ${ADMIN}`, ...auth, ...c.headers }
  return await app.inject({ method: c.method as 'GET', url: c.url, headers, ...(c.payload === undefined ? {} : { payload: c.payload }) })
}

function expectDocumented (response: Awaited<ReturnType<typeof send>>, label: string): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500)
  if (response.statusCode < 400) return
  const body = response.json()
  expect(documented.has(`${response.statusCode} ${body.error.code}`), `${label}: ${response.body.slice(0, 300)}`).toBe(true)
  expect(body).toMatchObject({ message: expect.any(String), error: { message: expect.any(String), requestId: expect.any(String) } })
}

describe('hostile text on every route', () => {
  let routes: AppRoute[]
  it('finds every route the app serves, the account, admin, job, character, file and upload routes included', () => {
    routes = routesOf(app)
    for (const route of ['GET /account/v1/auth', 'PATCH /admin/v1/clients/:id', 'POST /job/v1/process/:processor', 'DELETE /character/v1/deleteModel/:modelId', 'GET /files/*', 'PUT /uploads/:id', 'GET /healthz']) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(route)
    }
  })

  it('answers each hostile value in each path parameter, the query, a header and a body string with 400/1102', async () => {
    const failures: string[] = []
    // The signed upload routes take raw bytes of any content type: their body is stored, never read as text.
    const body = (route: AppRoute, json: string) => route.url.startsWith('/uploads/') ? undefined : `{"text":${json}}`
    for (const c of hostileCases(routes, { body })) {
      const response = await send(c)
      const code = response.statusCode === 400 ? response.json().error.code : undefined
      if (response.statusCode !== 400 || code !== 1102) failures.push(`${c.name}: ${response.statusCode} ${response.body.slice(0, 160)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers each hostile value inside the credentials of every route with a documented 4xx, never 5xx', async () => {
    for (const route of routes) {
      const url = route.url.replaceAll(/:[^/]+|\*/g, 'x')
      for (const value of HOSTILE_TEXT) {
        const credentials: Array<Record<string, string>> = [
          { authorization: basic(value.raw, 'dev-secret') },
          { authorization: basic('dev-client', value.raw) },
          { authorization: `Bearer ${value.raw}` },
          { cookie: `dmsess=${value.encoded}` }
        ]
        for (const auth of credentials) {
          expectDocumented(await send({ method: route.method, url, headers: {} }, auth), `${route.method} ${route.url}: ${value.name} in ${Object.values(auth)[0]?.slice(0, 20) ?? ''}`)
        }
      }
    }
  })

  // Over-long here is longer than any client id or secret, yet short enough for the header check (8,192 characters).
  const credentials = [...HOSTILE_TEXT.slice(0, 2), { name: 'an over-long value', raw: 'a'.repeat(2000) }]
  it.each(credentials.map((value) => [value.name, value] as const))('answers %s in the Basic client id or secret of /account/v1/auth with 401/4011', async (_name, value) => {
    for (const authorization of [basic(value.raw, 'dev-secret'), basic('dev-client', value.raw), basic(`dev-client${value.raw}`, 'dev-secret')]) {
      const response = await app.inject({ url: '/account/v1/auth', headers: { authorization } })
      expect(response.statusCode, response.body.slice(0, 300)).toBe(401)
      expect(response.json().error.code).toBe(4011)
    }
  })
})
