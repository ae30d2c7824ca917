import { describe, expect, it } from 'vitest'
import { bearerMatches, bearerToken, secretsEqual, sha256Hex } from '../src/index.js'

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
