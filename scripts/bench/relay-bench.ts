// The relay's figures for `pnpm bench:http`: POST /webhook on embedded PGlite and on PostgreSQL, with deliveries
// off (the endpoint's deliveries are stored and queued, nobody sends them) and while they run, then deliveries/s
// to one endpoint per queue backend. The receiver (answers 200 at once) and the load generator each run in their
// own process; the relay runs with its defaults (ENDPOINT_CONCURRENCY 10, WORKER_CONCURRENCY 100) and encrypts
// data with a 3072-bit RSA key, as in production.
import { spawn, type ChildProcess } from 'node:child_process'
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { AppInstance, Logger } from '../../packages/common/src/index.js'
import { buildApp, relayConfig } from '../../apps/webhook-relay/src/app.js'
import { perOperation, startCpuMeter, type CpuSpent, type CpuMeter } from './cpu-meter.js'

export interface LoadJob { url: string, method?: string, headers?: Record<string, string>, body?: string }
export interface LoadFigure { rps: number, p50: number, p99: number, failures: number, requests: number }

export interface BenchTools {
  load: (job: LoadJob) => Promise<LoadFigure>
  /** BENCH_WARMUP seconds of the same load, unreported: a fresh relay spends its first seconds compiling its paths. */
  warmUp: (job: LoadJob) => Promise<void>
  report: (name: string, figure: LoadFigure) => void
  measureBare: () => Promise<void>
  withPostgresDatabase: (url: string, run: (databaseUrl: string) => Promise<void>) => Promise<void>
  /** The relays' logger (BENCH_LOG_LEVEL); the worker process of the split case logs at its level to /dev/null. */
  logger: Logger
}

