import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))

function run (env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'motion-main-')), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  return { child, output: () => output }
}

describe('motion-api process', () => {
  it('refuses to start on a bad MOTION_PORT, naming the variable', async () => {
    const { child, output } = run({ MOTION_PORT: 'abc' })
    const [code] = await once(child, 'exit') as [number]
    expect(code).not.toBe(0)
    expect(output()).toContain('MOTION_PORT is invalid: expected an integer from 1 to 65535, got "abc"')
  })

  it('refuses to start a worker process without the Redis queue, naming QUEUE', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'worker'], { env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'motion-main-')), QUEUE: 'memory' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
    const [code] = await once(child, 'exit') as [number]
    expect(code).toBe(1)
    expect(output).toContain('Configuration error: MOTION_ROLE=worker needs QUEUE=redis')
  })

  it('refuses to start with render enabled and no ffmpeg, naming FFMPEG_PATH', async () => {
    const { child, output } = run({ RENDER_ENABLED: 'true', FFMPEG_PATH: '/nonexistent/ffmpeg' })
    const [code] = await once(child, 'exit') as [number]
    expect(code).toBe(1)
    expect(output()).toContain('Configuration error: ffmpeg not found or not runnable at "/nonexistent/ffmpeg" (set FFMPEG_PATH')
  })

  it('listens on MOTION_PORT over a real socket and stops on SIGTERM', async () => {
    const port = 18080 + Math.floor(Math.random() * 1000)
    const { child, output } = run({ MOTION_PORT: String(port), HOST: '127.0.0.1' })
    const deadline = Date.now() + 20_000
    while (!output().includes('Server listening')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(output())
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const response = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(await response.json()).toEqual({ status: 'ok' })
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit') as [number]
    expect(code).toBe(0)
  })
})
