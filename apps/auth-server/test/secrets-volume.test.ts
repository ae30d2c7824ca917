import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createPrivateKey, createPublicKey } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { composeSecrets, ensureSecrets } from '../src/cli/secrets-volume.js'
import { loadSigningKeys } from '../src/domain/signing-keys.js'

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

describe('compose secrets volume', () => {
  it('generates every secret once, private to the owner, and keeps them on the next run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'))
    const first = ensureSecrets(dir)
    expect(first.created.map((s) => s.name)).toEqual(composeSecrets().map((s) => s.name))
    expect(statSync(join(dir, 'admin-password')).mode & 0o777).toBe(0o600)
    const keys = await loadSigningKeys({
      privateKey: read(dir, 'auth-private-key.pem'),
      publicKey: read(dir, 'auth-public-key.pem'),
      previous: '',
      production: true
    })
    expect(keys.ephemeral).toBe(false)
    expect(createPrivateKey(read(dir, 'relay-encryption-key.pem')).asymmetricKeyDetails?.modulusLength).toBe(3072)
    expect(read(dir, 'motion-url-signing-secret').length).toBeGreaterThanOrEqual(16)
    const before = Object.fromEntries(composeSecrets().map((s) => [s.name, read(dir, s.name)]))
    const second = ensureSecrets(dir)
    expect(second.created).toEqual([])
    expect(Object.fromEntries(composeSecrets().map((s) => [s.name, read(dir, s.name)]))).toEqual(before)
  })

  it('rotates one secret when its file is deleted, and writes the ES512 pair again as a matching pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'))
    ensureSecrets(dir)
    const signing = read(dir, 'motion-url-signing-secret')
    const oldPublic = read(dir, 'auth-public-key.pem')
    rmSync(join(dir, 'motion-url-signing-secret'))
    rmSync(join(dir, 'auth-private-key.pem'))
    const { created } = ensureSecrets(dir)
    expect(created.map((s) => s.name).sort()).toEqual(['auth-private-key.pem', 'auth-public-key.pem', 'motion-url-signing-secret'])
    expect(read(dir, 'motion-url-signing-secret')).not.toBe(signing)
    expect(read(dir, 'auth-public-key.pem')).not.toBe(oldPublic)
    const derived = createPublicKey(createPrivateKey(read(dir, 'auth-private-key.pem'))).export({ type: 'spki', format: 'pem' }).toString()
    expect(derived).toBe(read(dir, 'auth-public-key.pem'))
  })
})
