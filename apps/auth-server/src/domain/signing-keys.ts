// ES512 only: the key pair is checked at start-up (curve P-521, public half matches the private half) so a
// misconfigured deploy stops with the variable named instead of issuing tokens nobody can verify.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose'
import { ConfigError } from '@openmotion/common'

export interface SigningKeys {
  privateKey: KeyObject
  kid: string
  /** The current public key and every previous one, as served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] }
  publicKeys: Map<string, KeyObject>
  ephemeral: boolean
}

function curveOf (key: KeyObject): string | undefined {
  return key.asymmetricKeyDetails?.namedCurve
}

async function publicJwk (key: KeyObject): Promise<{ jwk: JWK, kid: string }> {
  const jwk = await exportJWK(key)
  const kid = await calculateJwkThumbprint(jwk, 'sha256')
  return { jwk: { ...jwk, kid, alg: 'ES512', use: 'sig' }, kid }
}

function parse<T> (variable: string, fn: () => T): T {
  try {
    return fn()
  } catch {
    throw new ConfigError(variable, `${variable} is invalid: expected a PEM key`)
  }
}

export function generatePemPair (): { privateKey: string, publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp521r1' })
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString()
  }
}

export async function loadSigningKeys (input: {
  privateKey?: string | undefined
  publicKey?: string | undefined
  previous: string
  production: boolean
}): Promise<SigningKeys> {
  let privatePem = input.privateKey
  let publicPem = input.publicKey
  const ephemeral = privatePem === undefined && publicPem === undefined && !input.production
  if (ephemeral) ({ privateKey: privatePem, publicKey: publicPem } = generatePemPair())
  if (privatePem === undefined) throw new ConfigError('PRIVATE_KEY', 'PRIVATE_KEY is required: expected an ES512 (P-521) private key in PKCS#8 PEM')
  if (publicPem === undefined) throw new ConfigError('PUBLIC_KEY', 'PUBLIC_KEY is required: expected the matching P-521 public key in PEM')
  const privateKey = parse('PRIVATE_KEY', () => createPrivateKey(privatePem.replaceAll('\\n', '\n')))
  const publicKey = parse('PUBLIC_KEY', () => createPublicKey(publicPem.replaceAll('\\n', '\n')))
  if (curveOf(privateKey) !== 'secp521r1') throw new ConfigError('PRIVATE_KEY', 'PRIVATE_KEY is invalid: expected an EC key on curve P-521 (ES512)')
  if (curveOf(publicKey) !== 'secp521r1') throw new ConfigError('PUBLIC_KEY', 'PUBLIC_KEY is invalid: expected an EC key on curve P-521 (ES512)')
  const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'der' })
  if (!derived.equals(publicKey.export({ type: 'spki', format: 'der' }))) throw new ConfigError('PUBLIC_KEY', 'PUBLIC_KEY does not match PRIVATE_KEY')
  const current = await publicJwk(publicKey)
  const keys = [current.jwk]
  const publicKeys = new Map([[current.kid, publicKey]])
  for (const pem of input.previous.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g) ?? []) {
    const key = parse('PREVIOUS_PUBLIC_KEYS', () => createPublicKey(pem))
    if (curveOf(key) !== 'secp521r1') throw new ConfigError('PREVIOUS_PUBLIC_KEYS', 'PREVIOUS_PUBLIC_KEYS is invalid: every key must be on curve P-521')
    const previous = await publicJwk(key)
    if (!publicKeys.has(previous.kid)) {
      keys.push(previous.jwk)
      publicKeys.set(previous.kid, key)
    }
  }
  return { privateKey, kid: current.kid, jwks: { keys }, publicKeys, ephemeral }
}
