// TOTP end to end over GraphQL, graded by the RFC 6238 implementation in test/support (not the server's
// library), with Date faked so each 30-second step is chosen, not waited for.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryDocumentStore } from '../src/adapters/document-store.js'
import type { Passkey } from '../src/domain/mfa-records.js'
import { hotp, stepOf, totpAt } from './support/rfc6238.js'
import { appWith, type AppContext } from './support/app-context.js'
import { REFRESH, SIGN_IN, register, uniqueEmail } from './support/graphql-client.js'
import { CONFIRM, ENROLL, STATUS, VERIFY, bearer, claimsOf, enableTotp, ticketFor } from './support/mfa-helpers.js'

const PASSWORD = 'correct horse battery staple'
// 15 s into a step, so a step's neighbours are the only other codes within the ±1 window.
const T0 = Date.UTC(2026, 10, 27, 12, 0, 15)
const S = stepOf(T0)

it('the test TOTP matches RFC 6238 appendix B (SHA-1, 8 digits)', () => {
  const key = Buffer.from('12345678901234567890')
  expect(hotp(key, Math.floor(59 / 30), 8)).toBe('94287082')
  expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe('07081804')
  expect(hotp(key, Math.floor(20000000000 / 30), 8)).toBe('65353130')
})

describe('TOTP second factor', () => {
  let ctx: AppContext
  // Every request comes from one IP; the per-account limit is what these tests exercise.
  const store = createMemoryDocumentStore()
  beforeAll(async () => { ctx = await appWith({ MFA_TICKET_TTL: '60', MFA_LIMIT_PER_IP: '1000' }, { store }) })
  afterAll(async () => { await ctx.app.close() })
  beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'] }); vi.setSystemTime(T0) })
  afterEach(() => { vi.useRealTimers() })

  const auditOf = (userId: string, type: string) => ctx.lines.filter((l) => {
    const audit = l.audit as { type?: string, userId?: string } | undefined
    return audit?.type === type && audit.userId === userId
  })

  it('enrolls with an otpauth URI and QR code, confirms with a code, answers 10 recovery codes, then signIn asks for the second factor', async () => {
    const email = uniqueEmail('totp')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    expect(claimsOf(payload.accessToken).amr).toEqual(['pwd'])

    const enrolled = (await ctx.gql(ENROLL, {}, bearer(payload.accessToken))).body.data!.enrollTotp
    const uri = new URL(enrolled.uri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: enrolled.secret, issuer: 'OpenMotion', algorithm: 'SHA1', digits: '6', period: '30' })
    expect(Buffer.from(enrolled.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)

    const wrong = await ctx.gql(CONFIRM, { code: totpAt(enrolled.secret, S + 5) }, bearer(payload.accessToken))
    expect(wrong.body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    const confirmed = await ctx.gql(CONFIRM, { code: totpAt(enrolled.secret, S) }, bearer(payload.accessToken))
    const codes = confirmed.body.data!.confirmTotp as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    expect(auditOf(payload.user.id, 'mfa_enabled')).toHaveLength(1)

    const signIn = await ctx.gql(SIGN_IN, { email, password: PASSWORD })
    expect(signIn.body.data).toBeNull()
    expect(signIn.response.headers['set-cookie']).toBeUndefined()
    const error = signIn.body.errors![0]!
    expect(error.extensions).toMatchObject({ code: 'MFA_REQUIRED', factors: ['totp', 'recovery_code'] })
    expect(Date.parse(error.extensions.ticketExpiresAt as string)).toBe(T0 + 60_000)

    // The code confirmTotp used is spent (RFC 6238 §5.2); the next step's code opens the session.
    const ticket = error.extensions.ticket as string
    const replay = await ctx.gql(VERIFY, { ticket, code: totpAt(enrolled.secret, S) })
    expect(replay.body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    expect(auditOf(payload.user.id, 'mfa_failed').at(-1)?.audit).toMatchObject({ detail: { factor: 'totp', reason: 'replayed' } })
    const opened = await ctx.gql(VERIFY, { ticket, code: totpAt(enrolled.secret, S + 1) })
    const session = opened.body.data!.verifyMfa
    expect(session.user.email).toBe(email)
    expect(claimsOf(session.accessToken).amr).toEqual(['pwd', 'otp', 'mfa'])
    expect(opened.response.headers['set-cookie']).toBeDefined()

    // A refreshed access token keeps the methods of its session.
    const refreshed = await ctx.gql(REFRESH, { t: session.refreshToken })
    expect(claimsOf(refreshed.body.data!.refreshToken.accessToken).amr).toEqual(['pwd', 'otp', 'mfa'])

    const again = await ctx.gql(VERIFY, { ticket, code: totpAt(enrolled.secret, S - 1) })
    expect(again.body.errors?.[0]?.extensions.code).toBe('MFA_TICKET_INVALID')
  })

  it('accepts one step of clock skew either way, not two', async () => {
    const email = uniqueEmail('skew')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret } = await enableTotp(ctx.gql, payload.accessToken, S - 1)
    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    for (const step of [S + 2, S - 2]) {
      expect((await ctx.gql(VERIFY, { ticket, code: totpAt(secret, step) })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    }
    expect((await ctx.gql(VERIFY, { ticket, code: totpAt(secret, S + 1) })).body.data?.verifyMfa.user.email).toBe(email)
    // S + 1 is now the last step used: S is older, so it is refused too.
    const next = await ticketFor(ctx.gql, email, PASSWORD)
    expect((await ctx.gql(VERIFY, { ticket: next.ticket, code: totpAt(secret, S) })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
  })

  it('a recovery code opens one session, once, and only for its own account', async () => {
    const email = uniqueEmail('recovery')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { recoveryCodes } = await enableTotp(ctx.gql, payload.accessToken, S)
    const other = await register(ctx.gql, { email: uniqueEmail('other'), password: PASSWORD })
    const othersCodes = (await enableTotp(ctx.gql, other.payload.accessToken, S)).recoveryCodes

    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    expect((await ctx.gql(VERIFY, { ticket, recoveryCode: othersCodes[0] })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    const opened = await ctx.gql(VERIFY, { ticket, recoveryCode: recoveryCodes[0]!.toUpperCase() })
    expect(claimsOf(opened.body.data!.verifyMfa.accessToken).amr).toEqual(['pwd', 'otp', 'mfa'])
    expect(auditOf(payload.user.id, 'recovery_code_used').at(-1)?.audit).toMatchObject({ detail: { left: 9 } })

    const second = await ticketFor(ctx.gql, email, PASSWORD)
    expect((await ctx.gql(VERIFY, { ticket: second.ticket, recoveryCode: recoveryCodes[0] })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    const status = await ctx.gql(STATUS, {}, bearer(opened.body.data!.verifyMfa.accessToken))
    expect(status.body.data!.mfaStatus).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 9 })
  })

  it('refuses an expired ticket, and a ticket with more or fewer than one proof', async () => {
    const email = uniqueEmail('expiry')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret, recoveryCodes } = await enableTotp(ctx.gql, payload.accessToken, S)
    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    const both = await ctx.gql(VERIFY, { ticket, code: totpAt(secret, S + 1), recoveryCode: recoveryCodes[0] })
    expect(both.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect((await ctx.gql(VERIFY, { ticket })).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    vi.setSystemTime(T0 + 61_000)
    const late = await ctx.gql(VERIFY, { ticket, code: totpAt(secret, stepOf(T0 + 61_000)) })
    expect(late.body.errors?.[0]).toMatchObject({ extensions: { code: 'MFA_TICKET_INVALID' }, message: expect.stringContaining('expired') })
    expect((await ctx.gql(VERIFY, { ticket: 'x'.repeat(43), code: '123456' })).body.errors?.[0]?.extensions.code).toBe('MFA_TICKET_INVALID')
  })

  it('disableTotp needs a current code or the password; then signIn answers tokens again', async () => {
    const email = uniqueEmail('disable')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret } = await enableTotp(ctx.gql, payload.accessToken, S)
    const DISABLE = 'mutation ($code: String, $password: String) { disableTotp(code: $code, password: $password) }'
    expect((await ctx.gql(DISABLE, {}, bearer(payload.accessToken))).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect((await ctx.gql(DISABLE, { password: 'not the password at all' }, bearer(payload.accessToken))).body.errors?.[0]?.extensions.code)
      .toBe('INVALID_CREDENTIALS')
    expect((await ctx.gql(DISABLE, { code: totpAt(secret, S) }, bearer(payload.accessToken))).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    expect((await ctx.gql(DISABLE, { code: totpAt(secret, S + 1) }, bearer(payload.accessToken))).body.data?.disableTotp).toBe(true)
    expect(auditOf(payload.user.id, 'mfa_disabled')).toHaveLength(1)
    const signIn = await ctx.gql(SIGN_IN, { email, password: PASSWORD })
    expect(claimsOf(signIn.body.data!.signIn.accessToken).amr).toEqual(['pwd'])
    expect((await ctx.gql(STATUS, {}, bearer(payload.accessToken))).body.data!.mfaStatus).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 })

    // Enrolling again gives a new secret, and the password alone can turn it off.
    const { secret: second } = await enableTotp(ctx.gql, payload.accessToken, S + 1)
    expect(second).not.toBe(secret)
    expect((await ctx.gql(DISABLE, { password: PASSWORD }, bearer(payload.accessToken))).body.data?.disableTotp).toBe(true)
  })

  it('regenerateRecoveryCodes replaces every old code', async () => {
    const email = uniqueEmail('regen')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret, recoveryCodes } = await enableTotp(ctx.gql, payload.accessToken, S)
    const regenerated = await ctx.gql('mutation ($code: String!) { regenerateRecoveryCodes(code: $code) }', { code: totpAt(secret, S + 1) },
      bearer(payload.accessToken))
    const fresh = regenerated.body.data!.regenerateRecoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    expect((await ctx.gql(VERIFY, { ticket, recoveryCode: recoveryCodes[1] })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    expect((await ctx.gql(VERIFY, { ticket, recoveryCode: fresh[1] })).body.data?.verifyMfa.user.email).toBe(email)
  })

  it('40 concurrent code guesses on one ticket: at most MFA_LIMIT_PER_ACCOUNT are evaluated, the rest RATE_LIMITED', async () => {
    const email = uniqueEmail('guess')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret } = await enableTotp(ctx.gql, payload.accessToken, S)
    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    const right = totpAt(secret, S + 1)
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(guesses.map(async (code) => (await ctx.gql(VERIFY, { ticket, code })).body.errors?.[0]?.extensions.code))
    const evaluated = answers.filter((c) => c === 'CODE_INVALID').length
    expect(evaluated).toBeLessThanOrEqual(5)
    expect(answers.filter((c) => c === 'RATE_LIMITED')).toHaveLength(40 - evaluated)
    expect(auditOf(payload.user.id, 'mfa_failed').length).toBe(evaluated)
    // Locked out now, even with the right code.
    expect((await ctx.gql(VERIFY, { ticket, code: right })).body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED')
  })

  it('an enrolled but unconfirmed TOTP secret is no second factor', async () => {
    const email = uniqueEmail('pending')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    // The account's other factor: a passkey (registered in a browser in the integration suite; stored directly here).
    const passkey: Passkey = {
      id: `cred-${payload.user.id}`,
      userId: payload.user.id,
      name: 'key',
      publicKey: 'AA',
      counter: 0,
      transports: ['internal'],
      deviceType: 'singleDevice',
      backupEligible: false,
      backedUp: false,
      createdAt: new Date().toISOString(),
      lastUsedAt: null
    }
    await store.insert('passkeys', passkey)
    const secret = (await ctx.gql(ENROLL, {}, bearer(payload.accessToken))).body.data!.enrollTotp.secret as string
    const { ticket, factors } = await ticketFor(ctx.gql, email, PASSWORD)
    expect(factors).toEqual(['passkey'])
    expect((await ctx.gql(VERIFY, { ticket, code: totpAt(secret, S) })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
  })
})
