// One server process a private test service can stop and start again (Redis, Kafka): start spawns it and resolves
// once it answers, stop sends SIGTERM (so it writes what it persists) and waits for the exit.
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'

export interface ServerProcessOptions {
  spawn: () => ChildProcess
  /** One readiness probe (a PING, an ApiVersions request); true once the server serves. */
  answers: () => Promise<boolean>
  /** How often and how many times to probe before giving up. */
  probeEveryMs: number
  probes: number
  /** Said in the error when the server never answered. */
  failure: string
  /** SIGKILL after this long when SIGTERM did not end it; unset waits for the exit however long it takes. */
  killAfterMs?: number
}

export interface ServerProcess {
  start: () => Promise<void>
  stop: () => Promise<void>
}

export function serverProcess (options: ServerProcessOptions): ServerProcess {
  let child: ChildProcess | undefined
  return {
    async start () {
      if (child !== undefined) return
      const started = options.spawn()
      child = started
      started.once('exit', () => { if (child === started) child = undefined })
      for (let i = 0; i < options.probes; i++) {
        if (await options.answers()) return
        if (child === undefined) break
        await new Promise((resolve) => setTimeout(resolve, options.probeEveryMs))
      }
      throw new Error(options.failure)
    },
    async stop () {
      const running = child
      if (running === undefined || running.exitCode !== null) { child = undefined; return }
      const exited = once(running, 'exit')
      running.kill('SIGTERM')
      const killer = options.killAfterMs === undefined ? undefined : setTimeout(() => running.kill('SIGKILL'), options.killAfterMs)
      await exited
      clearTimeout(killer)
      child = undefined
    }
  }
}
