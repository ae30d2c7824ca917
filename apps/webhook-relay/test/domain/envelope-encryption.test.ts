import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { relayConfig } from '../../src/config.js'
import {
  DATA_KEY_LIFETIME_MS,
  cipherFromConfig,
  createKeyring,
  createRsaCipher,
  envelopeKeyId,
  keyFingerprint,
  parseKeyring,
  readPrivateKey
} from '../../src/domain/envelope-encryption.js'

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

  it('writes envelopes AES-256-GCM decrypts as they are, whatever the length of the plaintext', () => {
    for (let length = 0; length < 40; length++) {
      const plaintext = 'é€x'.repeat(length).slice(0, length)
      const envelope = cipher.encrypt(plaintext)
      const [version, keyId, wrapped, iv, tag, ciphertext] = envelope.split('.')
      expect([version, keyId]).toEqual(['env1', cipher.keyId])
      for (const part of [wrapped, iv, tag, ciphertext]) expect(Buffer.from(part!, 'base64').toString('base64')).toBe(part)
      expect(Buffer.from(ciphertext!, 'base64').length).toBe(Buffer.byteLength(plaintext))
      expect(cipher.decrypt(envelope)).toBe(plaintext)
    }
  })

  it('seals each message under a nonce of its own', () => {
    const nonces = Array.from({ length: 1000 }, () => cipher.encrypt('{"same":true}').split('.')[3])
    expect(new Set(nonces).size).toBe(1000)
  })

  it('uses a fresh IV per message under one data key, wrapped with RSA once per key lifetime', () => {
    const [a, b] = [cipher.encrypt('same').split('.'), cipher.encrypt('same').split('.')]
    expect(a[2]).toBe(b[2])
    expect(a[3]).not.toBe(b[3])
    expect(a.join('.')).not.toBe(b.join('.'))
  })

  it('wraps a fresh data key once the lifetime is over, and still reads data under the old one', () => {
    let clock = 0
    const timed = createRsaCipher(readPrivateKey(pem), undefined, () => clock)
    const before = timed.encrypt('{"n":1}')
    clock += DATA_KEY_LIFETIME_MS
    const after = timed.encrypt('{"n":2}')
    expect(before.split('.')[2]).not.toBe(after.split('.')[2])
    expect(timed.decrypt(before)).toBe('{"n":1}')
    expect(createRsaCipher(readPrivateKey(pem)).decrypt(after)).toBe('{"n":2}')
  })

  it('fails on a tampered ciphertext instead of returning garbage', () => {
    const parts = cipher.encrypt('{"a":1}').split('.')
    const body = Buffer.from(parts[5] as string, 'base64')
    body[0] = (body[0] as number) ^ 1
    parts[5] = body.toString('base64')
    expect(() => cipher.decrypt(parts.join('.'))).toThrow()
  })

  it('refuses envelopes of another key, naming both key ids', () => {
    const other = createRsaCipher(
      readPrivateKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())
    )
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

describe('keyring (ENCRYPTION_KEYS)', () => {
  const newPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const escaped = (text: string) => text.replaceAll('\n', '\\n')

  it('seals new data under the newest (first) key and still reads data of the older keys', () => {
    const old = createKeyring(parseKeyring(`2025:${escaped(pem)}`))
    const rotated = createKeyring(parseKeyring(`2026:${escaped(newPem)},2025:${escaped(pem)}`))
    const before = old.encrypt('{"n":1}')
    const after = rotated.encrypt('{"n":2}')
    expect(envelopeKeyId(before)).toBe('2025')
    expect(envelopeKeyId(after)).toBe('2026')
    expect(rotated.decrypt(before)).toBe('{"n":1}')
    expect(rotated.isStale(before)).toBe(true)
    expect(rotated.isStale(after)).toBe(false)
    expect(() => old.decrypt(after)).toThrow('ENCRYPTION_KEYS does not list')
  })

  it('reads envelopes of the single ENCRYPTION_KEY by fingerprint, and plaintext from before encryption as is', () => {
    const single = createRsaCipher(readPrivateKey(pem))
    const ring = cipherFromConfig({ ENCRYPTION_KEYS: `new:${escaped(newPem)},old:${escaped(pem)}` })
    expect(ring.decrypt(single.encrypt('legacy'))).toBe('legacy')
    expect(ring.decrypt('{"plain":true}')).toBe('{"plain":true}')
    expect(cipherFromConfig({ ENCRYPTION_KEY: pem }).keyId).toBe(keyFingerprint(readPrivateKey(pem)))
  })

  it('refuses malformed lists and duplicate ids', () => {
    expect(() => parseKeyring('no-colon-here')).toThrow('id:<PEM or path>')
    expect(() => parseKeyring(`a:${escaped(pem)},a:${escaped(newPem)}`)).toThrow('twice')
  })

  it('takes ENCRYPTION_KEYS from ENCRYPTION_KEYS_FILE with full PEMs, and refuses it next to ENCRYPTION_KEY', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'relay-keys-')), 'keys')
    writeFileSync(path, `2026:${newPem},\n2025:${pem}\n`)
    const config = relayConfig.load({ ENCRYPTION_KEYS_FILE: path })
    expect(cipherFromConfig(config).keyId).toBe('2026')
    expect(() => relayConfig.load({ ENCRYPTION_KEYS: `k:${escaped(pem)}`, ENCRYPTION_KEY: pem })).toThrow('ENCRYPTION_KEYS and ENCRYPTION_KEY are both set')
    expect(() => relayConfig.load({ ENCRYPTION_KEYS: 'k:not-a-key' })).toThrow('ENCRYPTION_KEYS is invalid')
  })
})
