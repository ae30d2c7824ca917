import { afterEach, describe, expect, it } from 'vitest'
import { Writable } from 'node:stream'
import { AppError, Type, createLogger, createServer, type AppInstance, type ServerOptions } from '../src/index.js'

let app: AppInstance | undefined

afterEach(async () => {
  await app?.close()
  app = undefined
})

async function build (options: Partial<Pick<ServerOptions, 'errorCodes' | 'strictBodies' | 'inputGuard'>> = {}): Promise<AppInstance> {
  const logger = createLogger({ name: 'test-app', level: 'silent', pretty: false })
  const server = await createServer({ name: 'test-app', version: '1.2.3', logger, bodyLimit: 1024, ...options })
  server.post('/things', {
    schema: {
      body: Type.Object({ name: Type.String({ minLength: 1 }), count: Type.Integer({ minimum: 0 }) }),
      response: { 201: Type.Object({ name: Type.String() }) }
    }
  }, async (request, reply) => reply.status(201).send({ name: request.body.name }))
  server.get('/things/:id', { schema: { params: Type.Object({ id: Type.String() }) } }, async (request) => ({ id: request.params.id }))
  server.get('/pages/:n', {
    schema: { params: Type.Object({ n: Type.Integer() }), querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250 })) }) }
  }, async (request) => ({ n: request.params.n, limit: request.query.limit }))
  server.get('/boom', async () => { throw new Error('database password is hunter2') })
  server.get('/database-down', async () => { throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) })
  server.get('/teapot', async () => { throw new AppError('TEAPOT', 'I am a teapot', 418, { details: { brew: 'tea' } }) })
  app = server
  return server
}

