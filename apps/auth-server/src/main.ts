import { ConfigError, loadConfigOrExit, startServer } from '@openmotion/common'
import { buildApp } from './app.js'
import { authConfig } from './config.js'

const config = loadConfigOrExit(authConfig)
try {
  const app = await buildApp(config)
  await startServer(app, { port: config.AUTH_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
} catch (error) {
  // Key problems are configuration errors too, found only once the keys are parsed.
  if (!(error instanceof ConfigError)) throw error
  process.stderr.write(`Configuration error: ${error.message}\n`)
  process.exit(1)
}
