import { loadConfigOrExit, startServer } from '@openmotion/common'
import { buildApp } from './app.js'
import { relayConfig } from './config.js'

const config = loadConfigOrExit(relayConfig)
const app = await buildApp(config)
await startServer(app, { port: config.WEBHOOK_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
