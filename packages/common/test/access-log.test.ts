import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, createServer, type AppInstance } from '../src/index.js'

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
