// The quick start's memory ceiling, one suite for the three apps: an app on its embedded defaults
// (PGlite under a fresh DATA_DIR, the in-memory queues) holds at most `ceilingMb` resident once ready and idle.
// Resident memory settles within seconds of readiness and does not depend on the machine's load, unlike
// throughput or start-up time, so it is asserted and those are not. The process is the built app, as `./run start`
// runs it (the suite runs the app's own build first): through tsx, the loader's thread alone adds 50-70 MB the
// real app does not carry.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from './free-port.js'

// Whatever selects PostgreSQL, Redis, Kafka or another role in the test's environment is left out.
const NOT_DEFAULT = new Set(['DATABASE_URL', 'STORAGE_TYPE', 'REDIS_URL', 'KAFKA_BROKER', 'RELAY_ROLE', 'MOTION_ROLE', 'NODE_OPTIONS'])
// After readiness: long enough for start-up garbage to be collected or reused, as the bench's 10 s idle shows.
const SETTLE_MS = 3000

export interface EmbeddedMemorySuite {
  /** The app's package directory (holding tsconfig.build.json and, once built, dist/main.js). */
  appDir: string
  /** The app's port variable, e.g. MOTION_PORT. */
  portVariable: string
  /** At most this many MB resident once ready and idle. */
  ceilingMb: number
}

/** Resident memory of a process, in MB, from /proc (Linux). */
export function residentMb (pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  if (line === undefined) throw new Error(`no VmRSS for process ${pid}`)
  return Number(line.split(/\s+/)[1]) / 1024
}

async function waitReady (port: number, exited: Promise<never>): Promise<void> {
  const ready = async (): Promise<void> => {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0)
      if (status === 200) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  await Promise.race([ready(), exited])
}

/** Builds the app, starts dist/main.js on a fresh DATA_DIR and asserts its idle resident memory. */
export function describeEmbeddedMemory (title: string, suite: EmbeddedMemorySuite): void {
  let child: ChildProcess | undefined
  // Building the app and creating the embedded database take a minute or two on a loaded machine.
  describe.runIf(process.platform === 'linux')(title, { timeout: 300_000 }, () => {
    afterEach(() => { child?.kill('SIGKILL') })

    it(`holds at most ${suite.ceilingMb} MB resident once ready and idle`, async () => {
      const tsc = createRequire(join(suite.appDir, 'package.json')).resolve('typescript/bin/tsc')
      await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: suite.appDir })
      const port = await freePort()
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_DEFAULT.has(name)))
      const started = spawn(process.execPath, ['dist/main.js'], {
        cwd: suite.appDir,
        env: { ...env, [suite.portVariable]: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'embedded-memory-')) },
        stdio: ['ignore', 'ignore', 'inherit']
      })
      child = started
      const exited = new Promise<never>((_resolve, reject) => { started.once('exit', (code) => { reject(new Error(`the app exited (${String(code)})`)) }) })
      exited.catch(() => {})
      await waitReady(port, exited)
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      expect(residentMb(started.pid ?? 0)).toBeLessThanOrEqual(suite.ceilingMb)
    })
  })
}
