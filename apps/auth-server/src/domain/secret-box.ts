// Seals the secrets the server must read back (TOTP secrets) with AES-256-GCM before they reach the database, so
// a copy of the database (a backup, a replica, an injection read) yields no working authenticator. Each record is
// bound to its owner (the additional data), so a sealed secret copied onto another account does not open. Several
// keys may be configured: the first seals, every one opens, and a record sealed under an older key is re-sealed
// the next time it is written (rotation without a migration).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { ConfigError } from '@openmotion/common'

const PREFIX = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_BYTES = 32

interface Key { id: string, bytes: Buffer }

export interface SecretBox {
  seal (plain: string, boundTo: string): string
  /** The plain secret; a value written before sealing existed is returned as it is. Throws on a forged record. */
  open (stored: string, boundTo: string): string
  /** True when `stored` should be written again: unsealed, or sealed under a key that no longer seals. */
  stale (stored: string): boolean
}

export function isSealed (stored: string): boolean {
  return stored.startsWith(`${PREFIX}.`)
}

function keyOf (bytes: Buffer): Key {
  return { id: createHash('sha256').update(bytes).digest('base64url').slice(0, 8), bytes }
}

/** Keys from `MFA_ENCRYPTION_KEYS`: comma-separated, each 32 bytes in base64 or base64url. */
export function parseSecretKeys (value: string, variable = 'MFA_ENCRYPTION_KEYS'): Buffer[] {
  const keys = value.split(',').map((k) => k.trim()).filter((k) => k !== '').map((k) => Buffer.from(k, 'base64'))
  if (keys.length === 0) throw new ConfigError(variable, `${variable} must list at least one key`)
  for (const key of keys) {
    if (key.length !== KEY_BYTES) throw new ConfigError(variable, `${variable}: every key must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`)
  }
  return keys
}

/**
 * Outside production with no key configured: a key derived from a fixed label, so a development database keeps
 * working across restarts. It protects nothing, which start-up says in a warning; production refuses to start.
 */
export function developmentSecretKey (): Buffer {
  return Buffer.from(hkdfSync('sha256', 'openmotion-auth-server', 'development only', 'mfa-secret-box', KEY_BYTES))
}

export function newSecretKey (): string {
  return randomBytes(KEY_BYTES).toString('base64url')
}

export function createSecretBox (keyBytes: readonly Buffer[]): SecretBox {
  const keys = keyBytes.map(keyOf)
  const current = keys[0]
  if (current === undefined) throw new Error('createSecretBox needs a key')
  const byId = new Map(keys.map((k) => [k.id, k]))
  return {
    seal (plain, boundTo) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv)
      cipher.setAAD(Buffer.from(boundTo, 'utf8'))
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return [PREFIX, current.id, iv.toString('base64url'), sealed.toString('base64url')].join('.')
    },
    open (stored, boundTo) {
      if (!isSealed(stored)) return stored
      const [, id, iv, sealed] = stored.split('.')
      const key = byId.get(id ?? '')
      if (key === undefined || iv === undefined || sealed === undefined) {
        throw new Error(`a sealed secret names key ${String(id)}, which MFA_ENCRYPTION_KEYS does not hold`)
      }
      const bytes = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(boundTo, 'utf8'))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8')
    },
    stale (stored) {
      return !isSealed(stored) || stored.split('.')[1] !== current.id
    }
  }
}
