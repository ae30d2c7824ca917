import { runService } from '@openmotion/common'
import { buildApp } from './app.js'
import { relayConfig } from './config.js'

// `node dist/main.js worker` runs a delivery worker process (health and metrics over HTTP, no API routes).
if (process.argv[2] === 'worker') process.env.RELAY_ROLE = 'worker'
await runService({
  config: relayConfig,
  build: buildApp,
  listen: (config) => ({ port: config.WEBHOOK_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
