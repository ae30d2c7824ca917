import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { executionAsyncId } from 'node:async_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, createServer, listenWhileStarting, openAppDatabase, reportStartup, type StartingServer } from '../src/index.js'

const migrations = [{ id: '001-notes', sql: 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)' }]

let starting: StartingServer | undefined
afterEach(async () => {
  await starting?.close()
  starting = undefined
})

async function get (path: string): Promise<{ status: number, body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${starting?.port ?? 0}${path}`)
  return { status: response.status, body: await response.json() }
}

// Creating an embedded database (initdb in a child process, then the open) takes a minute on a loaded machine.
describe('the port while the app builds', { timeout: 180_000 }, () => {
  it('answers /healthz 200, /readyz 503 naming each step still running, other paths 503 in the error shape', async () => {
    starting = await listenWhileStarting(0, '127.0.0.1')
    let finish = () => {}
    const build = starting.track(async () => {
      reportStartup('database', 'opening')
      await new Promise<void>((resolve) => { finish = resolve })
      reportStartup('database', undefined)
    })
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } })
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', checks: { startup: 'building the app', database: 'opening' } } })
    expect(await get('/v1/jobs')).toMatchObject({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The service is starting' } } })
    finish()
    await build
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', checks: { startup: 'building the app' } } })
  })

  it('says the embedded database is opening while openAppDatabase opens it', async () => {
    starting = await listenWhileStarting(0, '127.0.0.1')
    const app = await createServer({ name: 'db-test', version: '0.0.0', logger: createLogger({ name: 'db-test', level: 'silent' }) })
    const opened = starting.track(() => openAppDatabase(app, { app: 'notes', migrations, url: undefined, dataDir: mkdtempSync(join(tmpdir(), 'starting-')) }))
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', checks: { startup: 'building the app', database: 'opening' } } })
    await opened
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', checks: { startup: 'building the app' } } })
    await app.close()
  })

  it('frees the port on close, for the app to listen on', async () => {
    starting = await listenWhileStarting(0, '127.0.0.1')
    const { port } = starting
    await starting.close()
    starting = undefined
    const app = await createServer({ name: 'port-test', version: '0.0.0', logger: createLogger({ name: 'port-test', level: 'silent' }) })
    await app.listen({ port, host: '127.0.0.1' })
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)
    await app.close()
  })
})

describe('after the build', () => {
  // With async hooks on, a promise continuation runs under an async id of its own; with them off, under 0.
  const asyncIdAfterAwait = async (): Promise<number> => {
    await null
    return executionAsyncId()
  }

  it('leaves no async hooks on once every tracked build has settled', async () => {
    expect(await asyncIdAfterAwait()).toBe(0)
    starting = await listenWhileStarting(0, '127.0.0.1')
    let finishFirst = () => {}
    const first = starting.track(async () => { await new Promise<void>((resolve) => { finishFirst = resolve }) })
    const second = starting.track(async () => { reportStartup('database', 'opening') })
    await second
    // The first build still runs: its steps must still reach /readyz.
    expect(await asyncIdAfterAwait()).not.toBe(0)
    finishFirst()
    await first
    expect(await asyncIdAfterAwait()).toBe(0)
  })
})
