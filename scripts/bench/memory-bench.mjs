// `pnpm bench:memory`: resident memory of each app of the quick start on its embedded defaults (PGlite under a fresh
// DATA_DIR, in-memory queues), from its built dist/ as `./run start` runs it: once ready and idle for BENCH_IDLE
// seconds (10), then the peak during BENCH_SECONDS (5) of load on its readiness route, which queries the database,
// from autocannon in a child process (load.mjs) with BENCH_CONNECTIONS (10). Linux only (reads /proc/<pid>/status).
import { spawn, execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const root = fileURLToPath(new URL('../..', import.meta.url))
const idleSeconds = Number(process.env.BENCH_IDLE ?? 10)
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const apps = [{ name: 'motion-api', port: 'MOTION_PORT' }, { name: 'auth-server', port: 'AUTH_PORT' }, { name: 'webhook-relay', port: 'WEBHOOK_PORT' }]
const NOT_DEFAULT = new Set(['DATABASE_URL', 'STORAGE_TYPE', 'REDIS_URL', 'KAFKA_BROKER', 'RELAY_ROLE', 'MOTION_ROLE', 'NODE_OPTIONS'])
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_DEFAULT.has(name)))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

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

function start ({ name, port }, listenPort) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(root, 'apps', name),
    env: { ...env, [port]: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-memory-`)) },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const exited = new Promise((_resolve, reject) => child.once('exit', (code) => reject(new Error(`${name} exited (${code})`))))
  return { child, exited }
}

async function waitReady (port) {
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0)
    if (status === 200) return
    await sleep(250)
  }
}

async function measure (app) {
  const started = Date.now()
  const port = await freePort()
  const { child, exited } = start(app, port)
  exited.catch(() => {})
  try {
    await Promise.race([waitReady(port), exited])
    const readySeconds = (Date.now() - started) / 1000
    await sleep(idleSeconds * 1000)
    const idle = residentMb(child.pid)
    let peak = idle
    const sampler = setInterval(() => { peak = Math.max(peak, residentMb(child.pid)) }, 200)
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts/bench/load.mjs'), JSON.stringify({ url: `http://127.0.0.1:${port}/readyz`, connections, seconds: loadSeconds })])
    clearInterval(sampler)
    peak = Math.max(peak, residentMb(child.pid))
    return { name: app.name, readySeconds, idle, peak, rps: JSON.parse(stdout).rps }
  } finally {
    child.kill('SIGTERM')
  }
}

// One app at a time: each start creates its database (initdb), which would otherwise compete for the cores.
const rows = []
for (const app of apps) rows.push(await measure(app))
for (const r of rows) {
  console.log(`${r.name.padEnd(14)} idle ${String(r.idle).padStart(4)} MB   under load ${String(r.peak).padStart(4)} MB   (ready after ${r.readySeconds.toFixed(1)} s, ${Math.round(r.rps)} req/s on /readyz)`)
}
console.log(`${'together'.padEnd(14)} idle ${String(rows.reduce((s, r) => s + r.idle, 0)).padStart(4)} MB   under load ${String(rows.reduce((s, r) => s + r.peak, 0)).padStart(4)} MB`)
