// `pnpm bench:tracing`: what tracing costs, in one run. motion-api and the webhook relay run as real processes
// (their main.ts: tracing can only start before the app loads) three times: tracing off (no SDK loaded), on with
// 10 % of traces sampled (parentbased_traceidratio 0.1) and on at 100 %. Each time the load generator (load.mjs, a
// process of its own) measures motion-api's status poll (GET /job/v1/status/<rid>) and the relay's ingest
// (POST /webhook, no endpoints, so no deliveries). Spans go to an OTLP sink in this process that answers 200 at once
// (the collector's own cost is not the services'). Each figure is also stated as the app process's CPU time per
// request (from /proc), which moves much less than throughput with the neighbours' load on a shared machine. The
// three settings run in turn BENCH_ROUNDS times (2); each is reported from its least disturbed round (lowest CPU
// per request). BENCH_SECONDS (5) and BENCH_CONNECTIONS (10) tune the load; with BENCH_CPU_PROFILE_DIR set, every
// app process writes a V8 CPU profile there (node --cpu-prof) for the whole of its run.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../packages/test-services/src/free-port.js'
import { processCpuUs } from './cpu-meter.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const profileDir = process.env.BENCH_CPU_PROFILE_DIR
const root = join(import.meta.dirname, '..', '..')
const loadScript = join(import.meta.dirname, 'load.mjs')
const run = promisify(execFile)
const ADMIN_KEY = 'bench-admin-key-0123456789abcdefghij'

interface Setting { name: string, env: Record<string, string> }
interface Figure { rps: number, p99: number, failures: number, requests: number, cpuUs: number }

async function startSink (): Promise<{ url: string, spans: () => number, close: () => Promise<void> }> {
  let bytes = 0
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => { bytes += chunk.length })
    request.on('end', () => { response.writeHead(200, { 'content-type': 'application/json' }).end('{}') })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${String((server.address() as { port: number }).port)}`,
    spans: () => bytes,
    close: async () => { await new Promise((resolve) => server.close(resolve)) }
  }
}

async function startApp (main: string, env: Record<string, string>, url: string): Promise<ChildProcess> {
  const profile = profileDir === undefined || profileDir === '' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, main)], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'tracing-bench-')), ...env },
    stdio: 'ignore'
  })
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return child
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${main} did not become ready`)
}

async function stop (child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** The load on one app; `cpuUs` is the app process's CPU time per answered request over the load. */
async function load (app: ChildProcess, job: Record<string, unknown>): Promise<Figure> {
  const before = processCpuUs(app.pid ?? 0) ?? 0
  const { stdout } = await run(process.execPath, [loadScript, JSON.stringify({ connections, seconds, ...job })], { encoding: 'utf8' })
  const figure = JSON.parse(stdout) as Omit<Figure, 'cpuUs'>
  const spent = (processCpuUs(app.pid ?? 0) ?? before) - before
  return { ...figure, cpuUs: figure.requests > 0 ? spent / figure.requests : Number.NaN }
}

async function measure (setting: Setting, sinkUrl: string): Promise<{ poll: Figure, ingest: Figure }> {
  const tracing = setting.env.OTEL_TRACES_SAMPLER === undefined ? {} : { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl, ...setting.env }
  const motionPort = await freePort()
  const relayPort = await freePort()
  const motionUrl = `http://127.0.0.1:${String(motionPort)}`
  const relayUrl = `http://127.0.0.1:${String(relayPort)}`
  const [motion, relay] = await Promise.all([
    startApp('apps/motion-api/src/main.ts', { ...tracing, MOTION_PORT: String(motionPort) }, motionUrl),
    startApp('apps/webhook-relay/src/main.ts', { ...tracing, WEBHOOK_PORT: String(relayPort), ADMIN_API_KEY: ADMIN_KEY }, relayUrl)
  ])
  try {
    const auth = await fetch(`${motionUrl}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
    const cookie = /dmsess=[^;]+/.exec(auth.headers.get('set-cookie') ?? '')?.[0] ?? ''
    const submitted = await fetch(`${motionUrl}/job/v1/process/text2motion`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ params: ['prompt=a person walks forward', 'model=openmotion_mannequin'] })
    })
    const { rid } = await submitted.json() as { rid: string }
    // The poll is measured on a finished job: a job still running would share the cores with the load.
    for (let i = 0; i < 600; i++) {
      const status = await (await fetch(`${motionUrl}/job/v1/status/${rid}`, { headers: { cookie } })).json() as { status: Array<{ status: string }> }
      if (status.status[0]?.status !== 'PROGRESS') break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const admin = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' }
    const tenant = await (await fetch(`${relayUrl}/v1/tenants`, { method: 'POST', headers: admin, body: '{"name":"bench"}' })).json() as { id: string }
    const { key } = await (await fetch(`${relayUrl}/v1/tenants/${tenant.id}/keys`, { method: 'POST', headers: admin, body: '{}' })).json() as { key: string }
    const poll = await load(motion, { url: `${motionUrl}/job/v1/status/${rid}`, headers: { cookie } })
    const ingest = await load(relay, {
      url: `${relayUrl}/webhook`,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'job.succeeded', data: { rid: 'bench', status: 'SUCCESS' } })
    })
    return { poll, ingest }
  } finally {
    await Promise.all([stop(motion), stop(relay)])
  }
}

const settings: Setting[] = [
  { name: 'tracing off (no SDK)', env: {} },
  { name: 'on, 10 % sampled', env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' } },
  { name: 'on, 100 % sampled', env: { OTEL_TRACES_SAMPLER: 'parentbased_always_on' } }
]

const sink = await startSink()
const best = new Map<Setting, { poll: Figure, ingest: Figure }>()
for (let round = 0; round < rounds; round++) {
  for (const setting of settings) {
    const figures = await measure(setting, sink.url)
    const kept = best.get(setting)
    best.set(setting, {
      poll: kept === undefined || figures.poll.cpuUs < kept.poll.cpuUs ? figures.poll : kept.poll,
      ingest: kept === undefined || figures.ingest.cpuUs < kept.ingest.cpuUs ? figures.ingest : kept.ingest
    })
  }
}
await sink.close()
const off = best.get(settings[0] as Setting) as { poll: Figure, ingest: Figure }
const versus = (setting: Setting, now: number, base: number): string => (setting === settings[0] ? '' : ` (${now >= base ? '+' : ''}${((now / base - 1) * 100).toFixed(0)} %)`)
const cell = (setting: Setting, figure: Figure, base: Figure): string =>
  `${figure.rps.toFixed(0)} | ${figure.p99} ms | ${figure.cpuUs.toFixed(0)} µs${versus(setting, figure.cpuUs, base.cpuUs)}`
const rows = settings.map((setting) => {
  const figures = best.get(setting) as { poll: Figure, ingest: Figure }
  return `| ${setting.name} | ${cell(setting, figures.poll, off.poll)} | ${cell(setting, figures.ingest, off.ingest)} | ${figures.poll.failures + figures.ingest.failures} |`
})
const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
process.stdout.write(`tracing cost: ${String(connections)} connections, ${String(seconds)} s per figure, best of ${String(rounds)} rounds, ` +
  `OTLP bytes exported ${String(sink.spans())}, load average at the end ${loadAverage}\n\n` +
  '| setting | poll req/s | poll p99 | poll CPU per request | ingest req/s | ingest p99 | ingest CPU per request | failures |\n' +
  '|---|---|---|---|---|---|---|---|\n' +
  `${rows.join('\n')}\n`)
