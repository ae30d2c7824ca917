import { createLogger, createServer, type AppInstance, type Logger } from '@openmotion/common'
import type { MotionConfig } from './config.js'

export interface AppOverrides {
  logger?: Logger
}

export async function buildApp (config: MotionConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'motion-api', level: config.LOG_LEVEL })
  const app = await createServer({
    name: 'motion-api',
    version: '0.1.0',
    description: 'Text-to-motion REST API',
    logger
  })
  return app
}

export { motionConfig, type MotionConfig } from './config.js'