const ADMIN = 'bench-admin-key-0123456789'
const encryptionKey = generateKeyPairSync('rsa', { modulusLength: 3072 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const body = JSON.stringify({ event: 'job.completed', data: { jobId: 42, frames: 240, url: 'https://example.com/a.fbx' } })

export interface Receiver {
  url: string
  /** Deliveries received; with `atLeast`, answers once that many have arrived or after a second, whichever first. */
  count: (atLeast?: number) => Promise<number>
  close: () => void
}

export async function startReceiver (): Promise<Receiver> {
  const child: ChildProcess = spawn(process.execPath, [join(import.meta.dirname, 'receiver.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))
  return {
    url: `${url}/hook`,
    count: async (atLeast = 0) => ((await (await fetch(`${url}/count?atLeast=${atLeast}`)).json()) as { count: number }).count,
    close: () => { child.kill() }
  }
}

export interface RelayRun { app: AppInstance, url: string, key: string }

export async function startRelay (
  env: Record<string, string>,
  options: { worker: boolean, receiverUrl?: string, key?: string, logger?: Logger }
): Promise<RelayRun> {
  const config = relayConfig.load({
    LOG_LEVEL: options.logger?.level ?? 'silent', ADMIN_API_KEY: ADMIN, ALLOW_PRIVATE_DESTINATIONS: 'true', ENCRYPTION_KEY: encryptionKey, ...env
  })
  const app = await buildApp(config, { worker: options.worker, ...(options.logger === undefined ? {} : { logger: options.logger }) })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  let key = options.key ?? ''
  if (options.receiverUrl !== undefined) {
    const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }
    const tenant = (await (await fetch(`${url}/v1/tenants`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'bench' }) })).json()) as {
      id: string
    }
    key = (
      (await (await fetch(`${url}/v1/tenants/${tenant.id}/keys`, { method: 'POST', headers: { authorization: admin.authorization } })).json()) as {
        key: string
      }
    ).key
    await fetch(`${url}/v1/endpoints`, {
      method: 'POST',
      headers: { ...admin, authorization: `Bearer ${key}` },
      body: JSON.stringify({ url: options.receiverUrl })
    })
  }
  return { app, url, key }
}

/**
 * Warm-up, then the measured load of POST /webhook to one relay: its figure, the CPU spent over the measured window
 * (`meter`: which processes and database) and the deliveries the receiver got in it.
 */
async function loadWebhooks (
  tools: BenchTools, relay: RelayRun, receiver: Receiver, meter: Parameters<typeof startCpuMeter>[0]
): Promise<{ figure: LoadFigure, spent: CpuSpent, sent: number }> {
  const ingest = { url: `${relay.url}/webhook`, method: 'POST', headers: { authorization: `Bearer ${relay.key}`, 'content-type': 'application/json' }, body }
  await tools.warmUp(ingest)
  const sentBefore = await receiver.count()
  const cpu = await startCpuMeter(meter)
  const figure = await tools.load(ingest)
  const spent = await cpu.stop()
  return { figure, spent, sent: (await receiver.count()) - sentBefore }
}

/** POST /webhook on one database, with the worker off (deliveries stored and queued only) or delivering. */
export async function benchIngest (tools: BenchTools, label: string, database: Record<string, string>, delivering: boolean): Promise<void> {
  const receiver = await startReceiver()
  const relay = await startRelay(database, { worker: delivering, receiverUrl: receiver.url, logger: tools.logger })
  const { figure, spent, sent } = await loadWebhooks(tools, relay, receiver, {
    databaseUrl: database.DATABASE_URL, profile: `ingest-${label}-${delivering ? 'delivering' : 'no-worker'}`
  })
  tools.report(`  POST /webhook, ${label}, ${delivering ? 'delivering' : 'no worker'}`, figure)
  const accepted = figure.requests - figure.failures
  const each = delivering ? `; ${perOperation(spent, accepted + sent, 'message accepted or delivered')} (${sent} delivered during the run)` : ''
  console.log(`${''.padEnd(47)}CPU: ${perOperation(spent, accepted, 'accepted webhook')}${each}`)
  await relay.app.close()
  receiver.close()
}

/**
 * POST /webhook while deliveries run in a worker process of their own (RELAY_ROLE=api here, RELAY_ROLE=worker
 * there, jobs through Redis): the production layout, where ingest does not share its event loop with delivery.
 */
async function benchIngestSplit (tools: BenchTools, databaseUrl: string): Promise<void> {
  const receiver = await startReceiver()
  const env = { DATABASE_URL: databaseUrl, STORAGE_TYPE: 'redis', REDIS_URL: process.env.TEST_REDIS_URL ?? '', QUEUE_PREFIX: `bench-${randomUUID()}` }
  const api = await startRelay({ ...env, RELAY_ROLE: 'api' }, { worker: false, receiverUrl: receiver.url, logger: tools.logger })
  const port = String(20_000 + Math.floor(Math.random() * 20_000))
  const main = join(import.meta.dirname, '../../apps/webhook-relay/src/main.ts')
  const worker = spawn(process.execPath, ['--import', 'tsx', main, 'worker'], {
    stdio: 'ignore',
    env: { ...process.env, ...env, WEBHOOK_PORT: port, LOG_LEVEL: tools.logger.level, ALLOW_PRIVATE_DESTINATIONS: 'true', ENCRYPTION_KEY: encryptionKey }
  })
  try {
    for (let i = 0; i < 200; i++) {
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const { figure, spent, sent } = await loadWebhooks(tools, api, receiver, { databaseUrl, children: worker.pid === undefined ? [] : [worker.pid] })
    tools.report('  POST /webhook, PostgreSQL, worker process', figure)
    const accepted = figure.requests - figure.failures
    console.log(`${''.padEnd(47)}CPU: ${perOperation(spent, accepted + sent, 'message accepted or delivered')} (${sent} delivered during the run; Redis queue; both processes)`)
  } finally {
    worker.kill()
    await api.app.close()
    receiver.close()
  }
}

/** Deliveries/s to one endpoint: N messages accepted with no worker, then a worker relay delivers them all. */
export async function benchDeliveries (
  backend: string,
  database: Record<string, string>,
  messages: number,
  hooks: { beforeWorker?: () => Promise<void>, logger?: Logger } = {}
): Promise<void> {
  const receiver = await startReceiver()
  const queueEnv = {
    ...database,
    STORAGE_TYPE: backend,
    QUEUE_PREFIX: `bench-${randomUUID()}`,
    ...(backend === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
    ...(backend === 'kafka' ? { KAFKA_BROKER: process.env.TEST_KAFKA_BROKER ?? '' } : {})
  }
  const producer = await startRelay(queueEnv, { worker: false, receiverUrl: receiver.url, logger: hooks.logger })
  const headers = { authorization: `Bearer ${producer.key}`, 'content-type': 'application/json' }
  for (let i = 0; i < messages; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, messages - i) }, () =>
        fetch(`${producer.url}/webhook`, { method: 'POST', headers, body }).then((r) => r.arrayBuffer())
      )
    )
  }
  await producer.app.close()
  await hooks.beforeWorker?.()
  // Redis and Kafka hold the jobs; a memory-queue relay finds the accepted deliveries in the database at start.
  const worker = await startRelay({ ...queueEnv, RELAY_ROLE: backend === 'memory' ? 'all' : 'worker' }, { worker: true, logger: hooks.logger })
  // The first fifth of the backlog is timed apart from the rest: a fresh worker spends its first seconds compiling its
  // paths (the first 5 s of ingest cost a relay 1.4-1.6x the next 5 s), where a worker that has run for a while
  // drains a backlog warm.
  const warmAfter = Math.floor(messages / 5)
  const cold = await timeDrain({ receiver, from: 0, until: warmAfter, deadlineMs: 300_000, databaseUrl: database.DATABASE_URL })
  const warm = await timeDrain({
    receiver, from: await receiver.count(), until: messages, deadlineMs: 300_000, databaseUrl: database.DATABASE_URL, profile: `deliveries-${backend}`
  })
  const delivered = await receiver.count()
  const rate = (count: number, seconds: number) => (count / seconds).toFixed(0)
  console.log(
    `  deliveries to one endpoint, ${backend} queue`.padEnd(45) +
      `${rate(delivered - cold.first, warm.endedAt - cold.startedAt).padStart(7)} /s      ${delivered}/${messages} delivered (clock from the first)`
  )
  const cpu = (drain: Drain, count: number) => drain.spent === undefined ? '' : `; CPU: ${perOperation(drain.spent, count, 'delivery')}`
  const warmCount = delivered - warm.first
  const coldCount = warm.first - cold.first
  console.log(`${''.padEnd(47)}first ${coldCount}: ${rate(coldCount, warm.startedAt - cold.startedAt)} /s${cpu(cold, coldCount)}`)
  console.log(`${''.padEnd(47)}the other ${warmCount}: ${rate(warmCount, warm.seconds)} /s${cpu(warm, warmCount)}`)
  await worker.app.close()
  receiver.close()
}

