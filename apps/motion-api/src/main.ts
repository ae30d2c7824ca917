import { runService } from '@openmotion/common/startup'
import { motionConfig } from './config.js'

await runService({
  name: 'motion-api',
  config: motionConfig,
  app: async () => await import('./app.js'),
  port: (config) => config.MOTION_PORT,
  // `node dist/main.js worker` runs a worker process (jobs from the Redis queue; health and metrics over HTTP).
  workerRole: 'MOTION_ROLE'
})
