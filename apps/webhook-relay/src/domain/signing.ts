// Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is "id.timestamp.body",
// keyed by the base64 bytes after the `whsec_` prefix. Several signatures are space-separated so a receiver
// keeps verifying while a rotated secret is still valid.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const PREFIX = 'whsec_'

export function generateSecret (): string {
  return PREFIX + randomBytes(24).toString('base64')
}

function secretBytes (secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
}

export function sign (secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${digest}`
}

export function signatureHeader (secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => sign(secret, id, timestampSeconds, body)).join(' ')
}

export interface VerifyInput {
  secret: string
  id: string
  timestamp: string
  signature: string
  body: string
  /** Seconds a timestamp may differ from now; replays older than this are refused. */
  toleranceSeconds?: number
  nowSeconds?: number
}

/** True when one of the space-separated v1 signatures matches and the timestamp is fresh. */
export function verifySignature (input: VerifyInput): boolean {
  const timestamp = Number(input.timestamp)
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000)
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > (input.toleranceSeconds ?? 300)) return false
  const expected = Buffer.from(sign(input.secret, input.id, timestamp, input.body))
  return input.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}
