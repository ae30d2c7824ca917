// `pnpm bench:http`: every hot HTTP route of the apps next to a bare fastify JSON route, measured the same way in
// one run: the servers live in this process, autocannon runs in a child process (scripts/bench/load.mjs).
// BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_JOBS (20), BENCH_WARMUP (1 s of unreported load before the bare
// route and each motion-api case; 0 turns it off) tune it; with TEST_DATABASE_URL set, motion-api is
// measured on PostgreSQL too (in a database of its own, dropped afterwards), and so is the webhook relay
// (relay-bench.ts: ingest on PGlite and PostgreSQL with and without deliveries, deliveries/s per queue backend
// with TEST_REDIS_URL / TEST_KAFKA_BROKER; BENCH_RELAY=0 skips it, BENCH_RELAY_MESSAGES sizes the delivery runs).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, openSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fastify from 'fastify'
import { createLogger } from '../../packages/common/src/index.js'
import { withScratchDatabase } from './scratch-database.mjs'
import { buildApp as buildMotion, motionConfig } from '../../apps/motion-api/src/app.js'
import { authConfig, buildApp as buildAuth, createLogMailer } from '../../apps/auth-server/src/app.js'
import { benchRelay, type LoadFigure, type LoadJob } from './relay-bench.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const jobCount = Number(process.env.BENCH_JOBS ?? 20)
// BENCH_LOG_LEVEL (silent by default, as every figure before it): the apps' log level. At `info`, the apps' own
// default, each request's access line is serialised and written to /dev/null, one write per line, as pino writes
// to stdout in production; the bare route logs nothing either way.
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'silent'
const devNull = openSync('/dev/null', 'w')
const logger = createLogger({ name: 'bench', level: logLevel, destination: { write: (line: string) => { writeSync(devNull, line) } } })
const loadScript = join(import.meta.dirname, 'load.mjs')

interface Load extends LoadJob { refresh?: string[] }
interface Figure extends LoadFigure { cpuMicros?: number }

const warmup = Number(process.env.BENCH_WARMUP ?? 1)
const run = promisify(execFile)
// The servers are this process and the load is another, so this process's CPU time (all its threads) over the run,
// divided by the requests answered, is what a request costs the server: steadier than req/s when other work shares
// the cores.
async function loadFor (job: Load, duration: number): Promise<Figure> {
  const before = process.cpuUsage()
  const { stdout } = await run(process.execPath, [loadScript, JSON.stringify({ connections, seconds: duration, ...job })], { encoding: 'utf8' })
  const cpu = process.cpuUsage(before)
  const figure = JSON.parse(stdout) as Figure
  return { ...figure, cpuMicros: (cpu.user + cpu.system) / Math.max(1, figure.requests) }
}
// Each case is measured warm: the first case after an app's setup otherwise paid for compiling the request path and
// collecting the setup's garbage (in the server's background threads, which share the 2 cores with the load): the
// first of three identical status runs cost 35-45 µs of server CPU per request, the next two 17-25 µs, which made a
// single status poll look dearer than the list measured after it.
// The relay's ingest cases are warmed the same way (deliveries are counted from the end of the warm-up); the
// auth-server's cases rotate tokens during the run, so they are not.
async function load (job: Load): Promise<Figure> {
  return await loadFor(job, seconds)
}
async function warmUp (job: Load): Promise<void> {
  if (warmup > 0) await loadFor(job, warmup)
}
async function warmLoad (job: Load): Promise<Figure> {
  await warmUp(job)
  return await loadFor(job, seconds)
}

let bareRps = 0
let bareCpuMicros = 0
function report (name: string, figure: Figure): void {
  // Req/s against the bare route, and the bare route's server CPU per request over this one's (the steadier of the
  // two when other work shares the cores).
  const cpuRatio = bareCpuMicros > 0 && figure.cpuMicros !== undefined ? ` (CPU ${(bareCpuMicros / figure.cpuMicros).toFixed(2)}×)` : ''
  const ratio = bareRps > 0 ? `   ${(figure.rps / bareRps).toFixed(2)}× bare${cpuRatio}` : ''
  const failed = figure.failures > 0 ? `   ${figure.failures} FAILED` : ''
  const cpu = figure.cpuMicros === undefined ? '' : `   ${figure.cpuMicros.toFixed(0).padStart(4)} µs CPU/req`
  console.log(
    `${name.padEnd(44)} ${figure.rps.toFixed(0).padStart(7)} req/s   p50 ${String(figure.p50).padStart(4)} ms   p99 ${String(figure.p99).padStart(5)} ms${cpu}${ratio}${failed}`
  )
}

