import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { errorCodeOf, runFaultDrill, uncleanOutcomes, type DrillOutcome } from '../src/fault-drill.ts'

const outcome = (status: number, body: string): DrillOutcome => ({ phase: 'outage', route: 'submit', status, body })
const unavailable = JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'retry', requestId: 'r' } })

describe('uncleanOutcomes', () => {
  it('accepts allowed statuses and a 503 with the unavailable code, in either error shape', () => {
    const graphql = JSON.stringify({ data: null, errors: [{ message: 'retry', extensions: { code: 'UNAVAILABLE' } }] })
    expect(uncleanOutcomes([outcome(200, '{}'), outcome(503, unavailable), outcome(503, graphql)], [200], 'UNAVAILABLE')).toEqual([])
  })

  it('reports a 500, a hang (status 0), a 503 without the code and a stack trace', () => {
    const problems = uncleanOutcomes([
      outcome(500, unavailable),
      outcome(0, 'TimeoutError'),
      outcome(503, 'Service Unavailable'),
      outcome(200, 'Error: boom\n    at handler (app.js:1:1)')
    ], [200], 'UNAVAILABLE')
    expect(problems).toHaveLength(4)
    expect(problems[2]).toMatch(/^503 without code UNAVAILABLE/)
    expect(problems[3]).toMatch(/^stack trace/)
  })

  it('reads no code from a body that is not an error', () => {
    expect(errorCodeOf('not json')).toBeUndefined()
    expect(errorCodeOf(JSON.stringify({ error: { code: 'X' } }))).toBeUndefined()
  })
})

describe('runFaultDrill', () => {
  it('samples readiness while the fault lasts and times its return once the service answers', async () => {
    let up = true
    const server = createServer((_req, res) => { res.writeHead(up ? 200 : 503).end() })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`
    try {
      const result = await runFaultDrill({
        readyUrl: url,
        fault: { stop: async () => { up = false }, start: async () => { setTimeout(() => { up = true }, 300) } },
        load: async (record) => { record('ping', { status: up ? 200 : 503, body: '' }) },
        beforeMs: 100,
        outageMs: 500,
        afterMs: 100
      })
      expect(result.outageReadiness).toContain(503)
      expect(result.outageReady).toContain(false)
      expect(result.recoveryMs).toBeGreaterThan(0)
      expect(new Set(result.outcomes.map((o) => o.phase))).toEqual(new Set(['before', 'outage', 'after']))
    } finally {
      server.close()
    }
  })
})
