// The dmsess session: every route except /account/v1/auth runs `requireSession`, which puts the caller's
// client on the request or answers 401.
import type { FastifyRequest } from 'fastify'
import { sessionHook } from '@openmotion/common'
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

/** The preHandler every session route runs; synchronous when the session is cached (the polling case). */
export function sessionGuard (accounts: AccountRepository) {
  return sessionHook({
    credential: (request) => {
      const header = request.headers.cookie
      return header === undefined ? undefined : request.server.parseCookie(header)[SESSION_COOKIE]
    },
    cached: (token) => accounts.cachedClientForSession(token),
    read: (token) => accounts.clientForSession(token),
    attach: (request, client) => { request.client = client },
    unauthenticated: () => errors.UNAUTHENTICATED()
  })
}

export type SessionGuard = ReturnType<typeof sessionGuard>

export function currentClient (request: FastifyRequest): Client {
  if (request.client === undefined) throw errors.UNAUTHENTICATED()
  return request.client
}
