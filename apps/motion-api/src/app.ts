import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import type {} from '@fastify/swagger'
import { adminGuardFromConfig, corsPlugin, createCorsPolicy, createLogger, createServer, type AppInstance } from '@openmotion/common'
import { playgroundAssetsDir } from '@openmotion/motion-playground'
import type { MotionConfig } from './config.js'
import { ensureBootstrapClient } from './domain/bootstrap-client.js'
import { frameworkErrorCodes } from './errors.js'
import { createMotionContext, type AppOverrides, type MotionContext } from './motion-context.js'
import { inputGuardError, inputRules } from './plugins/input-rules.js'
import { jobLifecycle } from './plugins/job-lifecycle.js'
import { topLevelErrorMessage } from './plugins/top-level-error-message.js'
import { accountRoutes } from './routes/account.js'
import { adminRoutes } from './routes/admin.js'
import { characterRoutes } from './routes/characters.js'
import { fileRoutes } from './routes/files.js'
import { jobRoutes } from './routes/jobs.js'
import { promptRoutes } from './routes/prompts.js'
import { sessionClient, sessionGuard } from './session.js'

export async function buildApp (config: MotionConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'motion-api', level: config.LOG_LEVEL })
  const app = await createServer({
    name: 'motion-api',
    version: '0.1.0',
    description: 'Text-to-motion REST API',
    logger,
    errorCodes: frameworkErrorCodes,
    inputGuard: { toError: inputGuardError }
  })
  const motion = await createMotionContext(app, config, logger, overrides)
  const cors = corsPolicy(config, motion)

  await app.register(topLevelErrorMessage)
  // Cookies are parsed only where one is read (the session guard), not in a hook on every request; setting one works.
  await app.register(cookie, { hook: false })
  // Every method and header a browser client needs: uploads PUT with Content-Range, deleteModel is a DELETE,
  // resumable upload sessions answer with Location and Range.
  await app.register(corsPlugin, {
    policy: cors,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['content-type', 'content-range', 'x-storage-resumable', 'authorization', 'x-request-id'],
    exposedHeaders: ['location', 'range', 'x-request-id']
  })
  await app.register(inputRules)
  await app.register(sessionClient)
  await app.register(jobLifecycle, { config, motion })
  // A worker process serves only health, readiness and metrics.
  if (config.MOTION_ROLE === 'worker') return app

  await ensureBootstrapClient(motion.accounts, {
    id: config.MOTION_CLIENT_ID, secret: config.MOTION_CLIENT_SECRET, credits: config.DEV_PLAN_CREDITS, maxVariants: config.DEV_PLAN_MAX_VARIANTS
  })
  const requireSession = sessionGuard(motion.accounts)
  await app.register(accountRoutes({ ...motion, config, crossOrigin: cors.configured.length > 0, requireSession }))
  await app.register(jobRoutes({ ...motion, downloadTtl: config.DOWNLOAD_URL_TTL, requireSession }))
  await app.register(promptRoutes({ ...motion, requireSession }))
  await app.register(characterRoutes({ ...motion.characters, requireSession }))
  await app.register(fileRoutes({ ...motion, maxBytes: config.MAX_MODEL_BYTES, uploadTtl: config.DOWNLOAD_URL_TTL }))
  await app.register(adminRoutes({ ...motion, admin: adminGuardFromConfig(config) }))
  // The browser playground (packages/motion-playground), built with the app; it calls the routes above.
  await app.register(fastifyStatic, { root: playgroundAssetsDir, prefix: '/playground', redirect: true, decorateReply: false })
  return app
}

/** Origins allowed to call with credentials: CORS_ORIGINS, plus each enabled client's own corsOrigins. */
function corsPolicy (config: MotionConfig, motion: MotionContext) {
  return createCorsPolicy({
    origins: config.CORS_ORIGINS,
    production: config.NODE_ENV === 'production',
    alsoAllowed: async (origin) => (await motion.accounts.listClients()).some((c) => !c.disabled && c.corsOrigins.includes(origin))
  })
}

export { motionConfig, type MotionConfig } from './config.js'
export { publicBaseUrl, type AppOverrides } from './motion-context.js'
