import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '@openmotion/common'
import { generatePemPair, loadSigningKeys } from '../src/domain/signing-keys.js'

describe('signing keys', () => {
  it('accepts a matching P-521 pair and keeps previous public keys in the JWKS', async () => {
    const current = generatePemPair()
    const previous = generatePemPair()
    const keys = await loadSigningKeys({ ...current, previous: previous.publicKey, production: true })
    expect(keys.jwks.keys).toHaveLength(2)
    expect(keys.jwks.keys[0]!.kid).toBe(keys.kid)
    expect(keys.ephemeral).toBe(false)
  })

  it('stops with the variable named when the public key does not match the private key', async () => {
    const a = generatePemPair()
    const b = generatePemPair()
    await expect(loadSigningKeys({ privateKey: a.privateKey, publicKey: b.publicKey, previous: '', production: true }))
      .rejects.toThrow(new ConfigError('PUBLIC_KEY', 'PUBLIC_KEY does not match PRIVATE_KEY'))
  })

  it('refuses keys on another curve', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    await expect(loadSigningKeys({
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      previous: '',
      production: true
    })).rejects.toThrow(/PRIVATE_KEY is invalid: expected an EC key on curve P-521/)
  })

  it('generates an ephemeral pair outside production and requires keys in production', async () => {
    expect((await loadSigningKeys({ previous: '', production: false })).ephemeral).toBe(true)
    await expect(loadSigningKeys({ previous: '', production: true })).rejects.toThrow(/PRIVATE_KEY is required/)
  })

  it('understands keys pasted with \\n escapes', async () => {
    const pair = generatePemPair()
    const escaped = { privateKey: pair.privateKey.replaceAll('\n', '\\n'), publicKey: pair.publicKey.replaceAll('\n', '\\n') }
    await expect(loadSigningKeys({ ...escaped, previous: '', production: true })).resolves.toMatchObject({ ephemeral: false })
  })
})
