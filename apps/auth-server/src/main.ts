import { runService } from '@openmotion/common/startup'
import { authConfig } from './config.js'

await runService({
  name: 'auth-server',
  config: authConfig,
  app: async () => await import('./app.js'),
  port: (config) => config.AUTH_PORT
})
