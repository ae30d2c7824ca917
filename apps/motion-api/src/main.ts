import { runService } from '@openmotion/common/startup'
import { motionConfig } from './config.js'

// `node dist/main.js worker` runs a worker process (jobs from the Redis queue; health and metrics over HTTP).
if (process.argv[2] === 'worker') process.env.MOTION_ROLE = 'worker'
await runService({
  name: 'motion-api',
  config: motionConfig,
  app: async () => await import('./app.js'),
  listen: (config) => ({ port: config.MOTION_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
})
