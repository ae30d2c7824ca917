// Bearer authentication: tenant API keys (looked up by hash) for /webhook and /v1/endpoints|messages, and the
// single ADMIN_API_KEY for /v1/tenants. Each route declares which one it needs with a preHandler.
import { timingSafeEqual, createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { TenantStore } from './adapters/tenant-store.js'
import { errors } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    tenantId: string | undefined
  }
}

function bearer (request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

export function tenantAuth (tenants: TenantStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = bearer(request)
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
  // Hashing both sides gives equal lengths, which timingSafeEqual needs, without leaking the key's length.
  const expected = adminKey === undefined ? undefined : createHash('sha256').update(adminKey).digest()
  return async (request: FastifyRequest): Promise<void> => {
    if (expected === undefined) throw errors.RELAY_ADMIN_DISABLED()
    const given = bearer(request)
    if (given === undefined || !timingSafeEqual(createHash('sha256').update(given).digest(), expected)) throw errors.RELAY_UNAUTHORIZED()
  }
}
