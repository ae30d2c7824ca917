// REQUIRE_MFA_FOR_ADMINS and an admin resetting another account's factors.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { appWith, type AppContext } from './support/app-context.js'
import { SIGN_IN, register, uniqueEmail } from './support/graphql-client.js'
import { VERIFY, bearer, claimsOf, enableTotp, ticketFor } from './support/mfa-helpers.js'
import { stepOf, totpAt } from './support/rfc6238.js'

const ADMIN = { email: 'ops@example.com', password: 'generated-password-0123' }
const AUDIT = 'query { auditEvents(filter: { type: "mfa_disabled" }) { events { userId detail } } }'
const RESET = 'mutation ($id: ID!) { resetUserMfa(id: $id) }'
const T0 = Date.UTC(2026, 10, 27, 12, 0, 15)
const S = stepOf(T0)

describe('REQUIRE_MFA_FOR_ADMINS=true', () => {
  let ctx: AppContext
  beforeAll(async () => {
    ctx = await appWith({ REQUIRE_MFA_FOR_ADMINS: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  })
  afterAll(async () => { await ctx.app.close() })
  beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'] }); vi.setSystemTime(T0) })
  afterEach(() => { vi.useRealTimers() })

  it('refuses admin operations from a password-only session, allows them after a second factor, and lets the admin reset a user\'s factors', async () => {
    const password = (await ctx.gql(SIGN_IN, ADMIN)).body.data!.signIn
    expect((await ctx.gql(AUDIT, {}, bearer(password.accessToken))).body.errors?.[0]?.extensions.code).toBe('MFA_REQUIRED')
    // Its own account stays usable: it enrolls a factor with that session.
    const { secret } = await enableTotp(ctx.gql, password.accessToken, S)
    const { ticket } = await ticketFor(ctx.gql, ADMIN.email, ADMIN.password)
    const strong = (await ctx.gql(VERIFY, { ticket, code: totpAt(secret, S + 1) })).body.data!.verifyMfa
    expect(claimsOf(strong.accessToken).amr).toContain('mfa')

    const userEmail = uniqueEmail('lostphone')
    const user = await register(ctx.gql, { email: userEmail, password: 'a user password 123' })
    await enableTotp(ctx.gql, user.payload.accessToken, S)
    await ticketFor(ctx.gql, userEmail, 'a user password 123')
    expect((await ctx.gql(RESET, { id: user.payload.user.id }, bearer(user.payload.accessToken))).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    expect((await ctx.gql(RESET, { id: user.payload.user.id }, bearer(password.accessToken))).body.errors?.[0]?.extensions.code).toBe('MFA_REQUIRED')
    expect((await ctx.gql(RESET, { id: user.payload.user.id }, bearer(strong.accessToken))).body.data?.resetUserMfa).toBe(true)

    const signIn = await ctx.gql(SIGN_IN, { email: userEmail, password: 'a user password 123' })
    expect(claimsOf(signIn.body.data!.signIn.accessToken).amr).toEqual(['pwd'])
    const events = (await ctx.gql(AUDIT, {}, bearer(strong.accessToken))).body.data!.auditEvents.events
    expect(events).toContainEqual({ userId: user.payload.user.id, detail: { factor: 'all', by: strong.user.id, totp: true, recoveryCodes: 10, passkeys: 0 } })
  })
})

describe('mfa configuration', () => {
  it('defaults REQUIRE_MFA_FOR_ADMINS to false and refuses a WebAuthn origin off the RP id, a non-host RP id, or plain http off localhost', async () => {
    const { authConfig } = await import('../src/config.js')
    expect(authConfig.load({}).REQUIRE_MFA_FOR_ADMINS).toBe(false)
    expect(() => authConfig.load({ REQUIRE_MFA_FOR_ADMINS: 'maybe' })).toThrow(/REQUIRE_MFA_FOR_ADMINS/)
    expect(() => authConfig.load({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://evil.com' })).toThrow(/not on WEBAUTHN_RP_ID/)
    expect(() => authConfig.load({ WEBAUTHN_RP_ID: 'https://example.com' })).toThrow(/WEBAUTHN_RP_ID must be a bare host/)
    expect(() => authConfig.load({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'http://app.example.com' })).toThrow(/must use https/)
    expect(() => authConfig.load({ WEBAUTHN_ORIGINS: 'http://localhost:5173/path' })).toThrow(/is not an origin/)
    expect(authConfig.load({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://example.com, https://app.example.com' }).WEBAUTHN_RP_ID).toBe('example.com')
  })
})
