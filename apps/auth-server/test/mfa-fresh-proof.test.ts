// Adding a second factor needs fresh proof: a session opened within MFA_REAUTH_WINDOW, the password, or a current
// code. Date is faked so a session ages past the window while its access token (20 min) still works.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { stepOf, totpAt } from './support/rfc6238.js'
import { appWith, type AppContext } from './support/app-context.js'
import { REFRESH, SIGN_IN, register, uniqueEmail } from './support/graphql-client.js'
import { ENROLL, VERIFY, bearer, enableTotp, ticketFor } from './support/mfa-helpers.js'

const PASSWORD = 'correct horse battery staple'
const WINDOW = 120
const T0 = Date.UTC(2026, 10, 27, 12, 0, 15)
const ENROLL_WITH_PASSWORD = 'mutation ($password: String) { enrollTotp(password: $password) { secret } }'
const PASSKEY_OPTIONS = 'mutation ($password: String, $code: String) { passkeyRegistrationOptions(password: $password, code: $code) }'

describe('adding a second factor needs fresh proof', () => {
  let ctx: AppContext
  beforeAll(async () => { ctx = await appWith({ MFA_REAUTH_WINDOW: String(WINDOW), MFA_LIMIT_PER_IP: '1000' }) })
  afterAll(async () => { await ctx.app.close() })
  beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'] }); vi.setSystemTime(T0) })
  afterEach(() => { vi.useRealTimers() })

  const codeOf = (body: { errors?: Array<{ extensions: Record<string, unknown> }> }) => body.errors?.[0]?.extensions.code

  it('a session past the window cannot enroll TOTP on its access token alone; the password or a new sign-in can', async () => {
    const email = uniqueEmail('fresh')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    vi.setSystemTime(T0 + (WINDOW + 1) * 1000)

    const stale = await ctx.gql(ENROLL, {}, bearer(payload.accessToken))
    expect(codeOf(stale.body)).toBe('REAUTHENTICATION_REQUIRED')
    // A resolver error: HTTP 200 with the error in `errors`, whatever the code's own status says.
    expect(stale.response.statusCode).toBe(200)
    expect(stale.body.errors?.[0]?.message).toContain('sign in again')

    // Refreshing keeps the session it rotates: still opened too long ago.
    const refreshed = await ctx.gql(REFRESH, { t: payload.refreshToken })
    const rotated = refreshed.body.data!.refreshToken as { accessToken: string }
    expect(codeOf((await ctx.gql(ENROLL, {}, bearer(rotated.accessToken))).body)).toBe('REAUTHENTICATION_REQUIRED')

    const wrong = await ctx.gql(ENROLL_WITH_PASSWORD, { password: 'not the password' }, bearer(payload.accessToken))
    expect(codeOf(wrong.body)).toBe('INVALID_CREDENTIALS')
    const withPassword = await ctx.gql(ENROLL_WITH_PASSWORD, { password: PASSWORD }, bearer(payload.accessToken))
    expect(withPassword.body.data?.enrollTotp.secret).toMatch(/^[A-Z2-7]{32}$/)

    const again = (await ctx.gql(SIGN_IN, { email, password: PASSWORD })).body.data!.signIn as { accessToken: string }
    expect((await ctx.gql(ENROLL, {}, bearer(again.accessToken))).body.data?.enrollTotp.secret).toMatch(/^[A-Z2-7]{32}$/)
  })

  it('a passkey on a stale session needs the password or a current code; a session opened by verifyMfa is fresh', async () => {
    const email = uniqueEmail('fresh-passkey')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const { secret } = await enableTotp(ctx.gql, payload.accessToken, stepOf(T0))
    const later = T0 + (WINDOW + 31) * 1000
    vi.setSystemTime(later)

    expect(codeOf((await ctx.gql(PASSKEY_OPTIONS, {}, bearer(payload.accessToken))).body)).toBe('REAUTHENTICATION_REQUIRED')
    expect(codeOf((await ctx.gql(PASSKEY_OPTIONS, { code: '000000' }, bearer(payload.accessToken))).body)).toBe('CODE_INVALID')
    const withCode = await ctx.gql(PASSKEY_OPTIONS, { code: totpAt(secret, stepOf(later)) }, bearer(payload.accessToken))
    expect(withCode.body.data?.passkeyRegistrationOptions.challenge).toEqual(expect.any(String))
    const withPassword = await ctx.gql(PASSKEY_OPTIONS, { password: PASSWORD }, bearer(payload.accessToken))
    expect(withPassword.body.data?.passkeyRegistrationOptions.challenge).toEqual(expect.any(String))

    const { ticket } = await ticketFor(ctx.gql, email, PASSWORD)
    const next = T0 + (WINDOW + 61) * 1000
    vi.setSystemTime(next)
    const verified = await ctx.gql(VERIFY, { ticket, code: totpAt(secret, stepOf(next)) })
    const session = verified.body.data!.verifyMfa as { accessToken: string }
    expect((await ctx.gql(PASSKEY_OPTIONS, {}, bearer(session.accessToken))).body.data?.passkeyRegistrationOptions.challenge).toEqual(expect.any(String))
  })

  it('a code cannot stand in for the password of an account without TOTP', async () => {
    const { payload } = await register(ctx.gql, { email: uniqueEmail('fresh-code'), password: PASSWORD })
    vi.setSystemTime(T0 + (WINDOW + 1) * 1000)
    const answer = await ctx.gql(PASSKEY_OPTIONS, { code: '123456' }, bearer(payload.accessToken))
    expect(codeOf(answer.body)).toBe('BAD_USER_INPUT')
    expect(answer.body.errors?.[0]?.extensions.field).toBe('code')
  })
})
