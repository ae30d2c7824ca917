// The secrets of a docker compose deployment, generated once into a directory (compose's `secrets` volume) that the
// services read through their *_FILE variables. A file that exists is never rewritten, so a restart keeps every
// secret and deleting one file (then `docker compose run --rm init`) rotates just that secret.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { newSecretKey } from '../domain/secret-box.js'
import { generatePemPair } from '../domain/signing-keys.js'

export interface SecretFile {
  /** File name inside the secrets directory. */
  name: string
  /** What it is, and which services read it through which variable. */
  purpose: string
  generate: () => string
}

const token = (bytes = 32) => randomBytes(bytes).toString('base64url')

function esKeyPair (): () => { privateKey: string, publicKey: string } {
  let pair: { privateKey: string, publicKey: string } | undefined
  return () => (pair ??= generatePemPair())
}

function rsaPrivateKey (): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 })
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
}

/** Every secret compose's services read; the ES512 pair is generated together (both files missing, or neither). */
export function composeSecrets (): SecretFile[] {
  const pair = esKeyPair()
  return [
    { name: 'auth-private-key.pem', purpose: 'auth-server PRIVATE_KEY_FILE: ES512 (P-521) key signing access tokens', generate: () => pair().privateKey },
    {
      name: 'auth-public-key.pem',
      purpose: 'auth-server PUBLIC_KEY_FILE: its public half, served at /.well-known/jwks.json',
      generate: () => pair().publicKey
    },
    {
      name: 'auth-previous-public-keys.pem',
      purpose: 'auth-server PREVIOUS_PUBLIC_KEYS_FILE: rotated-out public keys still served (empty at first)',
      generate: () => ''
    },
    {
      name: 'auth-mfa-encryption-keys',
      purpose: 'auth-server MFA_ENCRYPTION_KEYS_FILE: AES-256 key sealing TOTP secrets at rest',
      generate: newSecretKey
    },
    { name: 'admin-password', purpose: 'auth-server ADMIN_PASSWORD_FILE: password of the ADMIN_EMAIL operator account', generate: () => token(18) },
    { name: 'relay-encryption-key.pem', purpose: 'webhook-relay ENCRYPTION_KEY_FILE: RSA-3072 key encrypting webhook data at rest', generate: rsaPrivateKey },
    { name: 'relay-admin-api-key', purpose: 'webhook-relay ADMIN_API_KEY_FILE: static admin key for standalone use', generate: () => token() },
    { name: 'motion-admin-api-key', purpose: 'motion-api ADMIN_API_KEY_FILE: static admin key for standalone use', generate: () => token() },
    { name: 'motion-url-signing-secret', purpose: 'motion-api and motion-worker URL_SIGNING_SECRET_FILE: HMAC key of signed URLs', generate: () => token() },
    {
      name: 'motion-client-secret',
      purpose: 'motion-api MOTION_CLIENT_SECRET_FILE: secret of the bootstrap client MOTION_CLIENT_ID',
      generate: () => token(24)
    }
  ]
}

export interface SecretsOutcome {
  created: SecretFile[]
  kept: SecretFile[]
}

/** Writes every missing secret file (mode 0600) and leaves existing ones alone. */
export function ensureSecrets (directory: string, secrets: SecretFile[] = composeSecrets()): SecretsOutcome {
  mkdirSync(directory, { recursive: true })
  const created: SecretFile[] = []
  const kept: SecretFile[] = []
  // The key pair must stay one pair: when either half is missing, both are written again.
  const pairMissing = secrets.some((s) => s.name.startsWith('auth-') && s.name.endsWith('-key.pem') && !existsSync(join(directory, s.name)))
  for (const secret of secrets) {
    const path = join(directory, secret.name)
    const isPairHalf = secret.name.startsWith('auth-') && secret.name.endsWith('-key.pem')
    if (existsSync(path) && !(isPairHalf && pairMissing)) {
      kept.push(secret)
      continue
    }
    writeFileSync(path, secret.generate(), { mode: 0o600 })
    created.push(secret)
  }
  return { created, kept }
}
