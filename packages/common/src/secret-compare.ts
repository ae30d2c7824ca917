// Hashing and comparing secrets, one way for every app: random tokens are stored as SHA-256 hex (a database leak
// does not hand out usable tokens) and compared in constant time over equal-length digests, which hides the
// secret's length too. Secrets a person may choose get a slow salted scrypt hash instead.
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>

/** `scrypt$<salt>$<key>` for a secret a person may have chosen. */
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

/** A URL-safe random token of `bytes` random bytes (256 bits by default). */
export function randomToken (bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256Hex (value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Constant-time equality of two strings of any lengths. */
export function secretsEqual (given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest())
}

/** The token of an `Authorization: Bearer <token>` header, if it has that shape. */
export function bearerToken (authorization: string | undefined): string | undefined {
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null
  return match?.[1]
}

/** Whether the request's Authorization header carries exactly `expected` as its bearer token. */
export function bearerMatches (authorization: string | undefined, expected: string): boolean {
  const given = bearerToken(authorization)
  return given !== undefined && secretsEqual(given, expected)
}
