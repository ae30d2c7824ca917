// Tenant API: messages with their deliveries and attempts, and replay.
import { Type, type AppInstance } from '@openmotion/common'
import { AttemptPageBody, MessageDetailBody, MessagePageBody, ReplayBody } from '@openmotion/relay-schemas'
import { requireTenant, tenantAuth } from '../auth.js'
import { DELIVERY_STATUSES } from '../domain/types.js'
import { errors } from '../errors.js'
import type { DataCipher } from '../domain/envelope-encryption.js'
import type { DeliveryHistory, MessageRepository, TenantRepository } from '../domain/ports.js'
import { replayMessage, type ReplayDeps } from '../domain/replay.js'
import { dateParam } from './date-param.js'
import { cursorId, page } from './pagination.js'
import { presentAttempt, presentDelivery, presentMessage } from './presenters.js'
import { CLOSED, IdParams, PageQuery, tenantErrors } from './schemas.js'

const common = { tags: ['messages'], security: [{ tenantKey: [] }] }
const StatusFilter = Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s)), { description: 'Only messages with at least one delivery in this status' })

export interface MessageRouteDeps extends ReplayDeps {
  tenants: Pick<TenantRepository, 'tenantIdForKey'>
  messages: MessageRepository
  deliveries: DeliveryHistory
  cipher: DataCipher
}

export function messageRoutes (ctx: MessageRouteDeps) {
  return async (app: AppInstance) => {
    app.decorateRequest('tenantId', undefined)
    app.addHook('preHandler', tenantAuth(ctx.tenants))

    const ownMessage = async (tenantId: string, id: string) => {
      const message = await ctx.messages.get(tenantId, id)
      if (message === undefined) throw errors.RELAY_MESSAGE_NOT_FOUND()
      return message
    }

    app.get(
      '/v1/messages',
      {
        schema: {
          ...common,
          summary: 'List messages, newest first',
          querystring: Type.Object(
            {
              ...PageQuery,
              event: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
              since: Type.Optional(Type.String({ format: 'date-time' })),
              status: Type.Optional(StatusFilter)
            },
            CLOSED
          ),
          response: { 200: MessagePageBody, ...tenantErrors() }
        }
      },
      async (request) => {
        const q = request.query
        const rows = await ctx.messages.list(
          requireTenant(request),
          { event: q.event, since: dateParam(q.since, 'querystring/since'), status: q.status },
          q.limit + 1,
          cursorId(q.cursor)
        )
        return page(rows, q.limit, (m) => presentMessage(m, ctx.cipher))
      }
    )

    app.get(
      '/v1/messages/:id',
      {
        schema: {
          ...common,
          summary: 'A message with its deliveries and their state transitions',
          params: IdParams,
          response: { 200: MessageDetailBody, ...tenantErrors(404) }
        }
      },
      async (request) => {
        const message = await ownMessage(requireTenant(request), request.params.id)
        const deliveries = await ctx.deliveries.listForMessage(message.id)
        const withTransitions = await Promise.all(deliveries.map(async (d) => presentDelivery(d, await ctx.deliveries.transitions(d.id))))
        return { ...presentMessage(message, ctx.cipher), deliveries: withTransitions }
      }
    )

    app.get(
      '/v1/messages/:id/attempts',
      {
        schema: {
          ...common,
          summary: 'Delivery attempts of a message, oldest first',
          params: IdParams,
          querystring: Type.Object(PageQuery, CLOSED),
          response: { 200: AttemptPageBody, ...tenantErrors(404) }
        }
      },
      async (request) => {
        const message = await ownMessage(requireTenant(request), request.params.id)
        const rows = await ctx.deliveries.attempts(message.id, request.query.limit + 1, cursorId(request.query.cursor))
        return page(rows, request.query.limit, presentAttempt)
      }
    )

    app.post(
      '/v1/messages/:id/replay',
      {
        schema: {
          ...common,
          summary:
            'Deliver a message again to every endpoint whose delivery has finished (succeeded or dead), and queue again its pending deliveries (a queue that lost their jobs)',
          params: IdParams,
          response: { 202: ReplayBody, ...tenantErrors(404) }
        }
      },
      async (request, reply) => {
        const message = await ownMessage(requireTenant(request), request.params.id)
        return reply.status(202).send({ deliveries: await replayMessage(ctx, message.id) })
      }
    )
  }
}
