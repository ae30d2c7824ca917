import Fastify, { type FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ReadCache } from '../src/read-cache.js'
import { sessionHook } from '../src/session-hook.js'

declare module 'fastify' {
  interface FastifyRequest {
    sessionHookUser: string | undefined
  }
}

/** A store as the apps build one: a lookup that counts its reads and fills a ReadCache of the tokens it found. */
function userStore (users: Record<string, string>) {
  const cache = new ReadCache<string>({ ttlMs: 60_000 })
  const store = {
    reads: 0,
    cache,
    cached: (token: string) => cache.peek(token),
    read: async (token: string) => {
      store.reads++
      const mark = cache.mark()
      const user = users[token]
      if (user !== undefined) cache.set(token, user, mark)
      return user
    }
  }
  return store
}

function hookFor (store: ReturnType<typeof userStore>, read = store.read) {
  return sessionHook<string>({
    credential: (request) => request.headers['x-token'] as string | undefined,
    cached: store.cached,
    read,
    attach: (request, user) => { request.sessionHookUser = user },
    unauthenticated: () => Object.assign(new Error('who are you?'), { statusCode: 401 })
  })
}

async function appWith (hook: ReturnType<typeof hookFor>) {
  const app = Fastify()
  app.decorateRequest('sessionHookUser', undefined)
  app.get('/me', { preHandler: hook }, async (request) => ({ user: request.sessionHookUser }))
  await app.ready()
  return app
}

describe('sessionHook', () => {
  it('puts the identity the store reads on the request, then answers later requests from its cache without a read', async () => {
    const store = userStore({ t1: 'ada' })
    const app = await appWith(hookFor(store))
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/me', headers: { 'x-token': 't1' } })).json()).toEqual({ user: 'ada' })
    expect(store.reads).toBe(1)
    await app.close()
  })

  it('finishes synchronously on a cache hit: no promise, no microtask turn', () => {
    const store = userStore({})
    store.cache.set('t1', 'ada', store.cache.mark())
    const request = { headers: { 'x-token': 't1' } } as unknown as FastifyRequest
    let finished = false
    hookFor(store)(request, {} as never, (error) => { finished = error === undefined })
    expect(finished).toBe(true)
    expect(request.sessionHookUser).toBe('ada')
    expect(store.reads).toBe(0)
  })

  it('answers 401 without a read when the request carries no credential or an empty one', async () => {
    const store = userStore({ t1: 'ada' })
    const app = await appWith(hookFor(store))
    expect((await app.inject({ url: '/me' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/me', headers: { 'x-token': '' } })).statusCode).toBe(401)
    expect(store.reads).toBe(0)
    await app.close()
  })

  it('answers 401 for a credential the store does not know, and reads again next time (an unknown one is not cached)', async () => {
    const store = userStore({ t1: 'ada' })
    const app = await appWith(hookFor(store))
    expect((await app.inject({ url: '/me', headers: { 'x-token': 'nope' } })).statusCode).toBe(401)
    expect((await app.inject({ url: '/me', headers: { 'x-token': 'nope' } })).statusCode).toBe(401)
    expect(store.reads).toBe(2)
    await app.close()
  })

  it('refuses a credential at once after the store dropped it from its cache and the source', async () => {
    const users: Record<string, string> = { t1: 'ada' }
    const store = userStore(users)
    const app = await appWith(hookFor(store))
    expect((await app.inject({ url: '/me', headers: { 'x-token': 't1' } })).statusCode).toBe(200)
    delete users.t1
    store.cache.delete('t1')
    expect((await app.inject({ url: '/me', headers: { 'x-token': 't1' } })).statusCode).toBe(401)
    await app.close()
  })

  it('passes a failed read on to the error handler, not as a 401', async () => {
    const store = userStore({})
    const app = await appWith(hookFor(store, async () => { throw Object.assign(new Error('database down'), { statusCode: 503 }) }))
    const response = await app.inject({ url: '/me', headers: { 'x-token': 't1' } })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ message: 'database down' })
    await app.close()
  })
})
