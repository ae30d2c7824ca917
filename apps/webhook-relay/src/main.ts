import { runService } from '@openmotion/common'
import { buildApp } from './app.js'
import { relayConfig } from './config.js'

await runService({
  config: relayConfig,
  build: buildApp,
  listen: (config) => ({ port: config.WEBHOOK_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
