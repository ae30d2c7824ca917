// Builds a relay for tests: in-memory PGlite, memory queue unless given, private destinations allowed, admin key
// set, 20 ms retries, the circuit breaker out of the way unless a test sets CIRCUIT_BREAKER_THRESHOLD, and a
// tenant with an API key ready. Close with `relay.close()`.
import { migrate, openDatabase, type AppInstance, type Database } from '@openmotion/common'
import { buildApp, relayConfig, type AppOverrides } from '../src/app.js'
import type { OutboundRequest, OutboundResult, WebhookSender } from '../src/domain/ports.js'
import { MemoryQueue } from '@openmotion/job-queue'
import { migrations } from '../src/adapters/migrations.js'
import type { ConsumeOptions, DeliveryJob, DeliveryQueue, JobHandler } from '../src/domain/delivery-queue.js'

export const ADMIN_KEY = 'admin-key-for-tests-0123456789'

/** An embedded database with the relay's schema and one tenant, `tnt_1`, for the store tests. */
export async function migratedDatabase (): Promise<Database> {
  const db = await openDatabase({})
  await migrate(db, 'webhook-relay', migrations)
  await db.query("INSERT INTO relay_tenants (id, name) VALUES ('tnt_1', 't')")
  return db
}

export interface TestRelay {
  app: AppInstance
  db: Database
  tenantId: string
  apiKey: string
  auth: { authorization: string }
  admin: { authorization: string }
  close: () => Promise<void>
}

export async function buildTestRelay (env: Record<string, string> = {}, overrides: AppOverrides = {}): Promise<TestRelay> {
  const db = overrides.db ?? await openDatabase({})
  const config = relayConfig.load({
    LOG_LEVEL: 'silent',
    ADMIN_API_KEY: ADMIN_KEY,
    ALLOW_PRIVATE_DESTINATIONS: 'true',
    RETRY_SCHEDULE: '20ms',
    RETRY_JITTER: '0',
    CIRCUIT_BREAKER_THRESHOLD: '1000',
    ...env
  })
  const app = await buildApp(config, { ...overrides, db })
  await app.ready()
  const admin = { authorization: `Bearer ${ADMIN_KEY}` }
  const tenant = (await app.inject({ method: 'POST', url: '/v1/tenants', headers: admin, payload: { name: 'acme' } })).json<{ id: string }>()
  const key = (await app.inject({ method: 'POST', url: `/v1/tenants/${tenant.id}/keys`, headers: admin })).json<{ key: string }>()
  return {
    app,
    db,
    tenantId: tenant.id,
    apiKey: key.key,
    auth: { authorization: `Bearer ${key.key}` },
    admin,
    close: async () => {
      await app.close()
      await db.close()
    }
  }
}

/** A sender that answers from a script of status codes (the last repeats) and records every request. */
export function scriptedSender (statuses: number[], headers: Record<string, string> = {}): WebhookSender & { requests: OutboundRequest[] } {
  const requests: OutboundRequest[] = []
  const send = async (request: OutboundRequest): Promise<OutboundResult> => {
    const statusCode = statuses[Math.min(requests.length, statuses.length - 1)] ?? 200
    requests.push(request)
    return { statusCode, headers, body: `status ${statusCode}`, error: null, latencyMs: 1 }
  }
  return Object.assign(send, { requests })
}

/** Polls until the check passes or the timeout expires (deliveries are asynchronous). */
export async function eventually<T> (check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      return await check()
    } catch (error) {
      lastError = error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  throw lastError
}

/**
 * A memory queue that records every job it is given, can fail its next `failures` enqueues (a broker that is
 * down right after the commit), and can pose as a durable backend (`kind`) without consuming (a backlog).
 */
export class RecordingQueue implements DeliveryQueue {
  readonly enqueued: DeliveryJob[] = []
  readonly inner = new MemoryQueue<DeliveryJob>()
  failures = 0

  constructor (readonly kind: DeliveryQueue['kind'] = 'memory', private readonly consumes = true) {}

  async start (): Promise<void> {}
  async enqueue (jobs: readonly DeliveryJob[], delayMs?: number): Promise<void> {
    if (this.failures > 0) {
      this.failures--
      throw new Error('broker unavailable')
    }
    this.enqueued.push(...jobs)
    await this.inner.enqueue(jobs, delayMs)
  }

  async consume (handler: JobHandler, options: ConsumeOptions): Promise<void> {
    if (this.consumes) await this.inner.consume(handler, options)
  }

  joining (): string[] { return [] }
  async stop (): Promise<void> { await this.inner.stop() }
  async close (): Promise<void> { await this.inner.close() }
  async ping (): Promise<void> {}
  async generation (): Promise<string> { return await this.inner.generation() }
}
