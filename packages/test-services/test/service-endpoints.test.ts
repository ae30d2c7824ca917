import { describe, expect, it } from 'vitest'
import { expectDegradedThenUnavailable, expectServiceEndpoints, type InjectedAnswer, type InjectingApp } from '../src/index.js'

/** An app answering each path with a fixed status and body; `/readyz` asks `readiness` each time. */
function fakeApp (readiness: () => Promise<[number, unknown]>, title = 'fake'): InjectingApp {
  const answer = (statusCode: number, body: unknown): InjectedAnswer => ({
    statusCode,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    json: () => body
  })
  return {
    inject: async (path) => {
      if (path === '/healthz') return answer(200, { status: 'ok' })
      if (path === '/readyz') return answer(...await readiness())
      if (path === '/metrics') return answer(200, '# TYPE http_request_duration_seconds histogram\n')
      return answer(200, { info: { title }, paths: { '/x': {} } })
    }
  }
}

/** Readiness as common's check computes it: the queue is down, the database is as its ping says. */
function degradingApp (): { app: InjectingApp, database: { ping: () => Promise<unknown> } } {
  const database = { ping: async (): Promise<unknown> => undefined }
  const app = fakeApp(async () => await database.ping().then(
    () => [200, { status: 'degraded', checks: { database: 'ok', queue: 'failed: down' } }],
    (error: Error) => [503, { status: 'unavailable', checks: { database: `failed: ${error.message}`, queue: 'failed: down' } }]
  ))
  return { app, database }
}

describe('expectServiceEndpoints', () => {
  it('passes for an app serving the four endpoints and returns its OpenAPI document', async () => {
    const doc = await expectServiceEndpoints(fakeApp(async () => [200, { status: 'ok', checks: { database: 'ok' } }]), { title: 'fake', checks: { database: 'ok' } })
    expect(Object.keys(doc.paths)).toEqual(['/x'])
  })

  it('fails for an app that is not ready, or is titled otherwise', async () => {
    await expect(expectServiceEndpoints(fakeApp(async () => [503, { status: 'unavailable', checks: { database: 'failed: x' } }]), { title: 'fake', checks: { database: 'ok' } })).rejects.toThrow()
    await expect(expectServiceEndpoints(fakeApp(async () => [200, { status: 'ok', checks: { database: 'ok' } }], 'other'), { title: 'fake', checks: { database: 'ok' } })).rejects.toThrow()
  })
})

describe('expectDegradedThenUnavailable', () => {
  it('takes the database down through its ping and sees /readyz go from degraded to unavailable', async () => {
    const { app, database } = degradingApp()
    await expectDegradedThenUnavailable(app, database, { queue: 'failed: down' })
    await expect(database.ping()).rejects.toThrow('Connection terminated')
  })

  it('fails for an app that stops answering while only a dependency it could absorb is down', async () => {
    const down = fakeApp(async () => [503, { status: 'unavailable', checks: { database: 'ok', queue: 'failed: down' } }])
    await expect(expectDegradedThenUnavailable(down, { ping: async () => undefined }, { queue: 'failed: down' })).rejects.toThrow()
  })
})
