// The endpoints every app serves through common's plugins (/healthz, /readyz, /metrics, /openapi.json) and the
// readiness rule they all follow, asserted one way from each app's health test.
import { expect } from 'vitest'

/** An answer of `app.inject(path)`. */
export interface InjectedAnswer {
  statusCode: number
  body: string
  json: () => unknown
}

/** What the assertions need of an app: fastify's `inject`, by path. */
export interface InjectingApp {
  inject: (path: string) => Promise<InjectedAnswer>
}

/** A database port whose `ping` the readiness check calls; replaced here to take the database down. */
export interface PingedDatabase {
  ping: () => Promise<unknown>
}

export interface ServiceEndpoints {
  /** The OpenAPI document's `info.title`: the app's name. */
  title: string
  /** The /readyz checks of the app with every dependency up. */
  checks: Record<string, string>
}

/**
 * /healthz answers ok, /readyz is ready with `checks`, /metrics has the request-duration histogram and
 * /openapi.json is titled `title`. Returns the OpenAPI document for the app's own assertions on its paths.
 */
export async function expectServiceEndpoints (app: InjectingApp, expected: ServiceEndpoints): Promise<{ paths: Record<string, unknown> }> {
  expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
  const ready = await app.inject('/readyz')
  expect(ready.statusCode).toBe(200)
  expect(ready.json()).toEqual({ status: 'ok', checks: expected.checks })
  expect((await app.inject('/metrics')).body).toContain('http_request_duration_seconds')
  const doc = (await app.inject('/openapi.json')).json() as { info: { title: string }, paths: Record<string, unknown> }
  expect(doc.info.title).toBe(expected.title)
  return doc
}

/**
 * The readiness rule, with a dependency the app absorbs already down (a queue behind the outbox, the rate-limit
 * store): /readyz stays 200 `degraded` naming it in `outage`; once the database's ping fails as well, /readyz is
 * 503 `unavailable`. `outage` holds the down dependency's check (a string or an asymmetric matcher).
 */
export async function expectDegradedThenUnavailable (app: InjectingApp, database: PingedDatabase, outage: Record<string, unknown>): Promise<void> {
  const degraded = await app.inject('/readyz')
  expect(degraded.statusCode).toBe(200)
  expect(degraded.json()).toEqual({ status: 'degraded', checks: { database: 'ok', ...outage } })
  database.ping = async () => { throw new Error('Connection terminated') }
  const down = await app.inject('/readyz')
  expect(down.statusCode).toBe(503)
  expect(down.json()).toEqual({ status: 'unavailable', checks: { ...outage, database: 'failed: Connection terminated' } })
}
