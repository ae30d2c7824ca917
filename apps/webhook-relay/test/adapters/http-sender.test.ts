import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpSender, RESPONSE_BODY_LIMIT } from '../../src/adapters/http-sender.js'

const request = (url: string) => ({ url, headers: {}, body: '{}', timeoutMs: 2000 })

describe('outbound HTTP sender SSRF guard', () => {
  const send = createHttpSender({ allowPrivate: false, userAgent: 'test' })

  it('refuses at connect time a hostname that resolves to loopback (DNS rebinding)', async () => {
    const result = await send(request('http://localhost:9/hook'))
    expect(result.statusCode).toBeNull()
    expect(result.error).toMatch(/forbidden address (127\.0\.0\.1|::1)/)
  })

  it('refuses private and metadata IP literals without connecting', async () => {
    for (const url of ['http://127.0.0.1:9/', 'http://169.254.169.254/latest', 'http://[::1]:9/']) {
      const result = await send(request(url))
      expect(result.error).toMatch(/forbidden address/)
    }
  })
})

describe('outbound HTTP sender against a real receiver', () => {
  const send = createHttpSender({ allowPrivate: true, userAgent: 'relay-test/1', timeoutMs: 2000 })
  let server: Server
  let base: string
  const seen: Array<{ path: string, headers: IncomingHttpHeaders, body: string }> = []
  let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => { res.end() }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const parts: Buffer[] = []
      req.on('data', (chunk: Buffer) => parts.push(chunk))
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts).toString() })
        answer(req, res)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => { server.closeAllConnections(); await new Promise((resolve) => server.close(resolve)) })

  it('posts the body with its headers, and returns the status, headers and body', async () => {
    answer = (_req, res) => { res.writeHead(202, { 'retry-after': '7', 'x-receiver': 'yes' }).end('accepted') }
    const result = await send({ url: `${base}/hook?tenant=a`, headers: { 'webhook-id': 'msg_1', 'x-custom': 'v' }, body: '{"a":1}', timeoutMs: 2000 })
    expect(result).toMatchObject({ statusCode: 202, body: 'accepted', error: null })
    expect(result.headers['retry-after']).toBe('7')
    expect(result.headers['x-receiver']).toBe('yes')
    expect(result.latencyMs).toBeGreaterThanOrEqual(0)
    const request = seen.at(-1)!
    expect(request.path).toBe('/hook?tenant=a')
    expect(request.body).toBe('{"a":1}')
    expect(request.headers).toMatchObject({
      'webhook-id': 'msg_1', 'x-custom': 'v', 'content-type': 'application/json', 'user-agent': 'relay-test/1', 'content-length': '7'
    })
  })

  it('keeps the first RESPONSE_BODY_LIMIT bytes of a long answer', async () => {
    answer = (_req, res) => { res.writeHead(500).end('x'.repeat(RESPONSE_BODY_LIMIT * 5)) }
    const result = await send({ url: `${base}/long`, headers: {}, body: '{}', timeoutMs: 2000 })
    expect(result.statusCode).toBe(500)
    expect(result.body).toBe('x'.repeat(RESPONSE_BODY_LIMIT))
  })

  it('does not follow a redirect: the 3xx is the answer', async () => {
    answer = (_req, res) => { res.writeHead(307, { location: `${base}/elsewhere` }).end() }
    const before = seen.length
    const result = await send({ url: `${base}/moved`, headers: {}, body: '{}', timeoutMs: 2000 })
    expect(result.statusCode).toBe(307)
    expect(seen.length).toBe(before + 1)
  })

  it('gives up at the deadline when the receiver does not answer, and the next request still goes through', async () => {
    answer = () => {}
    const result = await send({ url: `${base}/hang`, headers: {}, body: '{}', timeoutMs: 200 })
    expect(result).toMatchObject({ statusCode: null, body: null, error: 'timed out after 200 ms' })
    expect(result.latencyMs).toBeGreaterThanOrEqual(190)
    answer = (_req, res) => { res.end('ok') }
    expect((await send({ url: `${base}/again`, headers: {}, body: '{}', timeoutMs: 2000 })).statusCode).toBe(200)
  })

  it('reports a refused connection as an error without a status', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const result = await send({ url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}', timeoutMs: 2000 })
    expect(result.statusCode).toBeNull()
    expect(result.error).toMatch(/ECONNREFUSED/)
  })
})
