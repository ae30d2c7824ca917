// The preHandler that puts the caller's identity on the request or answers 401: motion-api's client of a dmsess
// session, the relay's tenant of an API key. The store behind it keeps recent identities in a ReadCache; `cached`
// is that cache's peek, `read` the store's lookup that fills it. Callback-style, and synchronous on a cache hit
// (every poll and every ingest request authenticates): an async hook costs a promise and a microtask turn each time.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

export interface SessionHookOptions<I> {
  /** The credential the request carries (a cookie's value, a bearer token); undefined or '' when it has none. */
  credential: (request: FastifyRequest) => string | undefined
  /** The identity the store's ReadCache holds for the credential, without a read; undefined on a miss. */
  cached?: (credential: string) => I | undefined
  /** The store's lookup (it fills the cache); undefined when the credential is unknown, expired or revoked. */
  read: (credential: string) => Promise<I | undefined>
  /** Puts the identity on the request (a property the app declares with `decorateRequest`). */
  attach: (request: FastifyRequest, identity: I) => void
  /** The app's 401. */
  unauthenticated: () => Error
}

export type SessionHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void

export function sessionHook<I> (options: SessionHookOptions<I>): SessionHook {
  const { credential, cached, read, attach, unauthenticated } = options
  return function requireSession (request, _reply, done) {
    const token = credential(request)
    if (token === undefined || token === '') { done(unauthenticated()); return }
    const hit = cached?.(token)
    if (hit !== undefined) {
      attach(request, hit)
      done()
      return
    }
    read(token).then((identity) => {
      if (identity === undefined) { done(unauthenticated()); return }
      attach(request, identity)
      done()
    }, (error: Error) => { done(error) })
  }
}
