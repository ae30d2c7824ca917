// Runs the relay's real entry point (src/main.ts) as a child process, for tests that kill it with SIGKILL, and a
// fresh PostgreSQL database per test so a restarted relay sees only that test's deliveries.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '@openmotion/common'

// RELAY_CRASH_MAIN runs another checkout's entry point instead (to measure the same scenario on older code).
const main = process.env.RELAY_CRASH_MAIN ?? fileURLToPath(new URL('../../src/main.ts', import.meta.url))

export interface RelayProcess {
  url: string
  child: ChildProcess
  output: () => string
  kill: () => Promise<void>
}

export async function startRelayProcess (env: Record<string, string>, timeoutMs = 90_000): Promise<RelayProcess> {
  const port = 20_000 + Math.floor(Math.random() * 10_000)
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ...env, WEBHOOK_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (c: Buffer) => { output += c.toString() })
  child.stderr?.on('data', (c: Buffer) => { output += c.toString() })
  const deadline = Date.now() + timeoutMs
  while (!output.includes('Server listening')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL')
      throw new Error(`relay did not start: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await once(child, 'exit')
    }
  }
}

/** CREATE DATABASE for one test; `drop` removes it (connections of killed relays included). */
export async function freshDatabase (adminUrl: string): Promise<{ url: string, drop: () => Promise<void> }> {
  const name = `relay_crash_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = await openDatabase({ url: adminUrl })
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.close()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const db = await openDatabase({ url: adminUrl })
      await db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await db.close()
    }
  }
}

export async function postJson (base: string, path: string, body: unknown, token: string): Promise<{ status: number, body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: await response.json() as Record<string, unknown> }
}
