import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { freePort } from '@openmotion/test-services'

const fixture = fileURLToPath(new URL('../fixtures/slow-server.ts', import.meta.url))

async function waitForOutput (output: () => string, text: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!output().includes(text)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`fixture never printed "${text}": ${output()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function startFixture (env: Record<string, string>): Promise<{ child: ChildProcess, port: number, output: () => string }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  await waitForOutput(() => output, 'Server listening', child)
  return { child, port, output: () => output }
}

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the in-flight request, drains workers, refuses new connections and exits 0', async () => {
    const { child, port, output } = await startFixture({})
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`)
    // Only once the request is being handled: on a busy machine a fixed pause can let SIGTERM arrive first.
    await waitForOutput(output, 'slow request started', child)
    child.kill('SIGTERM')
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ finished: true })
    const [code] = await once(child, 'exit') as [number | null]
    expect(code).toBe(0)
    expect(output()).toContain('worker drained')
    expect(output()).toContain('shut down cleanly')
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
  })

  it('exits 1 when draining outlives the deadline', async () => {
    const { child, output } = await startFixture({ HANG_ON_CLOSE: '1', SHUTDOWN_TIMEOUT_MS: '300' })
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit') as [number | null]
    expect(code).toBe(1)
    expect(output()).toContain('shutdown deadline passed')
  })
})
