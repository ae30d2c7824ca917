// A redis-server of a test's own, on a free port with its own directory, for tests that stop and restart Redis
// under a running app (the shared one from scripts/services.sh serves other suites at the same time and must
// never go down). Append-only persistence is on, as a deployment that keeps queued jobs across a restart has it.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PrivateService } from './fault-drill.js'
import { freePort } from './free-port.js'
import { requireTool } from './require-tool.js'
import { serverProcess } from './server-process.js'

/** stop: SIGTERM (it writes its append-only file), then the exit; start: resolves once it answers PING. */
export interface PrivateRedis extends PrivateService {
  readonly url: string
}

/** Whether redis-server is installed (throws in CI when it is not). */
export function privateRedisAvailable (): boolean {
  return requireTool('redis-server', spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0, 'Debian redis-server')
}

async function answersPing (port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let reply = ''
    const done = (ok: boolean): void => { socket.destroy(); resolve(ok) }
    socket.setTimeout(1000, () => { done(false) })
    socket.on('error', () => { done(false) })
    socket.on('connect', () => { socket.write('PING\r\n') })
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
  })
}

export async function startPrivateRedis (): Promise<PrivateRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'private-redis-'))
  const { start, stop } = serverProcess({
    spawn: () => spawn('redis-server', [
      '--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'
    ], { stdio: 'ignore' }),
    answers: async () => await answersPing(port),
    probeEveryMs: 50,
    probes: 200,
    failure: `private redis-server on port ${port} did not answer PING`
  })

  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close () {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
