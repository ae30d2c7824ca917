import { describe, expect, it } from 'vitest'
import { generateSecret, sign, signatureHeader, verifySignature } from '../../src/domain/signing.js'

describe('Standard Webhooks signing', () => {
  it('matches the reference vector of the Standard Webhooks / Svix libraries', () => {
    const signature = sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('generates whsec_ secrets of 24 random bytes', () => {
    const secret = generateSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24)
    expect(generateSecret()).not.toBe(secret)
  })

  it('joins one signature per secret with a space, each verifiable with its own secret', () => {
    const [a, b] = [generateSecret(), generateSecret()]
    const header = signatureHeader([a, b], 'msg_1', 1700000000, '{}')
    expect(header.split(' ')).toHaveLength(2)
    for (const secret of [a, b]) { expect(verifySignature({ secret, id: 'msg_1', timestamp: '1700000000', signature: header, body: '{}', nowSeconds: 1700000000 })).toBe(true) }
  })

  it('rejects a changed body, another secret and a stale timestamp', () => {
    const secret = generateSecret()
    const signature = sign(secret, 'msg_1', 1700000000, '{"a":1}')
    const base = { secret, id: 'msg_1', timestamp: '1700000000', signature, body: '{"a":1}', nowSeconds: 1700000000 }
    expect(verifySignature(base)).toBe(true)
    expect(verifySignature({ ...base, body: '{"a":2}' })).toBe(false)
    expect(verifySignature({ ...base, secret: generateSecret() })).toBe(false)
    expect(verifySignature({ ...base, nowSeconds: 1700000000 + 301 })).toBe(false)
  })
})
