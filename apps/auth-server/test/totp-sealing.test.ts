// TOTP secrets are stored sealed: a copy of the database yields no authenticator, a sealed secret moved onto
// another account does not open, keys rotate without a migration, and production refuses to run without a key.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfigError } from '@openmotion/common'
import { createMemoryDocumentStore } from '../src/adapters/document-store.js'
import { MFA_COLLECTIONS, type TotpFactor } from '../src/domain/mfa-records.js'
import { createSecretBox, newSecretKey, parseSecretKeys } from '../src/domain/secret-box.js'
import { generatePemPair } from '../src/domain/signing-keys.js'
import { authConfig, buildApp } from '../src/app.js'
import { stepOf, totpAt } from './support/rfc6238.js'
import { appWith, type AppContext } from './support/app-context.js'
import { register, uniqueEmail } from './support/graphql-client.js'
import { VERIFY, enableTotp, ticketFor } from './support/mfa-helpers.js'

const PASSWORD = 'correct horse battery staple'
const T0 = Date.UTC(2026, 10, 27, 12, 0, 15)

describe('the secret box', () => {
  const [a, b] = [newSecretKey(), newSecretKey()]

  it('opens what it sealed, only for the account it was sealed for, and refuses a tampered record', () => {
    const box = createSecretBox(parseSecretKeys(a))
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed)
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP')
    expect(() => box.open(sealed, 'user-2')).toThrow()
    const parts = sealed.split('.')
    const body = Buffer.from(parts[3]!, 'base64url')
    body[0] = body[0]! ^ 1
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'user-1')).toThrow()
    expect(() => createSecretBox(parseSecretKeys(b)).open(sealed, 'user-1')).toThrow(/does not hold/)
  })

  it('rotates: the first key seals, every key opens, and records under an older key or unsealed are stale', () => {
    const old = createSecretBox(parseSecretKeys(a))
    const rotated = createSecretBox(parseSecretKeys(`${b},${a}`))
    const underOld = old.seal('SECRET', 'u')
    expect(rotated.open(underOld, 'u')).toBe('SECRET')
    expect(rotated.stale(underOld)).toBe(true)
    expect(rotated.stale(rotated.seal('SECRET', 'u'))).toBe(false)
    expect(rotated.stale('JBSWY3DPEHPK3PXP')).toBe(true)
    expect(rotated.open('JBSWY3DPEHPK3PXP', 'u')).toBe('JBSWY3DPEHPK3PXP')
  })

  it('names the variable when a key is not 32 bytes, and production will not start without one', async () => {
    expect(() => parseSecretKeys('c2hvcnQ=')).toThrow(ConfigError)
    expect(() => parseSecretKeys(' , ')).toThrow(/MFA_ENCRYPTION_KEYS/)
    const config = authConfig.load({ NODE_ENV: 'production', DOCUMENT_STORE: 'memory', LOG_LEVEL: 'silent', BCRYPT_COST: '4', ...productionSigningKeys() })
    const refused = await buildApp(config).then(() => undefined, (error: unknown) => error)
    expect(refused).toBeInstanceOf(ConfigError)
    expect(refused).toMatchObject({ variable: 'MFA_ENCRYPTION_KEYS', message: expect.stringContaining('required in production') })
  })
})

describe('TOTP secrets at rest', () => {
  let ctx: AppContext
  const store = createMemoryDocumentStore()
  const key = newSecretKey()
  beforeAll(async () => { ctx = await appWith({ MFA_ENCRYPTION_KEYS: key, MFA_LIMIT_PER_IP: '1000' }, { store }) })
  afterAll(async () => { await ctx.app.close() })
  beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'] }); vi.setSystemTime(T0) })
  afterEach(() => { vi.useRealTimers() })

  it('stores the secret sealed under the configured key; the stored record alone does not give codes', async () => {
    const email = uniqueEmail('sealed')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret } = await enableTotp(ctx.gql, payload.accessToken, stepOf(T0))
    const stored = (await store.get<TotpFactor>(MFA_COLLECTIONS.totp, payload.user.id as string))!
    expect(stored.secret).not.toContain(secret)
    expect(stored.secret).toMatch(/^v1\./)
    expect(createSecretBox(parseSecretKeys(key)).open(stored.secret, payload.user.id as string)).toBe(secret)
  })

  it('a secret stored before sealing existed still signs in, and is sealed by that use', async () => {
    const email = uniqueEmail('legacy')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret } = await enableTotp(ctx.gql, payload.accessToken, stepOf(T0))
    const userId = payload.user.id as string
    const current = (await store.get<TotpFactor>(MFA_COLLECTIONS.totp, userId))!
    await store.put(MFA_COLLECTIONS.totp, { ...current, secret, version: current.version + 1 })

    const next = T0 + 30_000
    vi.setSystemTime(next)
    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    const verified = await ctx.gql(VERIFY, { ticket, code: totpAt(secret, stepOf(next)) })
    expect(verified.body.data?.verifyMfa.accessToken).toEqual(expect.any(String))
    const after = (await store.get<TotpFactor>(MFA_COLLECTIONS.totp, userId))!
    expect(after.secret).toMatch(/^v1\./)
    expect(after.secret).not.toContain(secret)
  })
})

function productionSigningKeys (): Record<string, string> {
  // Production also requires a signing key pair; generated here so the MFA key is the only thing missing.
  const pair = generatePemPair()
  return { PRIVATE_KEY: pair.privateKey, PUBLIC_KEY: pair.publicKey, SMTP_URL: 'smtp://localhost:2525' }
}
