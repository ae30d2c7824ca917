// The dmsess session: every route except /account/v1/auth runs `requireSession`, which puts the caller's
// client on the request or answers 401.
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { errors } from './errors.js'
import type { AccountRepository } from './domain/ports.js'
import type { Client } from './domain/records.js'

export const SESSION_COOKIE = 'dmsess'

declare module 'fastify' {
  interface FastifyRequest {
    client: Client | undefined
  }
}

/** Declares `request.client` up front so every request object keeps one shape. */
export const sessionClient = fp(async (app) => { app.decorateRequest('client', undefined) }, { name: 'session-client' })

export function sessionGuard (accounts: AccountRepository) {
  return async function requireSession (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE]
    const client = token === undefined || token === '' ? undefined : await accounts.clientForSession(token)
    if (client === undefined) throw errors.UNAUTHENTICATED()
    request.client = client
  }
}

export type SessionGuard = ReturnType<typeof sessionGuard>

export function currentClient (request: FastifyRequest): Client {
  if (request.client === undefined) throw errors.UNAUTHENTICATED()
  return request.client
}
