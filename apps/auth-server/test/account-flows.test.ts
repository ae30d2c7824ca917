import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { authConfig, buildApp, createLogMailer, type OutboxMailer } from '../src/app.js'
import { SIGN_IN, SIGN_UP, REFRESH, codeIn, gqlClient, lastMailTo, register, tokenIn, uniqueEmail } from './support/graphql-client.js'
import { createLogger } from '@openmotion/common'

const logger = createLogger({ name: 'auth-test', level: 'silent' })
const VERIFY = 'mutation ($email: String!, $code: String!) { verifyEmail(email: $email, code: $code) { email emailVerified } }'
const RESEND = 'mutation ($email: String!) { resendVerificationCode(email: $email) }'
const REQUEST_RESET = 'mutation ($email: String!) { requestPasswordReset(email: $email) }'
const RESET = 'mutation ($email: String!, $code: String!, $p: String!) { resetPassword(email: $email, code: $code, newPassword: $p) }'

async function appWith (env: Record<string, string>) {
  const mailer: OutboxMailer = createLogMailer(logger, { production: false })
  const app = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DOCUMENT_STORE: 'memory', BCRYPT_COST: '4', ...env }), { mailer, logger })
  return { app, mailer, gql: gqlClient(app) }
}

afterEach(() => { vi.useRealTimers() })

