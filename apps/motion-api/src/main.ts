import { loadConfigOrExit, startServer } from '@openmotion/common'
import { buildApp } from './app.js'
import { motionConfig } from './config.js'

const config = loadConfigOrExit(motionConfig)
const app = await buildApp(config)
await startServer(app, { port: config.MOTION_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS })
