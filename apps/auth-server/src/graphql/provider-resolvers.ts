// Resolvers of provider-schema.ts: thin calls into ProviderSignIn and Identities. The flow cookie is set here, where
// the reply is, with the path of the callback route so it travels nowhere else.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Identities } from '../domain/identities.js'
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_TTL_SECONDS } from '../domain/provider-flows.js'
import type { Identity } from '../domain/provider-records.js'
import type { ProviderSignIn } from '../domain/provider-sign-in.js'
import type { AuthPayload } from '../domain/records.js'
import type { RequestAuth } from './request-auth.js'

export interface Context { request: FastifyRequest, reply: FastifyReply }

export interface ProviderResolverDeps {
  providerSignIn: ProviderSignIn
  identities: Identities
  requestAuth: RequestAuth
  /**
   * As the refresh cookie: Secure in production; SameSite=Lax (the provider's redirect back is a top-level GET, which
   * Lax lets through), None when CORS_ORIGINS names cross-site front ends whose fetch sets it.
   */
  flowCookie: { secure: boolean, sameSite: 'lax' | 'none' }
  respond: (reply: FastifyReply, payload: AuthPayload) => unknown
}

export const identityView = (i: Identity) => ({
  id: i.id, provider: i.provider, subject: i.subject, email: i.email, createdAt: i.createdAt, lastUsedAt: i.lastUsedAt
})

export function createProviderResolvers ({ providerSignIn, identities, requestAuth, flowCookie, respond }: ProviderResolverDeps) {
  const { caller, admin, client } = requestAuth
  const setFlowCookie = (reply: FastifyReply, value: string) => {
    const { secure, sameSite } = flowCookie
    reply.setCookie(FLOW_COOKIE, value, { path: FLOW_COOKIE_PATH, httpOnly: true, secure, sameSite, maxAge: FLOW_TTL_SECONDS })
  }
  return {
    Query: {
      authProviders: () => providerSignIn.list(),
      identities: async (_: unknown, _args: unknown, { request }: Context) =>
        (await identities.list((await caller(request)).userId)).map(identityView),
      userIdentities: async (_: unknown, args: { userId: string }, { request }: Context) => {
        await admin(request)
        return (await identities.list(args.userId)).map(identityView)
      }
    },
    Mutation: {
      signInWithProvider: async (_: unknown, args: { provider: string, redirectTo: string }, { request, reply }: Context) => {
        const { url, cookie } = await providerSignIn.start(args.provider, args.redirectTo, client(request))
        setFlowCookie(reply, cookie)
        return url
      },
      linkProvider: async (_: unknown, args: { provider: string, redirectTo: string }, { request, reply }: Context) => {
        const who = await caller(request)
        const { url, cookie } = await providerSignIn.start(args.provider, args.redirectTo, client(request), who)
        setFlowCookie(reply, cookie)
        return url
      },
      exchangeProviderCode: async (_: unknown, args: { code: string, deviceName?: string | null }, { request, reply }: Context) =>
        respond(reply, await providerSignIn.exchange(args.code, client(request, args.deviceName))),
      unlinkProvider: async (_: unknown, args: { provider: string }, { request }: Context) =>
        await identities.unlink((await caller(request)).userId, args.provider, client(request)),
      removeUserIdentity: async (_: unknown, args: { id: string }, { request }: Context) => {
        const who = await admin(request)
        return await identities.removeById(args.id, who.userId, client(request))
      }
    }
  }
}
