import fastifyStatic from '@fastify/static'
import { createLogger, createMetrics, createServer, type AppInstance } from '@openmotion/common'
import { portalAssetsDir } from '@openmotion/relay-portal'
import type { RelayConfig } from './config.js'
import { frameworkErrorCodes } from './errors.js'
import { deliveryLifecycle } from './plugins/delivery-lifecycle.js'
import { createRelayContext, type AppOverrides } from './relay-context.js'
import { endpointRoutes } from './routes/endpoints.js'
import { acceptJsonBodiesOnly } from './routes/json-bodies.js'
import { messageRoutes } from './routes/messages.js'
import { tenantRoutes } from './routes/tenants.js'
import { webhookRoutes } from './routes/webhook.js'

export async function buildApp (config: RelayConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'webhook-relay', level: config.LOG_LEVEL })
  const metrics = createMetrics({ app: 'webhook-relay' })
  const app = await createServer({
    name: 'webhook-relay',
    version: '0.1.0',
    description: 'Multi-tenant webhook relay',
    logger,
    metrics,
    errorCodes: frameworkErrorCodes,
    bodyLimit: Math.max(1024 * 1024, config.MAX_PAYLOAD_BYTES),
    // Bodies are JSON with real types: `"disabled": "true"` or `"name": false` is a 400, never coerced.
    strictBodies: true,
    // POST /webhook's own parser checks its payload (domain/webhook-payload.ts); every other body and every
    // header and parameter of every route goes through createServer's input guard (RELAY_VALIDATION naming the field).
    inputGuard: { ownBodyCheck: ['/webhook'] },
    openapi: {
      components: { securitySchemes: { tenantKey: { type: 'http', scheme: 'bearer' }, adminKey: { type: 'http', scheme: 'bearer' } } },
      tags: [{ name: 'ingest' }, { name: 'admin' }, { name: 'endpoints' }, { name: 'messages' }]
    }
  })
  const { ctx, publisher } = await createRelayContext(app, config, logger, metrics, overrides)

  acceptJsonBodiesOnly(app)
  // RELAY_ROLE=worker serves health and metrics only; api builds no delivery worker.
  if (config.RELAY_ROLE !== 'worker') {
    await app.register(webhookRoutes(ctx))
    await app.register(tenantRoutes(ctx))
    await app.register(endpointRoutes(ctx))
    await app.register(messageRoutes(ctx))
    // The tenant portal (packages/relay-portal), built with the app; it calls the tenant routes above.
    await app.register(fastifyStatic, { root: portalAssetsDir, prefix: '/portal', redirect: true, decorateReply: false })
  }
  await app.register(deliveryLifecycle, { ctx, publisher, logger, deliver: overrides.worker !== false && config.RELAY_ROLE !== 'api', send: overrides.send })
  return app
}

export { relayConfig, type RelayConfig } from './config.js'
export type { AppOverrides } from './relay-context.js'