export interface Drain {
  /** From the first delivery the receiver saw to the last counted. */
  seconds: number
  /** Deliveries the receiver had counted when the clock started (not part of the rate). */
  first: number
  /** CPU of the relay and its database backends over that window. */
  spent: CpuSpent | undefined
  /** When the clock started and stopped, in seconds on the `performance.now()` clock. */
  startedAt: number
  endedAt: number
}

/**
 * Times a drain: the clock and the CPU meter start at the first delivery past `from` (the receiver's count before
 * the worker started) and stop at `until` deliveries (or the deadline).
 */
export interface DrainOptions { receiver: Receiver, from: number, until: number, deadlineMs: number, databaseUrl?: string, profile?: string }

export async function timeDrain (options: DrainOptions): Promise<Drain> {
  const deadline = Date.now() + options.deadlineMs
  let started = 0
  let first = 0
  let meter: CpuMeter | undefined
  // Long polls: the receiver answers the moment the count is reached, so the clock is as exact as a tight poll
  // without the bench's requests in the relay process's CPU.
  for (;;) {
    const n = await options.receiver.count(started === 0 ? options.from + 1 : options.until)
    if (n > options.from && started === 0) {
      started = performance.now()
      first = n
      meter = await startCpuMeter({ databaseUrl: options.databaseUrl, profile: options.profile })
    }
    if (n >= options.until || Date.now() > deadline) break
  }
  const ended = performance.now()
  return { seconds: (ended - started) / 1000, first, spent: await meter?.stop(), startedAt: started / 1000, endedAt: ended / 1000 }
}

/**
 * BENCH_RELAY_CASES (comma-separated; all when unset) picks cases: pglite, postgres, split (worker process),
 * memory, redis, kafka (deliveries per queue backend); the bare route runs whenever pglite or postgres does.
 */
function wanted (name: string): boolean {
  const cases = process.env.BENCH_RELAY_CASES
  return cases === undefined || cases === '' || cases.split(',').map((c) => c.trim()).includes(name)
}

export async function benchRelay (tools: BenchTools): Promise<void> {
  const messages = Number(process.env.BENCH_RELAY_MESSAGES ?? 10_000)
  console.log('webhook-relay (defaults: ENDPOINT_CONCURRENCY 10, WORKER_CONCURRENCY 100; RSA-3072 envelope encryption; receiver in its own process)')
  if (wanted('pglite') || wanted('postgres')) await tools.measureBare()
  if (wanted('pglite')) {
    for (const delivering of [false, true]) await benchIngest(tools, 'embedded PGlite', { DATA_DIR: join(tmpdir(), `relay-bench-${randomUUID()}`) }, delivering)
  }
  const pg = process.env.TEST_DATABASE_URL
  if (pg === undefined || pg === '') {
    console.log('  (TEST_DATABASE_URL unset: PostgreSQL figures and queue backends skipped)')
    return
  }
  // Each case gets a database of its own, so no case starts with the previous one's rows.
  if (wanted('postgres')) {
    for (const delivering of [false, true]) await tools.withPostgresDatabase(pg, (url) => benchIngest(tools, 'PostgreSQL', { DATABASE_URL: url }, delivering))
  }
  if (process.env.TEST_REDIS_URL !== undefined && wanted('split')) await tools.withPostgresDatabase(pg, (url) => benchIngestSplit(tools, url))
  for (const backend of ['memory', 'redis', 'kafka']) {
    if (!wanted(backend)) continue
    if (backend === 'redis' && process.env.TEST_REDIS_URL === undefined) continue
    if (backend === 'kafka' && process.env.TEST_KAFKA_BROKER === undefined) continue
    await tools.withPostgresDatabase(pg, (url) => benchDeliveries(backend, { DATABASE_URL: url }, messages, { logger: tools.logger }))
  }
}
