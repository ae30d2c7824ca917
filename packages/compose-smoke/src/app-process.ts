// Runs what a compose service's container would run, as a local process: the Dockerfile's `node dist/<x>.js` becomes
// `node --import tsx src/<x>.ts` in the app's directory, with exactly the given environment (plus PATH), not the
// test runner's, so a variable compose forgets is missing here too.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export interface AppProcess {
  name: string
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  stop: () => Promise<number | null>
}

/** `dist/main.js` → `src/main.ts`, the source the image's build compiles it from. */
export function sourceOf (script: string): string {
  return script.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts')
}

export function startAppProcess (options: {
  name: string
  root: string
  appDir: string
  script: string
  args?: string[]
  env: Record<string, string>
  cwd: string
}): AppProcess {
  const loader = pathToFileURL(join(options.root, 'node_modules/tsx/dist/loader.mjs')).href
  const child = spawn(process.execPath, ['--import', loader, join(options.root, options.appDir, sourceOf(options.script)), ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return {
    name: options.name,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    }
  }
}

/** Polls `url` until it answers 200; fails with the process output when the process exits or time runs out. */
export async function waitUntilOk (app: AppProcess, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (app.child.exitCode !== null) throw new Error(`${app.name} exited with ${app.child.exitCode}:\n${app.output()}`)
    const status = await fetch(url).then((r) => r.status, () => 0)
    if (status === 200) return
    if (Date.now() > deadline) throw new Error(`${url} never answered 200 (last ${status}); ${app.name} output:\n${app.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
