import { runService } from '@openmotion/common/startup'
import { relayConfig } from './config.js'

// `node dist/main.js worker` runs a delivery worker process (health and metrics over HTTP, no API routes).
if (process.argv[2] === 'worker') process.env.RELAY_ROLE = 'worker'
await runService({
  name: 'webhook-relay',
  config: relayConfig,
  app: async () => await import('./app.js'),
  listen: (config) => ({ port: config.WEBHOOK_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
