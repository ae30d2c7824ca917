import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRsaCipher, readPrivateKey } from '../../src/domain/envelope-encryption.js'

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

describe('envelope encryption (RSA-OAEP-SHA256 wrapping AES-256-GCM)', () => {
  const cipher = createRsaCipher(readPrivateKey(pem))

  it('round-trips data and never contains the plaintext', () => {
    const plaintext = JSON.stringify({ card: '4242-secret-4242', nested: { ok: true } })
    const envelope = cipher.encrypt(plaintext)
    expect(envelope).not.toContain('4242-secret-4242')
    expect(envelope.split('.')[1]).toBe(cipher.keyId)
    expect(cipher.decrypt(envelope)).toBe(plaintext)
  })

  it('uses a fresh data key and IV per message', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'))
  })

  it('fails on a tampered ciphertext instead of returning garbage', () => {
    const parts = cipher.encrypt('{"a":1}').split('.')
    const body = Buffer.from(parts[5] as string, 'base64')
    body[0] = (body[0] as number) ^ 1
    parts[5] = body.toString('base64')
    expect(() => cipher.decrypt(parts.join('.'))).toThrow()
  })

  it('refuses envelopes of another key, naming both key ids', () => {
    const other = createRsaCipher(readPrivateKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()))
    expect(() => other.decrypt(cipher.encrypt('x'))).toThrow(cipher.keyId)
  })

  it('reads ENCRYPTION_KEY as a path to a PEM file too, and refuses non-RSA keys', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'relay-key-')), 'key.pem')
    writeFileSync(path, pem)
    expect(createRsaCipher(readPrivateKey(path)).keyId).toBe(cipher.keyId)
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect(() => readPrivateKey(ec)).toThrow(/RSA/)
  })
})
