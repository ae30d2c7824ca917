// Tenant API: endpoints (CRUD), their signing secret and its rotation, and replay of dead deliveries.
import { Type, type AppInstance } from '@openmotion/common'
import { CreatedEndpointBody, EndpointBody, EndpointPageBody, ReplayBody, SecretBody } from '@openmotion/relay-schemas'
import { requireTenant, tenantAuth } from '../auth.js'
import { checkEndpointUrl, checkEventTypes, checkHeaders, checkRetrySchedule } from '../domain/endpoint-rules.js'
import { errors } from '../errors.js'
import type { DeliveryHistory, EndpointRepository, TenantRepository } from '../domain/ports.js'
import { replayEndpoint } from '../domain/replay.js'
import { dateParam } from './date-param.js'
import { cursorId, page } from './pagination.js'
import { presentEndpoint } from './presenters.js'
import { BODY_ERRORS, CLOSED, EndpointInputFields, IdParams, PageQuery, tenantErrors } from './schemas.js'

const common = { tags: ['endpoints'], security: [{ tenantKey: [] }] }

export interface EndpointRouteDeps {
  tenants: Pick<TenantRepository, 'tenantIdForKey'>
  endpoints: EndpointRepository
  deliveries: DeliveryHistory
  notifyOutbox: () => void
  config: { ALLOW_PRIVATE_DESTINATIONS: boolean }
}

export function endpointRoutes (ctx: EndpointRouteDeps) {
  return async (app: AppInstance) => {
    app.decorateRequest('tenantId', undefined)
    app.addHook('preHandler', tenantAuth(ctx.tenants))
    const allowPrivate = ctx.config.ALLOW_PRIVATE_DESTINATIONS

    app.post(
      '/v1/endpoints',
      {
        schema: {
          ...common,
          summary: 'Register an endpoint; the response carries its signing secret',
          body: Type.Object({ ...EndpointInputFields }, CLOSED),
          response: { 201: CreatedEndpointBody, ...tenantErrors(422, ...BODY_ERRORS) }
        }
      },
      async (request, reply) => {
        const body = request.body
        checkEventTypes(body.eventTypes)
        checkRetrySchedule(body.retrySchedule)
        const url = await checkEndpointUrl(body.url, allowPrivate)
        const { endpoint, secret } = await ctx.endpoints.create(requireTenant(request), { ...body, url, headers: checkHeaders(body.headers) })
        return reply.status(201).send({ ...presentEndpoint(endpoint), secret })
      }
    )

    app.get(
      '/v1/endpoints',
      {
        schema: {
          ...common,
          summary: 'List endpoints, newest first',
          querystring: Type.Object(PageQuery, CLOSED),
          response: { 200: EndpointPageBody, ...tenantErrors() }
        }
      },
      async (request) => {
        const rows = await ctx.endpoints.list(requireTenant(request), request.query.limit + 1, cursorId(request.query.cursor))
        return page(rows, request.query.limit, presentEndpoint)
      }
    )

    app.get('/v1/endpoints/:id', {
      schema: { ...common, summary: 'Get an endpoint', params: IdParams, response: { 200: EndpointBody, ...tenantErrors(404) } }
    }, async (request) => {
      const endpoint = await ctx.endpoints.get(requireTenant(request), request.params.id)
      if (endpoint === undefined) throw errors.RELAY_ENDPOINT_NOT_FOUND()
      return presentEndpoint(endpoint)
    })

    app.patch(
      '/v1/endpoints/:id',
      {
        schema: {
          ...common,
          summary: 'Change an endpoint; absent fields stay, null clears eventTypes and rateLimitPerSecond',
          params: IdParams,
          body: Type.Partial(Type.Object({ ...EndpointInputFields }, CLOSED)),
          response: { 200: EndpointBody, ...tenantErrors(404, 422, ...BODY_ERRORS) }
        }
      },
      async (request) => {
        const body = request.body
        checkEventTypes(body.eventTypes)
        checkRetrySchedule(body.retrySchedule)
        const url = body.url === undefined ? undefined : await checkEndpointUrl(body.url, allowPrivate)
        const endpoint = await ctx.endpoints.update(requireTenant(request), request.params.id, { ...body, url, headers: checkHeaders(body.headers) })
        if (endpoint === undefined) throw errors.RELAY_ENDPOINT_NOT_FOUND()
        return presentEndpoint(endpoint)
      }
    )

    app.delete(
      '/v1/endpoints/:id',
      {
        schema: {
          ...common,
          summary: 'Delete an endpoint; its queued deliveries end as dead',
          params: IdParams,
          response: { 204: Type.Null({ description: 'Deleted' }), ...tenantErrors(404) }
        }
      },
      async (request, reply) => {
        if (!(await ctx.endpoints.delete(requireTenant(request), request.params.id))) throw errors.RELAY_ENDPOINT_NOT_FOUND()
        return reply.status(204).send(null)
      }
    )

    app.get(
      '/v1/endpoints/:id/secret',
      {
        schema: {
          ...common,
          summary: 'The signing secret, and the previous one while it still signs',
          params: IdParams,
          response: { 200: SecretBody, ...tenantErrors(404) }
        }
      },
      async (request) => presentSecrets(await ctx.endpoints.secrets(requireTenant(request), request.params.id))
    )

    app.post(
      '/v1/endpoints/:id/secret/rotate',
      {
        schema: {
          ...common,
          summary: 'New signing secret; the old one keeps signing (second signature) for 24 h',
          params: IdParams,
          response: { 200: SecretBody, ...tenantErrors(404) }
        }
      },
      async (request) => presentSecrets(await ctx.endpoints.rotateSecret(requireTenant(request), request.params.id))
    )

    app.post('/v1/endpoints/:id/replay', {
      schema: {
        ...common,
        summary: 'Re-queue this endpoint\'s dead deliveries (optionally only those created since a time)',
        params: IdParams,
        querystring: Type.Object({ since: Type.Optional(Type.String({ format: 'date-time' })) }, CLOSED),
        response: { 202: ReplayBody, ...tenantErrors(404) }
      }
    }, async (request, reply) => {
      const endpoint = await ctx.endpoints.get(requireTenant(request), request.params.id)
      if (endpoint === undefined) throw errors.RELAY_ENDPOINT_NOT_FOUND()
      const since = dateParam(request.query.since, 'querystring/since')
      return reply.status(202).send({ deliveries: await replayEndpoint(ctx, endpoint.id, since) })
    })
  }
}

function presentSecrets (secrets: { current: string, previous: string | null, previousExpiresAt: Date | null } | undefined) {
  if (secrets === undefined) throw errors.RELAY_ENDPOINT_NOT_FOUND()
  const live = secrets.previousExpiresAt !== null && secrets.previousExpiresAt > new Date()
  return {
    secret: secrets.current,
    previousSecret: live ? secrets.previous : null,
    previousSecretExpiresAt: live ? (secrets.previousExpiresAt?.toISOString() ?? null) : null
  }
}
