import { describe, expect, it } from 'vitest'
import { HOSTILE_TEXT, fillPath, hostileCases, pathParams, routesOf } from '../src/index.js'

// printRoutes() of a small app: static pieces, parameters, a wildcard beside a parameter and a catch-all OPTIONS.
const TREE = `└── (empty root node)
    ├── /
    │   ├── healthz (GET, HEAD)
    │   ├── admin/v1/clients (POST, GET, HEAD)
    │   │   └── /
    │   │       └── :id (PATCH)
    │   │           └── /
    │   │               └── ledger (GET, HEAD)
    │   ├── files/
    │   │   └── * (GET, HEAD)
    │   └── uploads/
    │       └── :id (POST, PUT)
    └── * (OPTIONS)
`

describe('routesOf', () => {
  it('rebuilds every route of the router tree with its methods, HEAD left out', () => {
    expect(routesOf({ printRoutes: () => TREE }).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /healthz',
      'POST /admin/v1/clients',
      'GET /admin/v1/clients',
      'PATCH /admin/v1/clients/:id',
      'GET /admin/v1/clients/:id/ledger',
      'GET /files/*',
      'POST /uploads/:id',
      'PUT /uploads/:id',
      'OPTIONS *'
    ])
  })
})

describe('hostileCases', () => {
  it('names path parameters and fills them', () => {
    expect(pathParams('/a/:id/b/:keyId')).toEqual(['id', 'keyId'])
    expect(pathParams('/files/*')).toEqual(['*'])
    expect(fillPath('/a/:id/b/:keyId', 'x', 'keyId', '%00')).toBe('/a/x/b/%00')
  })

  it('puts each hostile value in each path parameter, the query, a header and, for a body route, the body', () => {
    const cases = hostileCases([{ method: 'PATCH', url: '/v1/things/:id' }, { method: 'GET', url: '/healthz' }])
    const names = cases.map((c) => `${c.position} ${c.method} ${c.url.slice(0, 24)}`)
    expect(cases).toHaveLength(HOSTILE_TEXT.length * 6)
    expect(names).toContain('path PATCH /v1/things/a%00b')
    expect(names).toContain('query GET /healthz?q=a%ED%A0%80')
    const body = cases.find((c) => c.position === 'body' && c.value.name === 'a NUL byte')
    expect(JSON.parse(body?.payload ?? '')).toEqual({ text: 'a\u0000b' })
    expect(cases.find((c) => c.position === 'header' && c.route.url === '/healthz')?.headers).toEqual({ 'x-note': 'a\u0000b' })
    expect(hostileCases([{ method: 'PUT', url: '/uploads/:id' }], { body: () => undefined }).some((c) => c.position === 'body')).toBe(false)
  })
})
