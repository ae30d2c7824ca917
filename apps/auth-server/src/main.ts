import { runService } from '@openmotion/common/startup'
import { authConfig } from './config.js'

await runService({
  name: 'auth-server',
  config: authConfig,
  app: async () => await import('./app.js'),
  listen: (config) => ({ port: config.AUTH_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
