// The dmsess session: every route except /account/v1/auth runs `requireSession`, which puts the caller's
// client on the request or answers 401.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
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

/**
 * The preHandler every session route runs. Callback-style, and synchronous when the session is cached (the polling
 * case): an async hook costs a promise and a microtask turn on every request.
 */
export function sessionGuard (accounts: AccountRepository) {
  return function requireSession (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const header = request.headers.cookie
    const token = header === undefined ? undefined : request.server.parseCookie(header)[SESSION_COOKIE]
    if (token === undefined || token === '') { done(errors.UNAUTHENTICATED()); return }
    const cached = accounts.cachedClientForSession(token)
    if (cached !== undefined) {
      request.client = cached
      done()
      return
    }
    accounts.clientForSession(token).then((client) => {
      if (client === undefined) { done(errors.UNAUTHENTICATED()); return }
      request.client = client
      done()
    }, (error: Error) => { done(error) })
  }
}

export type SessionGuard = ReturnType<typeof sessionGuard>

export function currentClient (request: FastifyRequest): Client {
  if (request.client === undefined) throw errors.UNAUTHENTICATED()
  return request.client
}
