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
