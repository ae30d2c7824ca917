// A hostile or careless client on every route of the relay: NUL bytes, lone surrogates, 1 MB bodies, thousands of
// fields, malformed JSON, wrong content types, negative, NaN and infinite numbers, impossible dates. Each is a 400
// (413 for an oversized body, 415 for another content type) in the shared error shape, never a 5xx, and changes
// nothing. POST /webhook's payload rules have their own tests in webhook.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestRelay, type TestRelay } from '../helper.js'

let relay: TestRelay
let endpointId: string
let messageId: string

beforeAll(async () => {
  relay = await buildTestRelay({}, { worker: false })
  endpointId = (await relay.app.inject({ method: 'POST', url: '/v1/endpoints', headers: relay.auth, payload: { url: 'http://127.0.0.1:9/hook' } })).json().id
  messageId = (await relay.app.inject({ method: 'POST', url: '/webhook', headers: relay.auth, payload: { event: 'a', data: {} } })).json().id
})
afterAll(async () => { await relay.close() })

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
interface Case {
  method?: Method
  url: string | (() => string)
  body?: string
  contentType?: string
  headers?: Record<string, string>
  admin?: boolean
  status?: number
  code?: string
}

const json = JSON.stringify
const MB = 'a'.repeat(1024 * 1024)
const manyFields = json(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, i])))
const ep = (rest = '') => () => `/v1/endpoints/${endpointId}${rest}`
const msg = (rest = '') => () => `/v1/messages/${messageId}${rest}`

