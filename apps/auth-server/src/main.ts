import { runService } from '@openmotion/common'
import { buildApp } from './app.js'
import { authConfig } from './config.js'

await runService({
  config: authConfig,
  build: buildApp,
  listen: (config) => ({ port: config.AUTH_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
