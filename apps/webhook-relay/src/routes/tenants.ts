// Admin API: tenants and their API keys, behind ADMIN_API_KEY or an auth-server admin token.
import { Type, adminGuardFromConfig, type AppInstance } from '@openmotion/common'
import { adminAuth } from '../auth.js'
import { errors } from '../errors.js'
import type { OperatorAuthConfig } from '../auth.js'
import type { TenantRepository } from '../domain/ports.js'
import { cursorId, page } from './pagination.js'
import { BODY_ERRORS, CLOSED, PageQuery, adminErrors } from './schemas.js'

const TenantBody = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Type.String() })
const KeyInfo = Type.Object({ id: Type.String(), prefix: Type.String(), createdAt: Type.String() })
const present = (t: { id: string, name: string, createdAt: Date }) => ({ id: t.id, name: t.name, createdAt: t.createdAt.toISOString() })
const common = { tags: ['admin'], security: [{ adminKey: [] }] }

export function tenantRoutes (ctx: { tenants: TenantRepository, config: OperatorAuthConfig }) {
  return async (app: AppInstance) => {
    app.addHook('preHandler', adminAuth(adminGuardFromConfig(ctx.config)))

    app.post(
      '/v1/tenants',
      {
        schema: {
          ...common,
          summary: 'Create a tenant',
          body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }, CLOSED),
          response: { 201: TenantBody, ...adminErrors(...BODY_ERRORS) }
        }
      },
      async (request, reply) => reply.status(201).send(present(await ctx.tenants.create(request.body.name)))
    )

    app.get(
      '/v1/tenants',
      {
        schema: {
          ...common,
          summary: 'List tenants, newest first',
          querystring: Type.Object(PageQuery, CLOSED),
          response: { 200: Type.Object({ data: Type.Array(TenantBody), nextCursor: Type.Union([Type.String(), Type.Null()]) }), ...adminErrors() }
        }
      },
      async (request) => {
        const rows = await ctx.tenants.list(request.query.limit + 1, cursorId(request.query.cursor))
        return page(rows, request.query.limit, present)
      }
    )

    app.get(
      '/v1/tenants/:id/keys',
      {
        schema: {
          ...common,
          summary: "List a tenant's API keys (prefixes only)",
          params: Type.Object({ id: Type.String() }),
          response: { 200: Type.Object({ data: Type.Array(KeyInfo) }), ...adminErrors(404) }
        }
      },
      async (request) => {
        if ((await ctx.tenants.get(request.params.id)) === undefined) throw errors.RELAY_TENANT_NOT_FOUND()
        const keys = await ctx.tenants.listKeys(request.params.id)
        return { data: keys.map((k) => ({ id: k.id, prefix: k.prefix, createdAt: k.createdAt.toISOString() })) }
      }
    )

    app.post('/v1/tenants/:id/keys', {
      schema: {
        ...common,
        summary: 'Create an API key for a tenant; the key is shown only in this response',
        params: Type.Object({ id: Type.String() }),
        response: { 201: Type.Object({ id: Type.String(), key: Type.String(), prefix: Type.String(), createdAt: Type.String() }), ...adminErrors(404) }
      }
    }, async (request, reply) => {
      if (await ctx.tenants.get(request.params.id) === undefined) throw errors.RELAY_TENANT_NOT_FOUND()
      const { key, info } = await ctx.tenants.createKey(request.params.id)
      return reply.status(201).send({ id: info.id, key, prefix: info.prefix, createdAt: info.createdAt.toISOString() })
    })

    app.delete(
      '/v1/tenants/:id/keys/:keyId',
      {
        schema: {
          ...common,
          summary: 'Revoke an API key',
          params: Type.Object({ id: Type.String(), keyId: Type.String() }),
          response: { 204: Type.Null({ description: 'Revoked' }), ...adminErrors(404) }
        }
      },
      async (request, reply) => {
        if (!(await ctx.tenants.deleteKey(request.params.id, request.params.keyId))) throw errors.RELAY_KEY_NOT_FOUND()
        return reply.status(204).send(null)
      }
    )
  }
}
