// What answers on the service's port while the app is still being built (the embedded database opening, its
// migrations): /healthz says the process is alive, /readyz answers 503 naming what is still starting, every other
// path 503 in the shared error shape. Build steps say what they are doing through reportStartup(); the steps run
// inside trackStartup(), so concurrent builds (tests) never see each other's progress.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorBody } from './error-handler.js'

type StartupSteps = Map<string, string>

const startupStorage = new AsyncLocalStorage<StartupSteps>()
// Builds in flight. On Node 20 an AsyncLocalStorage that has run turns on async hooks for the whole process and
// leaves them on: every promise of every request then pays the hook (~270 ns per await, measured), so the storage is
// disabled once the last build settles.
let tracking = 0

/** Records what a build step is doing ("opening", "migrating"); `undefined` marks it done. A no-op outside trackStartup. */
export function reportStartup (step: string, state: string | undefined): void {
  const steps = startupStorage.getStore()
  if (steps === undefined) return
  if (state === undefined) steps.delete(step)
  else steps.set(step, state)
}

export interface StartingServer {
  /** The bound port (the one asked for, or the one the system chose for port 0). */
  readonly port: number
  /** Runs the build, its reportStartup() calls shown by /readyz until it settles. */
  track<T> (build: () => Promise<T>): Promise<T>
  /** Stops listening and drops open connections, so the app can take the port. */
  close (): Promise<void>
}

export async function listenWhileStarting (port: number, host: string): Promise<StartingServer> {
  const steps: StartupSteps = new Map([['startup', 'building the app']])
  const server = createServer((request, response) => { answer(request, response, steps) })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host }, () => { server.off('error', reject); resolve() })
  })
  return {
    port: (server.address() as AddressInfo).port,
    async track (build) {
      tracking++
      try {
        return await startupStorage.run(steps, build)
      } finally {
        if (--tracking === 0) startupStorage.disable()
      }
    },
    close: () => closeServer(server)
  }
}

function answer (request: IncomingMessage, response: ServerResponse, steps: StartupSteps): void {
  const path = (request.url ?? '/').split('?')[0]
  const headers = { 'content-type': 'application/json; charset=utf-8', connection: 'close' }
  if (path === '/healthz') {
    response.writeHead(200, headers).end(JSON.stringify({ status: 'ok' }))
  } else if (path === '/readyz') {
    response.writeHead(503, headers).end(JSON.stringify({ status: 'unavailable', checks: Object.fromEntries(steps) }))
  } else {
    response.writeHead(503, { ...headers, 'retry-after': '1' })
      .end(JSON.stringify(errorBody(randomUUID(), 'UNAVAILABLE', 'The service is starting')))
  }
}

async function closeServer (server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => { server.close(() => { resolve() }) })
  server.closeAllConnections()
  await closed
}
