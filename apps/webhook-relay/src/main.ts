import { runService } from '@openmotion/common/startup'
import { relayConfig } from './config.js'

await runService({
  name: 'webhook-relay',
  config: relayConfig,
  app: async () => await import('./app.js'),
  port: (config) => config.WEBHOOK_PORT,
  // `node dist/main.js worker` runs a delivery worker process (health and metrics over HTTP, no API routes).
  workerRole: 'RELAY_ROLE'
})
