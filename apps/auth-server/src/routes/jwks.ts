// The public keys that verify access tokens (RFC 7517), for services that check our JWTs (motion-api and the
// relay through AUTH_JWKS_URL); cached for five minutes, and previous keys stay listed while tokens they signed live.
import { Type, type AppInstance } from '@openmotion/common'
import type { SigningKeys } from '../domain/signing-keys.js'

const JwksBody = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) })

export function jwksRoute (keys: SigningKeys) {
  return async (app: AppInstance) => {
    app.get('/.well-known/jwks.json', { schema: { tags: ['keys'], response: { 200: JwksBody } } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return keys.jwks
    })
  }
}
