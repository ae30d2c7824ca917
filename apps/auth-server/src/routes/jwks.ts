// The public keys that verify access tokens (RFC 7517), for services that check our JWTs (motion-api and the
// relay through AUTH_JWKS_URL); cached for five minutes, and previous keys stay listed while tokens they signed live.
import { Type, errorResponses, type AppInstance } from '@openmotion/common'
import type { SigningKeys } from '../domain/signing-keys.js'

const JwksBody = Type.Object({
  keys: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
    description: 'Public JWKs (ES512, P-521): the signing key, then previous ones still verifying'
  })
})

export function jwksRoute (keys: SigningKeys) {
  return async (app: AppInstance) => {
    // The key set cannot fail a request; only an unexpected fault would answer (500, the shared error shape).
    app.get('/.well-known/jwks.json', {
      schema: { tags: ['keys'], summary: 'Public keys that verify access tokens', response: { 200: JwksBody, ...errorResponses(500) } }
    }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return keys.jwks
    })
  }
}