describe('e-mail verification', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => { ctx = await appWith({ REQUIRE_EMAIL_VERIFICATION: 'true' }) })
  afterAll(async () => { await ctx.app.close() })

  it('mails a 6-digit code at sign-up, refuses sign-in until it is verified, then signs in with email_verified tokens', async () => {
    const email = uniqueEmail()
    expect((await ctx.gql(SIGN_UP, { email, password: 'correct horse' })).body.data!.signUp).toBe(true)
    const mail = lastMailTo(ctx.mailer.outbox, email)
    expect(mail.html).toContain(codeIn(mail))
    expect((await ctx.gql(SIGN_IN, { email, password: 'correct horse' })).body.errors?.[0]?.extensions.code).toBe('EMAIL_NOT_VERIFIED')
    expect((await ctx.gql(VERIFY, { email, code: codeIn(mail) })).body.data!.verifyEmail).toEqual({ email, emailVerified: true })
    expect((await ctx.gql(SIGN_IN, { email, password: 'correct horse' })).body.data!.signIn.user.emailVerified).toBe(true)
    // The code is single use.
    expect((await ctx.gql(VERIFY, { email, code: codeIn(mail) })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
  })

  it('burns the code after five wrong tries and says how many are left before that', async () => {
    const email = uniqueEmail()
    await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
    const code = codeIn(lastMailTo(ctx.mailer.outbox, email))
    const wrong = code === '000000' ? '111111' : '000000'
    const first = (await ctx.gql(VERIFY, { email, code: wrong })).body.errors![0]!
    expect(first.extensions).toMatchObject({ code: 'CODE_INVALID', attemptsLeft: 4 })
    for (let i = 0; i < 4; i++) await ctx.gql(VERIFY, { email, code: wrong })
    expect((await ctx.gql(VERIFY, { email, code })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
  })

  it('expires codes after 15 minutes with CODE_EXPIRED, and a resent code works', async () => {
    const email = uniqueEmail()
    await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
    const code = codeIn(lastMailTo(ctx.mailer.outbox, email))
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000)
    expect((await ctx.gql(VERIFY, { email, code })).body.errors?.[0]?.extensions.code).toBe('CODE_EXPIRED')
    expect((await ctx.gql(RESEND, { email })).body.data!.resendVerificationCode).toBe(true)
    const fresh = codeIn(lastMailTo(ctx.mailer.outbox, email))
    expect((await ctx.gql(VERIFY, { email, code: fresh })).body.data!.verifyEmail.emailVerified).toBe(true)
  })

  it('answers resendVerificationCode with true for unknown addresses without mailing anyone', async () => {
    const before = ctx.mailer.outbox.length
    expect((await ctx.gql(RESEND, { email: uniqueEmail('nobody') })).body.data!.resendVerificationCode).toBe(true)
    expect(ctx.mailer.outbox.length).toBe(before)
  })
})

describe('password reset', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => { ctx = await appWith({ RESET_LIMIT_PER_EMAIL: '2', RESET_LIMIT_PER_IP: '50', RESET_LIMIT_WINDOW: '3600' }) })
  afterAll(async () => { await ctx.app.close() })

  it('resets with the mailed code, verifies the address, revokes every session and accepts the new password only', async () => {
    const email = uniqueEmail()
    const session = (await register(ctx.gql, { email, password: 'correct horse' })).payload
    expect((await ctx.gql(REQUEST_RESET, { email })).body.data!.requestPasswordReset).toBe(true)
    const mail = lastMailTo(ctx.mailer.outbox, email)
    expect(mail.subject).toBe('Reset your password')
    expect((await ctx.gql(RESET, { email, code: codeIn(mail), p: 'battery staple' })).body.data!.resetPassword).toBe(true)
    expect((await ctx.gql('{ me { id } }', {}, { authorization: `Bearer ${session.accessToken}` })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await ctx.gql(REFRESH, { t: session.refreshToken })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await ctx.gql(SIGN_IN, { email, password: 'correct horse' })).body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
    expect((await ctx.gql(SIGN_IN, { email, password: 'battery staple' })).body.data!.signIn.user.emailVerified).toBe(true)
    expect((await ctx.gql(RESET, { email, code: codeIn(mail), p: 'another pass' })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
  })

  it('answers true for unknown addresses, and rate limits per address with retryAfter, recovering after the window', async () => {
    const unknown = uniqueEmail('ghost')
    const before = ctx.mailer.outbox.length
    expect((await ctx.gql(REQUEST_RESET, { email: unknown })).body.data!.requestPasswordReset).toBe(true)
    expect(ctx.mailer.outbox.length).toBe(before)
    const email = uniqueEmail()
    await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
    await ctx.gql(REQUEST_RESET, { email })
    await ctx.gql(REQUEST_RESET, { email })
    const limited = (await ctx.gql(REQUEST_RESET, { email })).body.errors![0]!
    expect(limited.extensions.code).toBe('RATE_LIMITED')
    expect(limited.extensions.retryAfter).toBeGreaterThan(3000)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 3601_000)
    expect((await ctx.gql(REQUEST_RESET, { email })).body.data!.requestPasswordReset).toBe(true)
  })

  it('refuses a new password over 72 bytes instead of truncating it', async () => {
    const email = uniqueEmail()
    await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
    await ctx.gql(REQUEST_RESET, { email })
    const code = codeIn(lastMailTo(ctx.mailer.outbox, email))
    const error = (await ctx.gql(RESET, { email, code, p: 'é'.repeat(40) })).body.errors![0]!
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' })
  })
})

describe('sign-in rate limits', () => {
  it('locks an account after the failures allowed per window, unaffected by other accounts, and recovers', async () => {
    const ctx = await appWith({ SIGNIN_LIMIT_PER_ACCOUNT: '3', SIGNIN_LIMIT_PER_IP: '100', SIGNIN_LIMIT_WINDOW: '60' })
    try {
      const email = uniqueEmail()
      const other = uniqueEmail()
      await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
      await ctx.gql(SIGN_UP, { email: other, password: 'correct horse' })
      for (let i = 0; i < 3; i++) { expect((await ctx.gql(SIGN_IN, { email, password: 'wrong horse' })).body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS') }
      const limited = (await ctx.gql(SIGN_IN, { email, password: 'correct horse' })).body.errors![0]!
      expect(limited.extensions).toMatchObject({ code: 'RATE_LIMITED' })
      expect(limited.extensions.retryAfter).toBeGreaterThan(0)
      expect((await ctx.gql(SIGN_IN, { email: other, password: 'correct horse' })).body.data!.signIn.user.email).toBe(other)
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + 61_000)
      expect((await ctx.gql(SIGN_IN, { email, password: 'correct horse' })).body.data!.signIn.user.email).toBe(email)
    } finally { await ctx.app.close() }
  })

  it('limits attempts per client IP across accounts', async () => {
    const ctx = await appWith({ SIGNIN_LIMIT_PER_ACCOUNT: '100', SIGNIN_LIMIT_PER_IP: '2', SIGNIN_LIMIT_WINDOW: '60' })
    try {
      await ctx.gql(SIGN_IN, { email: uniqueEmail(), password: 'whatever1' })
      await ctx.gql(SIGN_IN, { email: uniqueEmail(), password: 'whatever1' })
      expect((await ctx.gql(SIGN_IN, { email: uniqueEmail(), password: 'whatever1' })).body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED')
    } finally { await ctx.app.close() }
  })
})

describe('invitations', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>
  let adminToken: string
  const INVITE =
    'mutation ($email: String!, $role: String, $m: JSON) { inviteUser(email: $email, role: $role, metadata: $m) { id email role status token expiresAt } }'
  const ACCEPT =
    'mutation ($t: String!) { acceptInvitation(token: $t, deviceName: "invitee") { accessToken user { email role emailVerified hasPassword metadata } session { deviceName } } }'
  beforeAll(async () => {
    ctx = await appWith({ ADMIN_EMAIL: 'Root@Example.com' })
    const mail = lastMailTo(ctx.mailer.outbox, 'root@example.com')
    const accepted = (await ctx.gql(ACCEPT, { t: tokenIn(mail) })).body.data!.acceptInvitation
    expect(accepted.user).toMatchObject({ email: 'root@example.com', role: 'admin', hasPassword: false })
    adminToken = accepted.accessToken
  })
  afterAll(async () => { await ctx.app.close() })
  const asAdmin = () => ({ authorization: `Bearer ${adminToken}` })

  it('lets an admin invite; the mailed token signs the invitee in once, verified and passwordless, and setPassword works once', async () => {
    const email = uniqueEmail('invitee')
    const invitation = (await ctx.gql(INVITE, { email, role: 'user', m: { team: 'blue' } }, asAdmin())).body.data!.inviteUser
    expect(invitation).toMatchObject({ email, role: 'user', status: 'pending' })
    expect(tokenIn(lastMailTo(ctx.mailer.outbox, email))).toBe(invitation.token)
    const accepted = (await ctx.gql(ACCEPT, { t: invitation.token })).body.data!.acceptInvitation
    expect(accepted.user).toEqual({ email, role: 'user', emailVerified: true, hasPassword: false, metadata: { team: 'blue' } })
    expect(accepted.session.deviceName).toBe('invitee')
    expect((await ctx.gql(ACCEPT, { t: invitation.token })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    const auth = { authorization: `Bearer ${accepted.accessToken}` }
    expect((await ctx.gql('mutation { setPassword(password: "first password") }', {}, auth)).body.data!.setPassword).toBe(true)
    expect((await ctx.gql('mutation { setPassword(password: "second password") }', {}, auth)).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect((await ctx.gql(SIGN_IN, { email, password: 'first password' })).body.data!.signIn.user.email).toBe(email)
    const listed = (await ctx.gql('{ invitations { email status token } }', {}, asAdmin())).body.data!.invitations
    expect(listed.find((i: { email: string }) => i.email === email)).toEqual({ email, status: 'accepted', token: null })
  })

  it('forbids non-admins, expires invitations after 7 days and revokes pending ones', async () => {
    const user = (await register(ctx.gql, { email: uniqueEmail(), password: 'correct horse' })).payload
    expect((await ctx.gql(INVITE, { email: uniqueEmail() }, { authorization: `Bearer ${user.accessToken}` })).body.errors?.[0]?.extensions.code).toBe(
      'FORBIDDEN'
    )
    expect((await ctx.gql('{ invitations { id } }', {}, { authorization: `Bearer ${user.accessToken}` })).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    const revoked = (await ctx.gql(INVITE, { email: uniqueEmail() }, asAdmin())).body.data!.inviteUser
    expect((await ctx.gql('mutation ($id: ID!) { revokeInvitation(id: $id) }', { id: revoked.id }, asAdmin())).body.data!.revokeInvitation).toBe(true)
    expect((await ctx.gql(ACCEPT, { t: revoked.token })).body.errors?.[0]?.extensions.code).toBe('CODE_INVALID')
    const expiring = (await ctx.gql(INVITE, { email: uniqueEmail() }, asAdmin())).body.data!.inviteUser
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 7 * 86_400_000 + 1000)
    expect((await ctx.gql(ACCEPT, { t: expiring.token })).body.errors?.[0]?.extensions.code).toBe('CODE_EXPIRED')
  })

  it('rejects an unknown role and an invitation for an existing account', async () => {
    expect((await ctx.gql(INVITE, { email: uniqueEmail(), role: 'root' }, asAdmin())).body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'role'
    })
    expect((await ctx.gql(INVITE, { email: 'root@example.com' }, asAdmin())).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })
})

describe('query limits and hardening', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => { ctx = await appWith({ GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_DEPTH: '4' }) })
  afterAll(async () => { await ctx.app.close() })

  it('refuses documents with too many aliases or too deep, as BAD_USER_INPUT', async () => {
    const aliased = `mutation { ${[1, 2, 3, 4].map((i) => `a${i}: signIn(email: "x${i}@y.io", password: "p") { accessToken }`).join(' ')} }`
    const { body } = await ctx.gql(aliased)
    expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(body.errors?.[0]?.message).toMatch(/Aliases limit of 3 exceeded/)
    expect((await ctx.gql('{ me { nope } }')).body.errors?.[0]?.message).toMatch(/Cannot query field "nope"/)
    const deep = await ctx.gql('{ me { id } __schema { types { fields { type { ofType { name } } } } } }')
    expect(deep.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })

  it('sends security headers and refuses the refresh cookie from a foreign origin', async () => {
    const email = uniqueEmail()
    const signUp = await register(ctx.gql, { email, password: 'correct horse' })
    expect(signUp.response.headers['x-content-type-options']).toBe('nosniff')
    const token = signUp.payload.refreshToken as string
    const foreign = await ctx.gql(REFRESH, {}, { cookie: `refresh_token=${token}`, origin: 'https://evil.example' })
    expect(foreign.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    const local = await ctx.gql(REFRESH, {}, { cookie: `refresh_token=${token}`, origin: 'http://localhost:5173' })
    expect(local.body.data!.refreshToken.user.email).toBe(email)
  })

  it('hides introspection in production only', async () => {
    expect((await ctx.gql('{ __schema { queryType { name } } }')).body.data!.__schema.queryType.name).toBe('Query')
    const prod = await appWith({ NODE_ENV: 'production', PRIVATE_KEY: '', PUBLIC_KEY: '' }).catch((error: Error) => error)
    expect(prod).toBeInstanceOf(Error)
  })
})
