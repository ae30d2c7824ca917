import { createLogger, createServer, type AppInstance, type Logger } from '@openmotion/common'
import type { RelayConfig } from './config.js'

export interface AppOverrides {
  logger?: Logger
}

export async function buildApp (config: RelayConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'webhook-relay', level: config.LOG_LEVEL })
  const app = await createServer({
    name: 'webhook-relay',
    version: '0.1.0',
    description: 'Multi-tenant webhook relay',
    logger
  })
  return app
}

export { relayConfig, type RelayConfig } from './config.js'
