// Bearer authentication: tenant API keys (looked up by hash) for /webhook and /v1/endpoints|messages, and the
// operator identity for /v1/tenants: ADMIN_API_KEY or an auth-server admin token (AUTH_JWKS_URL). Each route declares which one it needs with a preHandler.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { bearerToken, type AdminGuard, type adminGuardFromConfig } from '@openmotion/common'
import type { TenantRepository } from './domain/ports.js'
import { errors } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    tenantId: string | undefined
  }
}

/**
 * The hook that puts the caller's tenant on the request or answers 401. Callback-style, and synchronous when the
 * key is cached (every ingest request authenticates): an async hook costs a promise and a microtask turn each time.
 */
export function tenantAuth (tenants: Pick<TenantRepository, 'tenantIdForKey'> & Partial<Pick<TenantRepository, 'cachedTenantIdForKey'>>) {
  return function authenticateTenant (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const key = bearerToken(request.headers.authorization)
    if (key === undefined) { done(errors.RELAY_UNAUTHORIZED()); return }
    const cached = tenants.cachedTenantIdForKey?.(key)
    if (cached !== undefined) {
      request.tenantId = cached
      done()
      return
    }
    tenants.tenantIdForKey(key).then((tenantId) => {
      if (tenantId === undefined) { done(errors.RELAY_UNAUTHORIZED()); return }
      request.tenantId = tenantId
      done()
    }, (error: Error) => { done(error) })
  }
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
