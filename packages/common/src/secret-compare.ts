// Hashing and comparing secrets, one way for every app: tokens are stored as SHA-256 hex (a database leak does not
// hand out usable tokens) and compared in constant time over equal-length digests, which hides the secret's length too.
import { createHash, timingSafeEqual } from 'node:crypto'

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