const cases: Array<[string, Case]> = [
  ['NUL in an endpoint id', { url: '/v1/endpoints/a%00b' }],
  ['NUL in an endpoint id to delete', { method: 'DELETE', url: '/v1/endpoints/%00' }],
  ['NUL in an endpoint id to patch', { method: 'PATCH', url: '/v1/endpoints/%00', body: json({ disabled: true }) }],
  ['NUL in an endpoint id for its secret', { url: '/v1/endpoints/%00/secret' }],
  ['NUL in an endpoint id to rotate', { method: 'POST', url: '/v1/endpoints/%00/secret/rotate' }],
  ['NUL in an endpoint id to replay', { method: 'POST', url: '/v1/endpoints/%00/replay' }],
  ['NUL in a message id', { url: '/v1/messages/%00' }],
  ['NUL in a message id for attempts', { url: '/v1/messages/%00/attempts' }],
  ['NUL in a message id to replay', { method: 'POST', url: '/v1/messages/%00/replay' }],
  ['NUL in a tenant id', { url: '/v1/tenants/%00/keys', admin: true }],
  ['NUL in a tenant id for a new key', { method: 'POST', url: '/v1/tenants/%00/keys', admin: true }],
  ['NUL in a key id to revoke', { method: 'DELETE', url: '/v1/tenants/t/keys/%00', admin: true }],
  ['invalid UTF-8 (an encoded lone surrogate) in a path', { url: '/v1/endpoints/%ED%A0%80', code: 'RELAY_BAD_REQUEST' }],
  ['NUL in the event filter', { url: '/v1/messages?event=a%00' }],
  ['NUL in a cursor', { url: '/v1/messages?cursor=%00' }],
  ['NUL in since', { url: '/v1/messages?since=2024-01-01T00:00:00Z%00' }],
  ['NUL in an endpoint URL', { method: 'POST', url: '/v1/endpoints', body: json({ url: 'http://127.0.0.1:9/\u0000' }) }],
  ['NUL in an endpoint description', { method: 'POST', url: '/v1/endpoints', body: json({ url: 'http://127.0.0.1:9/', description: 'a\u0000' }) }],
  ['NUL in an event filter entry', { method: 'PATCH', url: ep(), body: json({ eventTypes: ['job.\u0000'] }) }],
  ['NUL in a header name', { method: 'PATCH', url: ep(), body: json({ headers: { 'x-\u0000': 'v' } }) }],
  ['NUL in a tenant name', { method: 'POST', url: '/v1/tenants', body: json({ name: 'acme\u0000' }), admin: true }],
  ['a lone surrogate in a description', { method: 'POST', url: '/v1/endpoints', body: '{"url":"http://127.0.0.1:9/","description":"\\ud800"}' }],
  ['a lone surrogate in a body key', { method: 'PATCH', url: ep(), body: '{"headers":{"\\udc00":"v"}}' }],
  ['a lone surrogate in a tenant name', { method: 'POST', url: '/v1/tenants', body: '{"name":"\\udbff"}', admin: true }],
  ['a 1 MB endpoint URL', { method: 'POST', url: '/v1/endpoints', body: json({ url: `http://127.0.0.1:9/${MB}` }), status: 413 }],
  ['a 1 MB tenant name', { method: 'POST', url: '/v1/tenants', body: json({ name: MB }), admin: true, status: 413 }],
  ['a 1 MB webhook', { method: 'POST', url: '/webhook', body: json({ event: 'big', data: { blob: MB } }), status: 413 }],
  ['a 1 MB event filter', { url: `/v1/messages?event=${MB}` }],
  ['a 1 MB description that fits the body limit', { method: 'PATCH', url: ep(), body: json({ description: 'a'.repeat(900_000) }) }],
  ['10,000 unknown fields in an endpoint', { method: 'POST', url: '/v1/endpoints', body: manyFields }],
  ['10,000 unknown fields in a patch', { method: 'PATCH', url: ep(), body: manyFields }],
  ['10,000 unknown fields in a tenant', { method: 'POST', url: '/v1/tenants', body: manyFields, admin: true }],
  [
    '10,000 custom headers',
    { method: 'PATCH', url: ep(), body: json({ headers: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`x-h${i}`, 'v'])) }) }
  ],
  ['10,000 event filters', { method: 'PATCH', url: ep(), body: json({ eventTypes: Array.from({ length: 10_000 }, (_, i) => `e${i}`) }) }],
  ['10,000 query parameters', { url: `/v1/messages?${Array.from({ length: 10_000 }, () => 'limit=1').join('&')}` }],
  ["a typo'd field", { method: 'POST', url: '/v1/endpoints', body: json({ url: 'http://127.0.0.1:9/', evenTypes: ['a'] }) }],
  ['an unknown query parameter', { url: '/v1/messages?evnt=a' }],
  ['an empty event filter', { url: '/v1/messages?event=' }],
  ['malformed JSON in an endpoint', { method: 'POST', url: '/v1/endpoints', body: '{"url": ', code: 'RELAY_INVALID_JSON' }],
  ['malformed JSON in a patch', { method: 'PATCH', url: ep(), body: '{disabled:true}', code: 'RELAY_INVALID_JSON' }],
  ['malformed JSON in a tenant', { method: 'POST', url: '/v1/tenants', body: '{"name":"a"', admin: true, code: 'RELAY_INVALID_JSON' }],
  ['an empty JSON body', { method: 'POST', url: '/v1/endpoints', body: '', code: 'RELAY_INVALID_JSON' }],
  ['a prototype-poisoning body', { method: 'PATCH', url: ep(), body: '{"__proto__":{"disabled":true}}', code: 'RELAY_INVALID_JSON' }],
  ['a JSON array body', { method: 'POST', url: '/v1/endpoints', body: '[1,2,3]' }],
  ['a JSON string body', { method: 'POST', url: '/v1/tenants', body: '"acme"', admin: true }],
  ['deeply nested JSON', { method: 'PATCH', url: ep(), body: `{"headers":${'['.repeat(5000)}${']'.repeat(5000)}}` }],
  ['a text/plain endpoint', { method: 'POST', url: '/v1/endpoints', body: json({ url: 'http://127.0.0.1:9/' }), contentType: 'text/plain', status: 415 }],
  ['an XML tenant', { method: 'POST', url: '/v1/tenants', body: '<name>acme</name>', contentType: 'application/xml', admin: true, status: 415 }],
  ['a form patch', { method: 'PATCH', url: ep(), body: 'disabled=true', contentType: 'application/x-www-form-urlencoded', status: 415 }],
  ['a multipart webhook', { method: 'POST', url: '/webhook', body: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x', status: 415 }],
  ['a negative limit', { url: '/v1/endpoints?limit=-1' }],
  ['a zero limit', { url: '/v1/messages?limit=0' }],
  ['a NaN limit', { url: '/v1/tenants?limit=NaN', admin: true }],
  ['an infinite limit', { url: '/v1/messages?limit=Infinity' }],
  ['a fractional limit', { url: () => `/v1/messages/${messageId}/attempts?limit=1.5` }],
  ['a huge limit', { url: '/v1/endpoints?limit=1e999' }],
  ['a negative rate limit', { method: 'PATCH', url: ep(), body: json({ rateLimitPerSecond: -1 }) }],
  ['a NaN rate limit', { method: 'PATCH', url: ep(), body: json({ rateLimitPerSecond: 'NaN' }) }],
  ['an infinite rate limit', { method: 'POST', url: '/v1/endpoints', body: '{"url":"http://127.0.0.1:9/","rateLimitPerSecond":1e999}' }],
  ['a fractional rate limit', { method: 'PATCH', url: ep(), body: json({ rateLimitPerSecond: 2.5 }) }],
  ['a negative retry wait', { method: 'PATCH', url: ep(), body: json({ retrySchedule: ['-1m'] }) }],
  ['a NaN retry wait', { method: 'PATCH', url: ep(), body: json({ retrySchedule: ['NaNs'] }) }],
  ['a boolean that is not', { method: 'PATCH', url: ep(), body: json({ disabled: 'maybe' }) }],
  ['a boolean as a string', { method: 'PATCH', url: ep(), body: json({ disabled: 'true' }) }],
  ['a number as a string', { method: 'PATCH', url: ep(), body: json({ rateLimitPerSecond: '5' }) }],
  ['a tenant name that is a boolean', { method: 'POST', url: '/v1/tenants', body: json({ name: false }), admin: true }],
  ['a description that is a number', { method: 'POST', url: '/v1/endpoints', body: json({ url: 'http://127.0.0.1:9/', description: 5 }) }],
  ['a date that is not one', { url: '/v1/messages?since=yesterday' }],
  ['a leap second', { url: '/v1/messages?since=2016-12-31T23:59:60Z' }],
  ['a day that does not exist', { url: '/v1/messages?since=2023-02-30T00:00:00Z' }],
  ['a leap second to replay since', { method: 'POST', url: ep('/replay?since=2016-12-31T23:59:60Z') }],
  ['an unknown delivery status', { url: '/v1/messages?status=%00' }],
  ['a cursor that is not one', { url: msg('/attempts?cursor=-1'), code: 'RELAY_INVALID_CURSOR' }],
  [
    'an Idempotency-Key of 10,000 characters',
    { method: 'POST', url: '/webhook', body: json({ event: 'a', data: {} }), headers: { 'idempotency-key': 'k'.repeat(10_000) } }
  ]
]

async function send (c: Case) {
  const url = typeof c.url === 'function' ? c.url() : c.url
  const headers: Record<string, string> = { ...(c.admin === true ? relay.admin : relay.auth), ...c.headers }
  if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json'
  return await relay.app.inject({ method: c.method ?? 'GET', url, headers, ...(c.body === undefined ? {} : { payload: c.body }) })
}

describe('hostile input', () => {
  it.each(cases)('answers %s with a 4xx in the shared error shape, never 5xx', async (_name, c) => {
    const response = await send(c)
    expect(response.statusCode, response.body.slice(0, 300)).toBe(c.status ?? 400)
    const error = response.json().error
    expect(error).toMatchObject({ code: expect.any(String), message: expect.any(String), requestId: expect.any(String) })
    const expected = c.code ?? { 400: 'RELAY_VALIDATION', 413: 'RELAY_PAYLOAD_TOO_LARGE', 415: 'RELAY_UNSUPPORTED_MEDIA_TYPE' }[c.status ?? 400]
    expect(error.code, response.body.slice(0, 300)).toBe(expected)
  })

  it('changes nothing for a refused request', async () => {
    const before = (await relay.app.inject({ url: ep()(), headers: relay.auth })).json()
    for (const [, c] of cases.filter(([, c]) => c.method === 'PATCH')) await send(c)
    expect((await relay.app.inject({ url: ep()(), headers: relay.auth })).json()).toEqual(before)
    const tenants = (await relay.app.inject({ url: '/v1/tenants', headers: relay.admin })).json().data
    expect(tenants).toHaveLength(1)
  })
})
