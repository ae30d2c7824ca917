// Process entry helpers for main.ts: load config or stop with a readable message, then listen and shut down
// gracefully. This is the only module that may end the process: libraries report errors, mains decide.
import { Type, type Static, type TObject } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { commonEnv } from './common-config.js'
import { ConfigError, defineConfig, type ConfigDefinition, type Env } from './config.js'
import { listenWhileStarting } from './starting-server.js'
import { startTracing } from './tracing/start-tracing.js'
import { tracingConfig } from './tracing/tracing-config.js'

/** Loads config; on a bad value prints one line naming the variable and exits with status 1. */
export function loadConfigOrExit<T extends TObject> (definition: ConfigDefinition<T>, env: Env = process.env): ReturnType<ConfigDefinition<T>['load']> {
  try {
    return definition.load(env, { warn: (message) => process.stderr.write(`Configuration warning: ${message}\n`) })
  } catch (error) {
    exitOnConfigError(error)
  }
}

function exitOnConfigError (error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`)
    process.exit(1)
  }
  throw error
}

export interface ServiceDefinition<T extends TObject> {
  /** The service's name on its spans when OTEL_SERVICE_NAME is unset. */
  name: string
  config: ConfigDefinition<T>
  /**
   * Imports the app's module (`() => import('./app.js')`). It is called once the port listens: the app's imports
   * (fastify, the database driver, everything its routes use) are most of a start's time, and meanwhile /healthz
   * answers and /readyz says what is still starting.
   */
  app: () => Promise<{ buildApp: (config: Readonly<Static<T>>) => Promise<FastifyInstance> }>
  /** The service's port variable; the interface and the shutdown deadline are commonEnv's HOST and SHUTDOWN_TIMEOUT_MS. */
  port: (config: Readonly<Static<T>>) => number
  /**
   * For a service whose image runs as an API or as a worker: its role variable, which the command-line argument
   * `worker` sets to `worker` (`node dist/main.js worker` is the worker process).
   */
  workerRole?: string
}

/** How every service listens and how long it may take to stop: commonEnv's variables, which each app declares too. */
const listenConfig = defineConfig(Type.Object({ HOST: commonEnv.HOST, SHUTDOWN_TIMEOUT_MS: commonEnv.SHUTDOWN_TIMEOUT_MS }))

/**
 * What every main.ts does: load config, build the app, listen. A ConfigError from either step (a bad variable, or
 * one found only while building, such as a key that does not parse or a missing binary) ends the process with
 * one `Configuration error:` line instead of a stack trace. While the app builds (the embedded database can take
 * seconds to open on a loaded machine) the port already answers: /healthz 200, /readyz 503 with what is starting.
 * Tracing starts (when the OTEL_ variables turn it on) before the app's modules are imported, so that the
 * instrumentations see fastify, pg, ioredis and kafkajs load; the buffered spans are exported after the app closes.
 */
export async function runService<T extends TObject> (
  service: ServiceDefinition<T>, variables: Env = process.env, args: readonly string[] = process.argv.slice(2)
): Promise<FastifyInstance> {
  const env = service.workerRole !== undefined && args[0] === 'worker' ? { ...variables, [service.workerRole]: 'worker' } : variables
  const config = loadConfigOrExit(service.config, env)
  const tracing = await startTracing(loadConfigOrExit(tracingConfig, env), service.name)
  const listening = loadConfigOrExit(listenConfig, env)
  const options = { port: service.port(config), host: listening.HOST, shutdownTimeoutMs: listening.SHUTDOWN_TIMEOUT_MS }
  const starting = await listenWhileStarting(options.port, options.host).catch((error: unknown) => {
    process.stderr.write(`Could not listen on ${options.host}:${options.port}: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
  let app: FastifyInstance
  try {
    app = await starting.track(async () => await (await service.app()).buildApp(config))
  } catch (error) {
    await starting.close()
    exitOnConfigError(error)
  }
  await starting.close()
  await startServer(app, { ...options, port: starting.port, afterClose: tracing.shutdown })
  return app
}

export interface StartOptions {
  port: number
  host: string
  shutdownTimeoutMs: number
  signals?: NodeJS.Signals[]
  /** Runs once the app has closed cleanly, before the process ends (the tracing SDK exports what it holds). */
  afterClose?: () => Promise<void>
}

/**
 * Listens, then on SIGTERM/SIGINT: readiness turns 503, the server stops accepting, in-flight requests finish,
 * onClose hooks drain workers and close connections. If that takes longer than the deadline the process exits
 * with status 1 rather than hang a deploy.
 */
export async function startServer (app: FastifyInstance, options: StartOptions): Promise<void> {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    app.readiness.drain()
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: options.shutdownTimeoutMs }, 'shutdown deadline passed; exiting')
      process.exit(1)
    }, options.shutdownTimeoutMs)
    app.close().then(async () => {
      await options.afterClose?.().catch((error: unknown) => { app.log.warn({ err: error }, 'could not export the last spans') })
      app.log.info('shut down cleanly')
      clearTimeout(deadline)
      process.exitCode = 0
    }, (error: unknown) => {
      app.log.error({ err: error }, 'error during shutdown')
      process.exit(1)
    })
  }
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.once(signal, shutdown)
  try {
    await app.listen({ port: options.port, host: options.host })
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen')
    process.exit(1)
  }
}
