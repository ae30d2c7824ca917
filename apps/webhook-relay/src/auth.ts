// Bearer authentication: tenant API keys (looked up by hash) for /webhook and /v1/endpoints|messages, and the
// single ADMIN_API_KEY for /v1/tenants. Each route declares which one it needs with a preHandler.
import type { FastifyRequest } from 'fastify'
import { bearerMatches, bearerToken } from '@openmotion/common'
import type { TenantStore } from './adapters/tenant-store.js'
import { errors } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    tenantId: string | undefined
  }
}

export function tenantAuth (tenants: TenantStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = bearerToken(request.headers.authorization)
    const tenantId = key === undefined ? undefined : await tenants.tenantIdForKey(key)
    if (tenantId === undefined) throw errors.RELAY_UNAUTHORIZED()
    request.tenantId = tenantId
  }
}

/** The tenant a tenantAuth preHandler has established. */
export function requireTenant (request: FastifyRequest): string {
  if (request.tenantId === undefined) throw errors.RELAY_UNAUTHORIZED()
  return request.tenantId
}

export function adminAuth (adminKey: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    if (adminKey === undefined) throw errors.RELAY_ADMIN_DISABLED()
    if (!bearerMatches(request.headers.authorization, adminKey)) throw errors.RELAY_UNAUTHORIZED()
  }
}
