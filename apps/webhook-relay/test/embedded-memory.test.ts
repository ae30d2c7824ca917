// The quick start's memory ceiling (issue 33): the relay on its embedded defaults (PGlite under DATA_DIR, the
// in-memory queue) holds at most 300 MB resident once ready and idle. Resident memory settles within seconds of
// readiness and does not depend on the machine's load, unlike throughput. The process is the built app (the test
// runs the package's own build first): through tsx, the loader's thread alone adds 50-70 MB the real app does not carry.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const CEILING_MB = 300
// The embedded defaults: whatever selects PostgreSQL, Redis, Kafka or another role in the test's environment is left out.
const NOT_DEFAULT = new Set(['DATABASE_URL', 'STORAGE_TYPE', 'REDIS_URL', 'KAFKA_BROKER', 'RELAY_ROLE', 'NODE_OPTIONS'])
const defaultEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_DEFAULT.has(name)))
let child: ChildProcess | undefined

afterEach(() => { child?.kill('SIGKILL') })

function residentMb (pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1]) / 1024
}

async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve) })
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => { server.close(resolve) })
  return port
}

async function waitReady (port: number): Promise<void> {
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0)
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

// Building the app and creating the embedded database take a minute or two on a loaded machine.
describe.runIf(process.platform === 'linux')('the relay on its embedded defaults', { timeout: 300_000 }, () => {
  it(`holds at most ${CEILING_MB} MB resident once ready and idle`, async () => {
    const appDir = join(import.meta.dirname, '..')
    await promisify(execFile)(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: appDir })
    const port = await freePort()
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: appDir,
      env: { ...defaultEnv, WEBHOOK_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'relay-memory-')) },
      stdio: ['ignore', 'ignore', 'inherit']
    })
    const exited = new Promise<never>((_resolve, reject) => { child?.once('exit', (code) => { reject(new Error(`the relay exited (${String(code)})`)) }) })
    await Promise.race([waitReady(port), exited])
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(residentMb(child.pid ?? 0)).toBeLessThanOrEqual(CEILING_MB)
  })
})
