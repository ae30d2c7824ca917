import { runService } from '@openmotion/common/startup'
import { motionConfig } from './config.js'

// `node dist/main.js worker` runs a worker process (jobs from the Redis queue; health and metrics over HTTP).
if (process.argv[2] === 'worker') process.env.MOTION_ROLE = 'worker'
// The app's modules (fastify, the database driver, everything its routes use) load after the port listens, so
// /healthz answers within a fraction of a second of start and /readyz says what is still starting.
await runService({
  config: motionConfig,
  build: async (config) => {
    const { buildApp } = await import('./app.js')
    return await buildApp(config)
  },
  listen: (config) => ({ port: config.MOTION_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