const bare = fastify()
bare.get('/status', async () => ({ count: 1, status: [{ rid: 'a1b2c3d4e5f6', status: 'SUCCESS', details: {} }] }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
async function measureBare (): Promise<void> {
  bareRps = 0
  bareCpuMicros = 0
  const figure = await warmLoad({ url: `${bareUrl}/status` })
  report('bare fastify JSON route', figure)
  bareRps = figure.rps
  bareCpuMicros = figure.cpuMicros ?? 0
}

async function benchMotion (label: string, databaseUrl?: string): Promise<void> {
  const app = await buildMotion(motionConfig.load({
    LOG_LEVEL: logLevel,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'motion-bench-')),
    RENDER_ENABLED: 'false',
    DEV_PLAN_CREDITS: '100000',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl })
  }), { logger })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
  const cookie = auth.headers.get('set-cookie')!.split(';')[0]!
  const headers = { cookie }
  const rids: string[] = []
  for (let i = 0; i < jobCount; i++) {
    const response = await fetch(`${base}/job/v1/process/text2motion`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ params: ['prompt=nod then wave', 'model=openmotion_mannequin', 'skipFBX=1'] })
    })
    rids.push(((await response.json()) as { rid: string }).rid)
  }
  for (const rid of rids) {
    while (
      ((await (await fetch(`${base}/job/v1/status/${rid}`, { headers })).json()) as { status: Array<{ status: string }> }).status[0]!.status === 'PROGRESS'
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  // The first download of variant 1 is free and marks it paid; measured afterwards, every request signs links.
  const download = `${base}/job/v1/download/${rids[0]!}`
  if (!(await fetch(download, { headers })).ok) throw new Error('download link request failed')
  console.log(`motion-api on ${label}, ${jobCount} finished jobs`)
  // Each poll is measured right after the bare route, and its ratio is to that bare run: on a shared 2-core
  // machine one bare figure for the whole app drifted by ±15 % before the last case ran.
  await measureBare()
  report('  GET /job/v1/status/<rid>', await warmLoad({ url: `${base}/job/v1/status/${rids[0]!}`, headers }))
  await measureBare()
  report('  GET /job/v1/status/<10 rids>', await warmLoad({ url: `${base}/job/v1/status/${rids.slice(0, 10).join(',')}`, headers }))
  await measureBare()
  report(`  GET /job/v1/list (${jobCount} jobs)`, await warmLoad({ url: `${base}/job/v1/list`, headers }))
  report('  GET /job/v1/download/<rid>', await warmLoad({ url: download, headers }))
  await app.close()
}

async function benchAuth (): Promise<void> {
  const app = await buildAuth(
    authConfig.load({
      LOG_LEVEL: logLevel,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-bench-')),
      SIGNIN_LIMIT_PER_IP: '1000000',
      SIGNIN_LIMIT_PER_ACCOUNT: '1000000'
    }),
    { logger, mailer: createLogMailer(logger, { production: false }) }
  )
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/graphql`
  const headers = { 'content-type': 'application/json' }
  const post = async (query: string) =>
    (await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query }) })).json()) as { data: { signIn: { refreshToken: string } } }
  await post('mutation { signUp(email: "bench@example.com", password: "correct horse") }')
  const signIn = 'mutation { signIn(email: "bench@example.com", password: "correct horse") { accessToken refreshToken } }'
  const pool: string[] = []
  for (let i = 0; i < connections; i++) pool.push((await post(signIn)).data.signIn.refreshToken)
  console.log('auth-server on embedded PGlite (default BCRYPT_COST)')
  await measureBare()
  report('  refreshToken (ES512)', await load({ url, method: 'POST', headers, refresh: pool }))
  report('  signIn (bcrypt + ES512)', await load({ url, method: 'POST', headers, body: JSON.stringify({ query: signIn }) }))
  await app.close()
}

async function withPostgresDatabase (url: string, run: (databaseUrl: string) => Promise<void>): Promise<void> {
  await withScratchDatabase(url, 'bench', run)
}

console.log(`${seconds} s per case after ${warmup} s of warm-up, ${connections} connections, autocannon in its own process, Node ${process.version}, apps at LOG_LEVEL=${logLevel}`)
// BENCH_ONLY=relay (or motion, auth) runs one app's figures.
const only = process.env.BENCH_ONLY
if (only === undefined || only === 'motion') {
  await benchMotion('embedded PGlite')
  if (process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DATABASE_URL !== '') {
    await withPostgresDatabase(process.env.TEST_DATABASE_URL, (databaseUrl) => benchMotion('PostgreSQL', databaseUrl))
  }
}
if (only === undefined || only === 'auth') await benchAuth()
if ((only === undefined && process.env.BENCH_RELAY !== '0') || only === 'relay') await benchRelay({ load, warmUp, report, measureBare, withPostgresDatabase, logger })
await bare.close()