describe('createServer', () => {
  it('answers /healthz', async () => {
    const server = await build()
    const response = await server.inject('/healthz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('answers /readyz 200 when every dependency answers and 503 naming a required one that fails', async () => {
    const server = await build()
    server.readiness.requires('database', async () => undefined)
    expect((await server.inject('/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok' } })
    server.readiness.requires('database', async () => { throw new Error('connection refused') })
    const response = await server.inject('/readyz')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'failed: connection refused' } })
  })

  it('answers /readyz 200 degraded, naming it, while an absorbed dependency fails or is on its way', async () => {
    const server = await build()
    server.readiness.requires('database', async () => undefined)
    server.readiness.absorbs('queue', async () => 'connecting')
    const connecting = await server.inject('/readyz')
    expect(connecting.statusCode).toBe(200)
    expect(connecting.json()).toEqual({ status: 'degraded', checks: { database: 'ok', queue: 'connecting' } })
    server.readiness.absorbs('queue', async () => { throw new Error('ECONNREFUSED') })
    const failed = await server.inject('/readyz')
    expect(failed.statusCode).toBe(200)
    expect(failed.json()).toEqual({ status: 'degraded', checks: { database: 'ok', queue: 'failed: ECONNREFUSED' } })
    server.readiness.absorbs('queue', async () => 'ok')
    expect((await server.inject('/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } })
  })

  it('answers /readyz 503 when the database fails, whatever an absorbed dependency says', async () => {
    const server = await build()
    server.readiness.requires('database', async () => { throw new Error('too many clients') })
    server.readiness.absorbs('queue', async () => { throw new Error('ECONNREFUSED') })
    const response = await server.inject('/readyz')
    expect(response.statusCode).toBe(503)
    expect(response.json().status).toBe('unavailable')
  })

  it('turns /readyz to 503 once draining', async () => {
    const server = await build()
    server.readiness.drain()
    const response = await server.inject('/readyz')
    expect(response.statusCode).toBe(503)
    expect(response.json().checks).toEqual({ shutdown: 'draining' })
  })

  it('serves an OpenAPI document generated from route schemas', async () => {
    const server = await build()
    const response = await server.inject('/openapi.json')
    expect(response.statusCode).toBe(200)
    const doc = response.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info).toMatchObject({ title: 'test-app', version: '1.2.3' })
    expect(doc.paths['/things'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'count'])
    expect(doc.paths['/things/{id}']).toBeDefined()
    expect(doc.paths['/metrics']).toBeUndefined()
  })

  it('exposes Prometheus metrics with a histogram labelled by route template', async () => {
    const server = await build()
    await server.inject('/things/42')
    await server.inject('/things/43')
    const response = await server.inject('/metrics')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    expect(response.body).toContain('http_request_duration_seconds_count{app="test-app",method="GET",route="/things/:id",status_code="200"} 2')
    expect(response.body).toContain('process_cpu_user_seconds_total')
  })

  it('names the request id on every routed reply: errors, 404s and replies sent from hooks', async () => {
    const server = await build()
    server.get('/guarded', { onRequest: (_request, reply, done) => { reply.status(401).send({ no: true }); done() } }, async () => ({ ok: true }))
    const headers = { 'x-request-id': 'trace-1' }
    for (const url of ['/things/1', '/nowhere', '/boom', '/teapot', '/pages/x', '/guarded']) {
      const response = await server.inject({ url, headers })
      expect(response.headers['x-request-id'], url).toBe('trace-1')
    }
    expect((await server.inject({ method: 'POST', url: '/things', headers, payload: { name: '' } })).headers['x-request-id']).toBe('trace-1')
  })

  it('reuses a safe incoming x-request-id and generates one otherwise', async () => {
    const server = await build()
    const echoed = await server.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } })
    expect(echoed.headers['x-request-id']).toBe('abc-123')
    const unsafe = await server.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } })
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('rejects invalid bodies with 400 naming the failing field', async () => {
    const server = await build()
    const missing = await server.inject({ method: 'POST', url: '/things', payload: { name: 'x' }, headers: { 'x-request-id': 'r1' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: "body/count must have required property 'count'", requestId: 'r1', details: { field: 'body/count' } }
    })
    const wrongType = await server.inject({ method: 'POST', url: '/things', payload: { name: 'x', count: -1 } })
    expect(wrongType.json().error.details.field).toBe('body/count')
  })

  it('coerces body types by default, and never with strictBodies while queries and paths still coerce', async () => {
    const lenient = await build()
    expect((await lenient.inject({ method: 'POST', url: '/things', payload: { name: false, count: '3' } })).statusCode).toBe(201)
    await lenient.close()
    const server = await build({ strictBodies: true })
    const coerced = await server.inject({ method: 'POST', url: '/things', payload: { name: false, count: 3 } })
    expect(coerced.statusCode).toBe(400)
    expect(coerced.json().error.details.field).toBe('body/name')
    expect((await server.inject({ method: 'POST', url: '/things', payload: { name: 'x', count: '3' } })).json().error.details.field).toBe('body/count')
    expect((await server.inject({ method: 'POST', url: '/things', payload: { name: 'x', count: 3 } })).statusCode).toBe(201)
    expect((await server.inject({ url: '/pages/2?limit=7' })).json()).toEqual({ n: 2, limit: 7 })
  })

  it('answers Infinity in a query or path parameter with 400 naming it (ajv coerces it and skips maximum)', async () => {
    const server = await build()
    for (const [url, field] of [
      ['/pages/1?limit=Infinity', 'querystring/limit'],
      ['/pages/1?limit=1e999', 'querystring/limit'],
      ['/pages/-Infinity', 'params/n']
    ]) {
      const response = await server.inject({ url })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } })
    }
    expect((await server.inject({ url: '/pages/2?limit=250' })).json()).toEqual({ n: 2, limit: 250 })
  })

  it('maps malformed JSON to 400, oversized bodies to 413 and unknown routes to 404, in the same shape', async () => {
    const server = await build()
    const badJson = await server.inject({ method: 'POST', url: '/things', payload: '{"name":', headers: { 'content-type': 'application/json' } })
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json().error.code).toBe('BAD_REQUEST')
    const big = await server.inject({ method: 'POST', url: '/things', payload: { name: 'x'.repeat(2000), count: 1 } })
    expect(big.statusCode).toBe(413)
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE')
    const missing = await server.inject('/nope?x=1')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Route GET /nope not found' })
  })

  it('answers a path that is not valid percent-encoded UTF-8 with 400 in the same shape', async () => {
    const server = await build({ errorCodes: { badRequest: 1102 } })
    const response = await server.inject('/things/%ED%A0%80x')
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ code: 1102, requestId: expect.any(String) })
  })

  it('answers hostile text in any header, parameter or body string of every route, probes included, with 400 naming the field', async () => {
    const server = await build()
    for (const [request, field] of [
      [{ url: '/healthz', headers: { 'x-note': 'a\u0000' } }, 'headers/x-note'],
      [{ url: '/openapi.json', headers: { 'user-agent': 'u'.repeat(8193) } }, 'headers/user-agent'],
      [{ url: '/things/a%00' }, 'params/id'],
      [{ url: '/metrics?x=%00' }, 'querystring/x'],
      [{ url: `/pages/1?x=${'a'.repeat(4097)}` }, 'querystring/x'],
      [{ method: 'POST' as const, url: '/things', payload: '{"name":"\\ud800","count":1}', headers: { 'content-type': 'application/json' } }, 'body/name']
    ] as const) {
      const response = await server.inject(request)
      expect(response.statusCode, field).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } })
    }
    expect((await server.inject({ method: 'HEAD', url: '/things/a%00' })).statusCode).toBe(400)
    expect((await server.inject({ url: '/things/ok', headers: { 'x-note': 'a'.repeat(8192) } })).statusCode).toBe(200)
  })

  it('takes the app\'s own error, limits and routes that check their own body for the input guard', async () => {
    const server = await build({
      inputGuard: {
        toError: (hostile) => new AppError(1102, `${hostile.field} ${hostile.problem}`, 400, { details: { parameter: hostile.field } }),
        limits: { parameter: 2 },
        ownBodyCheck: ['/things']
      }
    })
    const long = await server.inject('/things/abc')
    expect(long.json().error).toMatchObject({ code: 1102, message: 'params/id is longer than 2 characters', details: { parameter: 'params/id' } })
    const ownBody = await server.inject({ method: 'POST', url: '/things', payload: { name: 'a\u0000', count: 1 } })
    expect(ownBody.statusCode).toBe(201)
    const header = await server.inject({ method: 'POST', url: '/things', payload: { name: 'a', count: 1 }, headers: { 'x-a': '\u0000' } })
    expect(header.json().error.code).toBe(1102)
  })

  it('hides the internals of unknown errors behind a 500', async () => {
    const server = await build()
    const response = await server.inject('/boom')
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('hunter2')
    expect(response.body).not.toContain('at ')
    expect(response.json().error).toMatchObject({ code: 'INTERNAL', message: 'Internal server error' })
  })

  it('answers a request whose database is unreachable with a 503 to retry, not a 500', async () => {
    const server = await build({ errorCodes: { unavailable: 503 } })
    const response = await server.inject('/database-down')
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('1')
    expect(response.json().error).toMatchObject({ code: 503, message: 'A service this request needs is unavailable; retry shortly' })
    expect(response.body).not.toContain('5432')
  })

  it('passes AppErrors through with their code, status and details', async () => {
    const server = await build()
    const response = await server.inject('/teapot')
    expect(response.statusCode).toBe(418)
    expect(response.json().error).toMatchObject({ code: 'TEAPOT', message: 'I am a teapot', details: { brew: 'tea' } })
  })

  it('lets an app choose its own codes for framework errors', async () => {
    const server = await build({ errorCodes: { validation: 1102 } })
    const response = await server.inject({ method: 'POST', url: '/things', payload: {} })
    expect(response.json().error.code).toBe(1102)
  })
})

