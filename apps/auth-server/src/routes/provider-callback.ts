// GET /auth/providers/:provider/callback: where an identity provider sends the browser back (register this URL with
// the provider). It checks the flow cookie and the state, lets the provider adapter exchange the code and verify the
// answer, and redirects (303) to the flow's allowed redirectTo with ?code=… (or ?linked=…, or ?error=CODE). A
// callback that matches no flow of this browser has no trustworthy place to go back to: it is answered 401
// PROVIDER_REJECTED in the shared error shape, never redirected.
import { Type, errorResponses, type AppInstance } from '@openmotion/common'
import { FLOW_COOKIE, FLOW_COOKIE_PATH } from '../domain/provider-flows.js'
import type { ProviderSignIn } from '../domain/provider-sign-in.js'
import type { ClientInfo } from '../domain/records.js'

export interface ProviderCallbackDeps {
  providerSignIn: ProviderSignIn
  publicUrl: string
}

const Params = Type.Object({ provider: Type.String({ maxLength: 64 }) })
const Query = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 512 })),
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  iss: Type.Optional(Type.String({ maxLength: 2048 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 }))
}, { additionalProperties: true })

export function providerCallbackRoute ({ providerSignIn, publicUrl }: ProviderCallbackDeps) {
  const base = publicUrl.replace(/\/+$/, '')
  return async (app: AppInstance) => {
    app.get<{ Params: { provider: string } }>('/auth/providers/:provider/callback', {
      schema: {
        tags: ['providers'],
        summary: 'Where an identity provider returns the browser after sign-in',
        params: Params,
        querystring: Query,
        response: { 303: Type.Null({ description: 'to redirectTo with ?code=, ?linked= or ?error=' }), ...errorResponses(400, 401, 503, 500) }
      }
    }, async (request, reply) => {
      // The URL as the provider built it (AUTH_PUBLIC_URL, not the Host header): the library compares it with the
      // registered redirect URI and reads code, state and iss from it.
      const callback = new URL(`${base}${request.url}`)
      const client: ClientInfo = { userAgent: request.headers['user-agent']?.slice(0, 512) ?? null, ip: request.ip }
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
      const location = await providerSignIn.callback(request.params.provider, callback, request.cookies[FLOW_COOKIE], client)
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      return await reply.redirect(location, 303)
    })
  }
}
