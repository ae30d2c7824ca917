import { describe, expect, it } from 'vitest'
import { bearerMatches, bearerToken, hashSecret, randomToken, secretsEqual, sha256Hex, verifySecret } from '../src/index.js'

describe('secret comparison', () => {
  it('hashes to SHA-256 hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('compares secrets of any length without throwing', () => {
    expect(secretsEqual('a-long-admin-token', 'a-long-admin-token')).toBe(true)
    expect(secretsEqual('short', 'a-long-admin-token')).toBe(false)
    expect(secretsEqual('', 'x')).toBe(false)
  })

  it('reads a Bearer token and matches it against the expected one', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def')
    expect(bearerToken('bearer   abc')).toBe('abc')
    expect(bearerToken('Basic abc')).toBeUndefined()
    expect(bearerToken(undefined)).toBeUndefined()
    expect(bearerMatches('Bearer admin-token-0123456789', 'admin-token-0123456789')).toBe(true)
    expect(bearerMatches('Bearer admin-token-012345678', 'admin-token-0123456789')).toBe(false)
    expect(bearerMatches('admin-token-0123456789', 'admin-token-0123456789')).toBe(false)
  })
})

describe('chosen secrets', () => {
  it('hashes with a fresh salt and verifies only the same secret', async () => {
    const stored = await hashSecret('dev-secret')
    expect(stored).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/)
    expect(await hashSecret('dev-secret')).not.toBe(stored)
    expect(await verifySecret('dev-secret', stored)).toBe(true)
    expect(await verifySecret('dev-secreT', stored)).toBe(false)
    expect(await verifySecret('dev-secret', 'plain')).toBe(false)
  })

  it('makes 256-bit URL-safe tokens by default', () => {
    expect(randomToken()).toMatch(/^[\w-]{43}$/)
    expect(randomToken(8)).toMatch(/^[\w-]{11}$/)
  })
})