describe('logging', () => {
  it('puts the request id on every request log line and redacts secrets', async () => {
    const chunks: string[] = []
    const destination = new Writable({ write (chunk: Buffer, _encoding, callback) { chunks.push(chunk.toString()); callback() } })
    const server = await createServer({ name: 'log-app', version: '0', logger: createLogger({ name: 'log-app', destination }) })
    server.get('/login', async (request) => {
      request.log.info({ body: { password: 'hunter2', apiKey: 'k-123' }, headers: { authorization: 'Bearer t' } }, 'login attempt')
      return { ok: true }
    })
    app = server
    await server.inject({ url: '/login', headers: { 'x-request-id': 'req-7', authorization: 'Basic c2VjcmV0' } })
    const lines = chunks.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    const requestLines = lines.filter((l) => l.requestId !== undefined)
    // The route's own line and the access line.
    expect(requestLines.map((l) => l.msg)).toEqual(['login attempt', 'request completed'])
    expect(requestLines.every((l) => l.requestId === 'req-7')).toBe(true)
    const text = chunks.join('')
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('k-123')
    expect(text).not.toContain('Bearer t')
    expect(text).toContain('[redacted]')
  })

  it('censors secret fields three levels deep without changing the logged object, and leaves errors whole', () => {
    const chunks: string[] = []
    const destination = new Writable({ write (chunk: Buffer, _encoding, callback) { chunks.push(chunk.toString()); callback() } })
    const logger = createLogger({ name: 'log-app', destination, redact: ['sessionId'] })
    const logged = { req: { headers: { authorization: 'Bearer deep', 'x-api-key': 'k-9', accept: 'json' } }, user: { sessionId: 's-1', id: 'u-1' } }
    logger.child({ requestId: 'r-1' }).info(logged, 'deep')
    logger.error({ err: new Error('boom') }, 'failed')
    interface Line { req: { headers: Record<string, string> }, user: Record<string, string>, requestId: string, err: { message: string } }
    const [deep, failed] = chunks.map((line) => JSON.parse(line) as Line)
    expect(deep!.req.headers).toEqual({ authorization: '[redacted]', 'x-api-key': '[redacted]', accept: 'json' })
    expect(deep!.user).toEqual({ sessionId: '[redacted]', id: 'u-1' })
    expect(deep!.requestId).toBe('r-1')
    expect(logged.req.headers.authorization).toBe('Bearer deep')
    expect(failed!.err.message).toBe('boom')
  })
})
