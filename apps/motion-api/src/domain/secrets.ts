// Secrets at rest: client secrets may be human-chosen (the bootstrap one), so they get a slow salted scrypt
// hash; session tokens and upload ids are 256-bit random values, for which one SHA-256 (common's sha256Hex) is enough.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>

export async function hashSecret (secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(secret, salt, 32)
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifySecret (secret: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length)
  return timingSafeEqual(actual, expected)
}

export function randomToken (bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}
