import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, createServer, type AppInstance, type Logger } from '../src/index.js'

function capture () {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write (chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>))
      callback()
    }
  })
  return { lines, destination }
}

describe('request loggers', () => {
  let app: AppInstance | undefined
  afterEach(async () => { await app?.close(); app = undefined })

  it('make no pino child for a request that writes nothing at the enabled level', async () => {
    const { lines, destination } = capture()
    const logger = createLogger({ name: 'lazy', level: 'warn', destination })
    const child = vi.spyOn(logger, 'child')
    app = await createServer({ name: 'lazy', version: '0', logger })
    app.get('/quiet', async (request) => { request.log.info('not at warn'); return { ok: true } })
    app.get('/loud', async (request) => { request.log.warn({ reason: 'test' }, 'at warn'); return { ok: true } })
    await app.ready()
    child.mockClear()

    await app.inject({ url: '/quiet', headers: { 'x-request-id': 'quiet-1' } })
    expect(child).not.toHaveBeenCalled()
    expect(lines.filter((line) => line.requestId === 'quiet-1')).toEqual([])

    await app.inject({ url: '/loud', headers: { 'x-request-id': 'loud-1' } })
    expect(child).toHaveBeenCalledTimes(1)
    expect(lines.find((line) => line.msg === 'at warn')).toMatchObject({ requestId: 'loud-1', reason: 'test', level: 40 })
  })

  it('follow a route log level above or below the service level', async () => {
    const { lines, destination } = capture()
    app = await createServer({ name: 'levels', version: '0', logger: createLogger({ name: 'levels', level: 'info', destination }) })
    app.get('/verbose', { logLevel: 'debug' }, async (request) => {
      request.log.debug('debug line')
      return { level: request.log.level, debug: (request.log as unknown as Logger).isLevelEnabled('debug') }
    })
    app.get('/terse', { logLevel: 'warn' }, async (request) => {
      request.log.info('info line')
      return { level: request.log.level, info: (request.log as unknown as Logger).isLevelEnabled('info') }
    })
    expect((await app.inject({ url: '/verbose' })).json()).toEqual({ level: 'debug', debug: true })
    expect((await app.inject({ url: '/terse' })).json()).toEqual({ level: 'warn', info: false })
    expect(lines.map((line) => line.msg)).toContain('debug line')
    expect(lines.map((line) => line.msg)).not.toContain('info line')
    // The access line at info: written for the default route, not for the warn-level one.
    expect(lines.filter((line) => line.msg === 'request completed').length).toBe(1)
  })

  it('bind the request id on children made from a request logger', async () => {
    const { lines, destination } = capture()
    app = await createServer({ name: 'children', version: '0', logger: createLogger({ name: 'children', level: 'info', destination }) })
    app.get('/job', async (request) => { request.log.child({ job: 'j-1' }).info('step'); return { ok: true } })
    await app.inject({ url: '/job', headers: { 'x-request-id': 'req-c' } })
    expect(lines.find((line) => line.msg === 'step')).toMatchObject({ requestId: 'req-c', job: 'j-1' })
  })
})

describe('access log', () => {
  let app: AppInstance | undefined
  afterEach(async () => { await app?.close(); app = undefined })

  async function serve (level: string) {
    const { lines, destination } = capture()
    app = await createServer({ name: 'access', version: '0', logger: createLogger({ name: 'access', level, destination }) })
    app.get('/thing', async () => ({ ok: true }))
    app.get('/broken', async () => { throw new Error('kaput') })
    return lines
  }

  it('writes one line per request at info, with the request, the status and the time taken', async () => {
    const lines = await serve('info')
    await app!.inject({ url: '/thing?x=1', headers: { 'x-request-id': 'acc-1' } })
    const own = lines.filter((line) => line.requestId === 'acc-1')
    expect(own).toHaveLength(1)
    expect(own[0]).toMatchObject({ msg: 'request completed', level: 30, req: { method: 'GET', url: '/thing?x=1' }, res: { statusCode: 200 } })
    expect(typeof own[0]!.responseTime).toBe('number')
  })

  it('writes the arrival line too at debug', async () => {
    const lines = await serve('debug')
    await app!.inject({ url: '/thing', headers: { 'x-request-id': 'acc-2' } })
    expect(lines.filter((line) => line.requestId === 'acc-2').map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
  })

  it('still logs a failed request with its error', async () => {
    const lines = await serve('info')
    await app!.inject({ url: '/broken', headers: { 'x-request-id': 'acc-3' } })
    const own = lines.filter((line) => line.requestId === 'acc-3')
    expect(own.some((line) => (line.err as { message?: string } | undefined)?.message === 'kaput')).toBe(true)
    expect(own.find((line) => line.msg === 'request completed')).toMatchObject({ req: { url: '/broken' }, res: { statusCode: 500 } })
  })
})
