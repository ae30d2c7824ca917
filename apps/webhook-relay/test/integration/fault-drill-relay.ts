// The relay's fault drills share this: the real process (src/main.ts) with one tenant, key and endpoint, a local
// receiver that answers 200 and records each delivery's webhook-id, an ingest load that records what was accepted,
// and the check that every accepted message reached the receiver (at least once: duplicates are counted).
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runFaultDrill, timedFetch, uncleanOutcomes, type Answer, type Fault, type FaultDrillResult } from '@openmotion/test-services'
import { expect } from 'vitest'
import { errors } from '../../src/errors.js'
import { postJson, startRelayProcess, type RelayProcess } from './relay-process.js'

const ADMIN = 'fault-drill-admin-key-0123456789'
const DELIVERY_LIMIT_MS = 60_000

export interface Receiver { url: string, received: string[], close: () => Promise<void> }

export async function startReceiver (): Promise<Receiver> {
  const received: string[] = []
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']))
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: async () => { await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }) }
  }
}

export interface RelayDrill {
  relay: RelayProcess
  receiver: Receiver
  stop: () => Promise<void>
  /** Ingests through `fault`, then waits for every accepted message; asserts the answers were clean and none was lost. */
  run: (fault: Fault, label: string, isReady?: (answer: Answer) => boolean) => Promise<FaultDrillResult & { accepted: string[], duplicates: number }>
}

/** Starts the relay with `env` (DATABASE_URL and the queue's variables), waits for /readyz 200 and sets up a tenant. */
export async function startRelayDrill (env: Record<string, string>): Promise<RelayDrill> {
  const receiver = await startReceiver()
  const relay = await startRelayProcess({
    QUEUE_PREFIX: `fault-${randomUUID()}`,
    ADMIN_API_KEY: ADMIN,
    ALLOW_PRIVATE_DESTINATIONS: 'true',
    ...env
  })
  for (let i = 0; (await timedFetch(`${relay.url}/readyz`)).status !== 200; i++) {
    if (i > 600 || relay.child.exitCode !== null) throw new Error(`relay never became ready:\n${relay.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const tenant = await postJson(relay.url, '/v1/tenants', { name: 'fault' }, ADMIN)
  const key = String((await postJson(relay.url, `/v1/tenants/${String(tenant.body.id)}/keys`, {}, ADMIN)).body.key)
  await postJson(relay.url, '/v1/endpoints', { url: receiver.url }, key)

  return {
    relay,
    receiver,
    async stop () {
      if (relay.child.exitCode === null) {
        relay.child.kill('SIGTERM')
        await new Promise((resolve) => relay.child.once('exit', resolve))
      }
      await receiver.close()
    },
    async run (fault, label, isReady) {
      const accepted: string[] = []
      let i = 0
      const result = await runFaultDrill({
        readyUrl: `${relay.url}/readyz`,
        fault,
        ...(isReady === undefined ? {} : { isReady }),
        // A Kafka broker takes half a minute to come back on a busy machine: a few hundred messages are plenty.
        pauseMs: 100,
        load: async (record) => {
          const answer = await timedFetch(`${relay.url}/webhook`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ event: 'fault.drill', data: { i: i++ } })
          })
          record('ingest', answer)
          if (answer.status === 202) accepted.push(String((JSON.parse(answer.body) as { id: string }).id))
        }
      })
      const deadline = Date.now() + DELIVERY_LIMIT_MS
      const missing = (): string[] => { const got = new Set(receiver.received); return accepted.filter((id) => !got.has(id)) }
      while (missing().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      const duplicates = receiver.received.length - new Set(receiver.received).size
      const during = result.outcomes.filter((o) => o.phase === 'outage')
      console.log(`webhook-relay, ${label}: /readyz ${result.recoveryMs === undefined ? 'not back' : `back ${result.recoveryMs} ms`} after the service answered ` +
        `(restart ${result.restartMs} ms); ${during.length} ingests during the outage (${during.filter((o) => o.status === 202).length} accepted, ` +
        `${during.filter((o) => o.status === 503).length} answered 503); ${accepted.length} accepted in all, ${missing().length} lost, ${duplicates} duplicates`)

      if (missing().length > 0) console.log(`webhook-relay, ${label}: the relay's log:\n${relay.output().slice(-6000)}`)
      expect(uncleanOutcomes(result.outcomes, [202], errors.RELAY_UNAVAILABLE.code)).toEqual([])
      expect(result.outcomes.filter((o) => o.phase === 'after' && o.status === 202).length).toBeGreaterThan(0)
      expect(missing()).toEqual([])
      expect(relay.child.exitCode).toBeNull()
      return { ...result, accepted, duplicates }
    }
  }
}

/** Ready to accept, and the queue connected (for Kafka, its consumer groups joined). */
export const queueReady = (answer: Answer): boolean => answer.status === 200 && /"queue":"ok"/.test(answer.body)

/** A queue outage seen from outside: /readyz 200 all along (the outbox accepts), the queue reported down, then back. */
export function expectAcceptedThroughQueueOutage (result: FaultDrillResult): void {
  expect(result.outageReadiness.every((status) => status === 200)).toBe(true)
  expect(result.outageReady).toContain(false)
  expect(result.recoveryMs).toBeDefined()
  expect(result.outcomes.filter((o) => o.phase === 'outage' && o.status === 202).length).toBeGreaterThan(0)
}
