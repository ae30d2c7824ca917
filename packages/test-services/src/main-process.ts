// Runs an app's src/main.ts as a child process (through tsx, as `pnpm dev` does) for tests of what only a real
// process shows: configuration errors on stderr, the exit status, listening on a port, SIGTERM handling.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

export interface MainProcess {
  child: ChildProcess
  /** Everything written to stdout and stderr so far. */
  output: () => string
  /** Resolves with the exit status and the whole output. */
  exited: () => Promise<{ code: number | null, output: string }>
  /** Waits until `text` appears in the output; throws with the output if the process exits or the time runs out. */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>
}

/** Starts `main` (a .ts path) with the test's environment plus `env` and a fresh DATA_DIR. */
export function spawnMain (main: string, env: Record<string, string> = {}, args: string[] = []): MainProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'main-process-'))
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exit = once(child, 'exit') as Promise<[number | null]>
  return {
    child,
    output: () => output,
    exited: async () => ({ code: (await exit)[0], output }),
    waitFor: async (text, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs
      while (!output.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null) {
          // A process that never got there must not outlive the test.
          child.kill('SIGKILL')
          throw new Error(`"${text}" never appeared; output:\n${output}`)
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }
}

export interface MainProcessSuite {
  /** Path of the app's src/main.ts. */
  main: string
  /** The app's port variable, e.g. MOTION_PORT. */
  portVariable: string
  /** Extra environment for the listening test. */
  env?: Record<string, string>
}

/** The checks every app's process passes: a bad port stops it with one line naming the variable; it listens and stops cleanly on SIGTERM. */
export function describeMainProcess (title: string, suite: MainProcessSuite, more?: () => void): void {
  // Starting a process (tsx compiling, PGlite opening) takes seconds, many more on a busy machine.
  describe(title, { timeout: 90_000 }, () => {
    it(`refuses to start on a bad ${suite.portVariable}, naming the variable`, async () => {
      const { code, output } = await spawnMain(suite.main, { ...suite.env, [suite.portVariable]: 'abc' }).exited()
      expect(code).toBe(1)
      expect(output).toContain(`Configuration error: ${suite.portVariable} is invalid: expected an integer from 1 to 65535, got "abc"`)
      expect(output).not.toMatch(/\n\s+at /)
    })

    it(`listens on ${suite.portVariable} over a real socket and stops on SIGTERM`, async () => {
      const port = 20_000 + Math.floor(Math.random() * 20_000)
      const app = spawnMain(suite.main, { ...suite.env, [suite.portVariable]: String(port), HOST: '127.0.0.1' })
      await app.waitFor('Server listening')
      const response = await fetch(`http://127.0.0.1:${port}/healthz`)
      expect(await response.json()).toEqual({ status: 'ok' })
      app.child.kill('SIGTERM')
      expect((await app.exited()).code).toBe(0)
    })

    more?.()
  })
}
