// Tenant API keys: shown once, stored as SHA-256. Keys carry 192 random bits, so a fast hash is enough (no
// password-style stretching needed) and lets each request look its key up by hash in one indexed query.
import { randomBytes } from 'node:crypto'
import { sha256Hex } from '@openmotion/common'

export function generateApiKey (): string {
  return 'wr_' + randomBytes(24).toString('base64url')
}

export function hashApiKey (key: string): string {
  return sha256Hex(key)
}

/** The start of a key, kept in clear so a tenant can tell its keys apart in listings. */
export function keyPrefix (key: string): string {
  return key.slice(0, 9)
}
