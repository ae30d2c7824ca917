import { createLogger, createServer, type AppInstance, type Logger } from '@openmotion/common'
import type { AuthConfig } from './config.js'

export interface AppOverrides {
  logger?: Logger
}

export async function buildApp (config: AuthConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'auth-server', level: config.LOG_LEVEL })
  const app = await createServer({
    name: 'auth-server',
    version: '0.1.0',
    description: 'GraphQL authentication server',
    logger
  })
  return app
}

export { authConfig, type AuthConfig } from './config.js'
