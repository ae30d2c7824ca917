import { runService } from '@openmotion/common/startup'
import { authConfig } from './config.js'

// The app's modules (fastify, the database driver, everything its routes use) load after the port listens, so
// /healthz answers within a fraction of a second of start and /readyz says what is still starting.
await runService({
  config: authConfig,
  build: async (config) => {
    const { buildApp } = await import('./app.js')
    return await buildApp(config)
  },
  listen: (config) => ({ port: config.AUTH_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
