import { ConfigError, loadConfigOrExit, startServer } from '@openmotion/common'
import { buildApp } from './app.js'
import { motionConfig } from './config.js'

// `node dist/main.js worker` runs a worker process (jobs from the Redis queue; health and metrics over HTTP).
if (process.argv[2] === 'worker') process.env.MOTION_ROLE = 'worker'
const config = loadConfigOrExit(motionConfig)
try {
  const app = await buildApp(config)
  await startServer(app, { port: config.MOTION_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
} catch (error) {
  // Combinations of variables (RELAY_URL without RELAY_API_KEY, ...) are checked while the app is built.
  if (!(error instanceof ConfigError)) throw error
  process.stderr.write(`Configuration error: ${error.message}\n`)
  process.exit(1)
}
