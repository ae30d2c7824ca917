// `pnpm bench:memory`: start-up time and resident memory of each app of the quick start on its embedded defaults
// (PGlite under DATA_DIR, in-memory queues), from its built dist/ as `./run start` runs it. Per app: a first start
// on a fresh DATA_DIR and a restart on the same one, each timed from spawn to the first /healthz 200 and the first
// /readyz 200; after the first start, resident memory once idle for BENCH_IDLE seconds (30), then the peak during
// BENCH_SECONDS (5) of load on its readiness route, which queries the database, from autocannon in a child process
// (load.mjs) with BENCH_CONNECTIONS (10); after the restart, idle memory again (a restart has no database to create
// and no stock thumbnails to draw, so it shows what the app itself holds). `pnpm bench:startup` (`--startup`) times
// the starts only.
// BENCH_NICE runs the apps under `nice -n <value>` (a negative value needs root) to measure past other work on
// the machine; the load average is printed with the figures. Linux only (reads /proc/<pid>/status).
// `--postgres` gives each app a fresh PostgreSQL database (created on TEST_DATABASE_URL's server, dropped after) as
// DATABASE_URL instead of PGlite; BENCH_APPS (comma-separated names) picks apps; BENCH_NODE_FLAGS (space-separated)
// adds flags to each app's node, after the app options of ../app-node-options.mjs, to compare V8 settings.
import { spawn, execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { withAppNodeOptions } from '../app-node-options.mjs'
import { withScratchDatabase } from './scratch-database.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const startupOnly = process.argv.includes('--startup')
// Idle means after V8's memory reducer: it starts some 8 s after the allocation rate falls and then shrinks the young
// generation it grew during start-up. The relay on PostgreSQL held 102 MiB at 10 s and 80-81 MiB from 20 s on.
const idleSeconds = Number(process.env.BENCH_IDLE ?? 30)
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const niceness = process.env.BENCH_NICE
const postgres = process.argv.includes('--postgres')
const picked = process.env.BENCH_APPS?.split(',').map((a) => a.trim()).filter((a) => a !== '')
const apps = [{ name: 'motion-api', port: 'MOTION_PORT' }, { name: 'auth-server', port: 'AUTH_PORT' }, { name: 'webhook-relay', port: 'WEBHOOK_PORT' }]
  .filter((app) => picked === undefined || picked.length === 0 || picked.includes(app.name))
const NOT_DEFAULT = new Set(['DATABASE_URL', 'STORAGE_TYPE', 'REDIS_URL', 'KAFKA_BROKER', 'RELAY_ROLE', 'MOTION_ROLE', 'NODE_OPTIONS'])
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_DEFAULT.has(name)))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')

function residentMb (pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return Math.round(Number(line.split(/\s+/)[1]) / 1024)
}

async function freePort () {
  const server = createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

function start ({ name, port }, listenPort, dataDir, databaseUrl) {
  const node = [process.execPath, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '')]
  const command = niceness === undefined ? node : ['nice', '-n', niceness, ...node]
  const child = spawn(command[0], [...command.slice(1), 'dist/main.js'], {
    cwd: join(root, 'apps', name),
    env: withAppNodeOptions({ ...env, [port]: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) }),
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return { child, exited }
}

/** Seconds from `started` until `path` first answers 200, polled every 20 ms. */
async function secondsUntilOk (port, path, started, exited) {
  let gone = false
  exited.then(() => { gone = true })
  for (;;) {
    if (gone) throw new Error(`the app exited before ${path} answered 200`)
    const status = await fetch(`http://127.0.0.1:${port}${path}`).then((r) => r.status, () => 0)
    if (status === 200) return Number(process.hrtime.bigint() - started) / 1e9
    await sleep(20)
  }
}

async function stop ({ child, exited }) {
  child.kill('SIGTERM')
  await exited
}

/** One start: seconds to /healthz and to /readyz, then `whileUp(child, port)` before it stops. */
async function timedStart (app, dataDir, databaseUrl, whileUp) {
  const port = await freePort()
  const started = process.hrtime.bigint()
  const running = start(app, port, dataDir, databaseUrl)
  try {
    const healthz = await secondsUntilOk(port, '/healthz', started, running.exited)
    const readyz = await secondsUntilOk(port, '/readyz', started, running.exited)
    return { healthz, readyz, ...(await whileUp?.(running.child, port)) }
  } finally {
    await stop(running)
  }
}

async function idleMemory (child) {
  await sleep(idleSeconds * 1000)
  return { idle: residentMb(child.pid) }
}

async function memory (child, port) {
  const { idle } = await idleMemory(child)
  let peak = idle
  const sampler = setInterval(() => { peak = Math.max(peak, residentMb(child.pid)) }, 200)
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts/bench/load.mjs'), JSON.stringify({ url: `http://127.0.0.1:${port}/readyz`, connections, seconds: loadSeconds })])
  clearInterval(sampler)
  peak = Math.max(peak, residentMb(child.pid))
  return { idle, peak, rps: JSON.parse(stdout).rps }
}

async function measure (app) {
  const dataDir = mkdtempSync(join(tmpdir(), `${app.name}-bench-`))
  const run = async (databaseUrl) => {
    const loadBefore = load()
    const first = await timedStart(app, dataDir, databaseUrl, startupOnly ? undefined : memory)
    const restart = await timedStart(app, dataDir, databaseUrl, startupOnly ? undefined : idleMemory)
    return { name: app.name, first, restart, load: `${loadBefore} → ${load()}` }
  }
  if (!postgres) return await run(undefined)
  const adminUrl = process.env.TEST_DATABASE_URL
  if (adminUrl === undefined || adminUrl === '') throw new Error('--postgres needs TEST_DATABASE_URL')
  return await withScratchDatabase(adminUrl, 'memory', run)
}

// One app at a time: each first start creates its database (initdb), which would otherwise compete for the cores.
console.log(`${cpus().length} cores, load average ${load()}${niceness === undefined ? '' : `, apps under nice -n ${niceness}`}${postgres ? ', PostgreSQL (a fresh database per app)' : ''}`)
const rows = []
for (const app of apps) rows.push(await measure(app))
const s = (seconds) => `${seconds.toFixed(2).padStart(5)} s`
for (const r of rows) {
  console.log(`${r.name.padEnd(14)} first start: /healthz ${s(r.first.healthz)}, /readyz ${s(r.first.readyz)}   restart: /healthz ${s(r.restart.healthz)}, /readyz ${s(r.restart.readyz)}   (load average ${r.load})`)
}
if (!startupOnly) {
  for (const r of rows) {
    console.log(`${r.name.padEnd(14)} idle ${String(r.first.idle).padStart(4)} MB   under load ${String(r.first.peak).padStart(4)} MB   (${Math.round(r.first.rps)} req/s on /readyz)   idle after a restart ${String(r.restart.idle).padStart(4)} MB`)
  }
  console.log(`${'together'.padEnd(14)} idle ${String(rows.reduce((sum, r) => sum + r.first.idle, 0)).padStart(4)} MB   under load ${String(rows.reduce((sum, r) => sum + r.first.peak, 0)).padStart(4)} MB`)
}
