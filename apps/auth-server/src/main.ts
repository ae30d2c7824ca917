import { loadConfigOrExit, startServer } from '@openmotion/common'
import { buildApp } from './app.js'
import { authConfig } from './config.js'

const config = loadConfigOrExit(authConfig)
const app = await buildApp(config)
await startServer(app, { port: config.AUTH_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
