// Status-poll and list throughput over HTTP beside a bare fastify route in the same run, so the figures say how
// much the session check, the database read and the JSON shaping cost on top of fastify itself. autocannon runs in
// a child process (the root's scripts/bench/load.mjs: in this process it would share the server's event loop), after
// BENCH_WARMUP (1) s of unreported load per case; each case prints this process's CPU time per request (the
// servers' cost, all threads), which moves far less with the machine's load than req/s.
// Usage: pnpm --filter @openmotion/motion-api bench   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_JOBS override)
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import fastify from 'fastify'
import { createLogger } from '@openmotion/common'
import { buildApp, motionConfig } from '../src/app.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const jobCount = Number(process.env.BENCH_JOBS ?? 20)
const warmup = Number(process.env.BENCH_WARMUP ?? 1)
const loadScript = join(import.meta.dirname, '../../../scripts/bench/load.mjs')

const app = await buildApp(
  motionConfig.load({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'motion-bench-')), RENDER_ENABLED: 'false', DEV_PLAN_CREDITS: '100000' }),
  { logger: createLogger({ name: 'motion-bench', level: 'silent' }) }
)
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
const cookie = auth.headers.get('set-cookie')!.split(';')[0]!

const rids: string[] = []
for (let i = 0; i < jobCount; i++) {
  const response = await fetch(`${base}/job/v1/process/text2motion`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ params: ['prompt=nod then wave', 'model=openmotion_mannequin', 'skipFBX=1'] })
  })
  rids.push(((await response.json()) as { rid: string }).rid)
}
for (const rid of rids) {
  while (
    ((await (await fetch(`${base}/job/v1/status/${rid}`, { headers: { cookie } })).json()) as { status: Array<{ status: string }> }).status[0]!.status ===
    'PROGRESS'
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const bare = fastify()
bare.get('/status', async () => ({ count: 1, status: [{ rid: rids[0], status: 'SUCCESS' }] }))
await bare.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/status`

interface Figure { rps: number, requests: number, p50: number, p99: number, failures: number }

async function load (url: string, duration: number): Promise<Figure> {
  const { stdout } = await promisify(execFile)(process.execPath, [loadScript, JSON.stringify({ url, headers: { cookie }, connections, seconds: duration })])
  return JSON.parse(stdout) as Figure
}

let bareRps = 0
async function run (name: string, url: string): Promise<void> {
  if (warmup > 0) await load(url, warmup)
  const before = process.cpuUsage()
  const figure = await load(url, seconds)
  const cpu = process.cpuUsage(before)
  const cpuMicros = (cpu.user + cpu.system) / Math.max(1, figure.requests)
  const ratio = bareRps > 0 ? `   ${(figure.rps / bareRps).toFixed(2)}× bare` : ''
  console.log(
    `${name.padEnd(34)} ${figure.rps.toFixed(0).padStart(7)} req/s   p50 ${String(figure.p50).padStart(4)} ms   p99 ${String(figure.p99).padStart(4)} ms` +
    `   ${cpuMicros.toFixed(0).padStart(4)} µs CPU/req${ratio}${figure.failures > 0 ? `   ${figure.failures} failed` : ''}`
  )
  if (bareRps === 0) bareRps = figure.rps
}

console.log(`${seconds} s per case after ${warmup} s of warm-up, ${connections} connections, ${jobCount} finished jobs on embedded PGlite, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
await run('bare fastify route', bareUrl)
await run('GET /job/v1/status/<rid>', `${base}/job/v1/status/${rids[0]}`)
const many = `${base}/job/v1/status/${rids.slice(0, 10).join(',')}`
const probe = await fetch(many, { headers: { cookie } })
if (!probe.ok) throw new Error(`status of 10 rids answered ${probe.status}: ${await probe.text()}`)
await run('GET /job/v1/status/<10 rids>', many)
await run(`GET /job/v1/list (${jobCount} jobs)`, `${base}/job/v1/list`)
await bare.close()
await app.close()
