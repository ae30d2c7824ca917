// Fuzzing: schemathesis generates requests from /openapi.json (all checks: no 5xx, responses match their
// documented schema, status codes and content types are documented) against the app on a real socket, with a
// session cookie and the admin token so it reaches past authentication. Bounded to ~3 minutes.
import { spawn } from 'node:child_process'
import { expect, it } from 'vitest'
import { describeWithService } from '@openmotion/test-services'
import { ADMIN, buildTestApp, login } from '../helper.js'

const TIME_LIMIT_MS = 170_000

async function run (command: string, args: string[]): Promise<{ code: number | null, output: string }> {
  return await new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
    const timer = setTimeout(() => { child.kill('SIGINT') }, TIME_LIMIT_MS)
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, output }) })
  })
}

describeWithService('schemathesis', (schemathesis) => {
  it('finds no 5xx, schema violation or undocumented status in motion-api', async () => {
    const app = await buildTestApp()
    try {
      const cookie = await login(app)
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address()
      const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
      const { code, output } = await run(schemathesis, [
        'run', `${base}/openapi.json`, '--base-url', base, '--checks', 'all', '--experimental', 'openapi-3.1',
        '--hypothesis-max-examples', '25', '--hypothesis-derandomize', '--workers', '1',
        '-H', `Cookie: ${cookie}`, '-H', `Authorization: Bearer ${ADMIN}`
      ])
      console.log(output.split('\n').filter((line) => /operations|examples|passed|failed|errored|FAILURES|Summary/i.test(line)).join('\n'))
      expect(code, output.slice(-6000)).toBe(0)
    } finally {
      await app.close()
    }
  }, TIME_LIMIT_MS + 60_000)
})
