// POST /webhook: the spec's ingest endpoint. The JSON body is parsed here (not by fastify's default parser) so
// its raw text can be hashed for Idempotency-Key checks, bad JSON gets the relay's own error code, and the payload
// is checked (webhook-payload.ts) for what a schema cannot say: NUL or lone surrogates, depth and size. Only
// application/json has a parser in this scope, so text/plain and every other type answer 415 as documented.
import { Type, type AppInstance } from '@openmotion/common'
import type { FastifyRequest } from 'fastify'
import { tenantAuth } from '../auth.js'
import { acceptWebhook, type AcceptDeps } from '../domain/accept-webhook.js'
import { checkWebhookPayload, MAX_DATA_DEPTH, MAX_DATA_KEYS, MAX_EVENT_LENGTH } from '../domain/webhook-payload.js'
import { errors } from '../errors.js'
import type { RelayConfig } from '../config.js'
import type { TenantRepository } from '../domain/ports.js'
import { eventLabel, type RelayMetrics } from '../relay-metrics.js'
import { BODY_ERRORS, tenantErrors } from './schemas.js'

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string | undefined
  }
}

const WebhookPayload = Type.Object({
  event: Type.String({ minLength: 1, maxLength: MAX_EVENT_LENGTH, description: 'Event name, e.g. job.completed; no NUL characters or lone surrogates' }),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: `Key-value pairs carried by the event; at most ${MAX_DATA_DEPTH} levels deep and ${MAX_DATA_KEYS} keys and items in total`
  })
})

export interface WebhookRouteDeps extends AcceptDeps {
  tenants: Pick<TenantRepository, 'tenantIdForKey'>
  metrics: Pick<RelayMetrics, 'requests' | 'processing'>
  config: Pick<RelayConfig, 'MAX_PAYLOAD_BYTES'>
}

export function webhookRoutes (ctx: WebhookRouteDeps) {
  return async (app: AppInstance) => {
    app.decorateRequest('rawBody', undefined)
    app.decorateRequest('tenantId', undefined)
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      request.rawBody = text
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        done(errors.RELAY_INVALID_JSON(), undefined)
        return
      }
      try {
        done(null, checkWebhookPayload(parsed))
      } catch (error) {
        done(error as Error, undefined)
      }
    })

    app.post('/webhook', {
      bodyLimit: ctx.config.MAX_PAYLOAD_BYTES,
      // Authenticate before the body is parsed, so an unknown key is a 401 even when the body is bad too.
      onRequest: tenantAuth(ctx.tenants),
      // Every answer of this route is counted, refusals (401, 400, 415) included. A callback, not an async hook: an
      // async one costs a promise per webhook.
      onResponse: (request, reply, done) => {
        const body = request.body as { event?: unknown } | undefined
        const event = typeof body?.event === 'string' ? eventLabel(body.event) : ''
        const status = String(reply.statusCode)
        ctx.metrics.requests.inc({ tenant: request.tenantId ?? 'unauthenticated', event, status })
        ctx.metrics.processing.observe({ status }, reply.elapsedTime / 1000)
        done()
      },
      schema: {
        tags: ['ingest'],
        summary: 'Accept a webhook and queue one delivery per subscribed endpoint',
        security: [{ tenantKey: [] }],
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: WebhookPayload,
        response: {
          202: Type.Object({ id: Type.String(), deliveries: Type.Integer() }),
          ...tenantErrors(409, ...BODY_ERRORS)
        }
      }
    }, async (request, reply) => {
      const tenantId = request.tenantId as string
      const accepted = await acceptWebhook(ctx, {
        tenantId,
        event: request.body.event,
        data: request.body.data,
        idempotencyKey: request.headers['idempotency-key'],
        rawBody: request.rawBody ?? JSON.stringify(request.body)
      })
      if (accepted.repeated) reply.header('idempotent-replayed', 'true')
      return reply.status(202).send({ id: accepted.id, deliveries: accepted.deliveries })
    })
  }
}
