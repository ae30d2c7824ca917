// Bearer authentication: tenant API keys (looked up by hash) for /webhook and /v1/endpoints|messages, and the
// operator identity for /v1/tenants: ADMIN_API_KEY or an auth-server admin token (AUTH_JWKS_URL). Each route declares which one it needs with a preHandler.
import type { FastifyRequest } from 'fastify'
import { bearerToken, sessionHook, type AdminGuard, type SessionHook, type adminGuardFromConfig } from '@openmotion/common'
import type { TenantRepository } from './domain/ports.js'
import { errors } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    tenantId: string | undefined
  }
}

/** The preHandler that puts the caller's tenant on the request or answers 401; synchronous when the key is cached. */
export function tenantAuth (tenants: Pick<TenantRepository, 'tenantIdForKey'> & Partial<Pick<TenantRepository, 'cachedTenantIdForKey'>>): SessionHook {
  return sessionHook({
    credential: (request) => bearerToken(request.headers.authorization),
    cached: (key) => tenants.cachedTenantIdForKey?.(key),
    read: (key) => tenants.tenantIdForKey(key),
    attach: (request, tenantId) => { request.tenantId = tenantId },
    unauthenticated: () => errors.RELAY_UNAUTHORIZED()
  })
}

/** The tenant a tenantAuth preHandler has established. */
export function requireTenant (request: FastifyRequest): string {
  if (request.tenantId === undefined) throw errors.RELAY_UNAUTHORIZED()
  return request.tenantId
}

/** What the operator identity is configured from (ADMIN_API_KEY, AUTH_JWKS_URL…). */
export type OperatorAuthConfig = Parameters<typeof adminGuardFromConfig>[0]

export function adminAuth (guard: AdminGuard) {
  return async (request: FastifyRequest): Promise<void> => {
    const check = await guard.check(request.headers.authorization)
    if (!check.ok) throw check.reason === 'disabled' ? errors.RELAY_ADMIN_DISABLED() : errors.RELAY_UNAUTHORIZED()
  }
}
