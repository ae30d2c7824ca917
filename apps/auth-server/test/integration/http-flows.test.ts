// Every flow end to end over a real socket: against embedded PGlite with in-memory limits, and against
// PostgreSQL with Redis-backed limits (what a multi-instance deployment runs).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { createLogger, type AppInstance } from '@openmotion/common'
import { describeWithService } from '@openmotion/test-services'
import { authConfig, buildApp, createLogMailer, type OutboxMailer } from '../../src/app.js'
import { codeIn, lastMailTo, tokenIn, uniqueEmail, type GqlBody } from '../support/graphql-client.js'

const logger = createLogger({ name: 'auth-flows', level: 'silent' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function flowSuite (name: string, env: () => Record<string, string>) {
  describe(`auth flows over HTTP: ${name}`, () => {
    let app: AppInstance
    let mailer: OutboxMailer
    let base: string
    const admin = `admin-${Date.now()}@example.com`

    beforeAll(async () => {
      mailer = createLogMailer(logger, { production: false })
      app = await buildApp(authConfig.load({
        LOG_LEVEL: 'silent',
        BCRYPT_COST: '4',
        ADMIN_EMAIL: admin,
        REQUIRE_EMAIL_VERIFICATION: 'true',
        SIGNIN_LIMIT_PER_ACCOUNT: '3',
        // Long enough that 40 concurrent guesses on a busy machine all land in one window.
        SIGNIN_LIMIT_WINDOW: '6',
        RESET_LIMIT_PER_EMAIL: '2',
        RESET_LIMIT_WINDOW: '2',
        REFRESH_GRACE_SECONDS: '1',
        // Per-IP counters live in Redis across runs (every request comes from 127.0.0.1); keep them out of the way.
        SIGNIN_LIMIT_PER_IP: '100000',
        CODE_LIMIT_PER_IP: '100000',
        SIGNUP_LIMIT_PER_IP: '100000',
        RESET_LIMIT_PER_IP: '100000',
        ...env()
      }), { mailer, logger })
      await app.listen({ port: 0, host: '127.0.0.1' })
      base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    })
    afterAll(async () => { await app.close() })

    const post = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables })
      })
      const body = await response.json() as GqlBody
      await app.mailsIdle()
      return { response, body }
    }
    const code = (body: GqlBody) => body.errors?.[0]?.extensions.code
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

    it('signs up, verifies the mailed code, signs in and refreshes through the cookie with reuse detection', async () => {
      const email = uniqueEmail()
      await post('mutation ($e: String!) { signUp(email: $e, password: "correct horse") }', { e: email })
      expect(code((await post('mutation ($e: String!) { signIn(email: $e, password: "correct horse") { accessToken } }', { e: email })).body)).toBe(
        'EMAIL_NOT_VERIFIED'
      )
      const verified = await post('mutation ($e: String!, $c: String!) { verifyEmail(email: $e, code: $c) { emailVerified } }', {
        e: email,
        c: codeIn(lastMailTo(mailer.outbox, email))
      })
      expect(verified.body.data!.verifyEmail.emailVerified).toBe(true)
      const signIn = await post(
        'mutation ($e: String!) { signIn(email: $e, password: "correct horse", deviceName: "phone") { accessToken refreshToken user { id } } }',
        { e: email }
      )
      const cookie = signIn.response.headers.get('set-cookie')!
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/Path=\/graphql/)
      expect(cookie).toMatch(/SameSite=Lax/)
      const rotated = await post('mutation { refreshToken { accessToken refreshToken session { deviceName } } }', {}, { cookie: cookie.split(';')[0]! })
      expect(rotated.body.data!.refreshToken.session.deviceName).toBe('phone')
      const { payload } = await jwtVerify(rotated.body.data!.refreshToken.accessToken, createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`)), {
        algorithms: ['ES512'],
        issuer: 'openmotion-auth',
        audience: 'openmotion'
      })
      expect(payload).toMatchObject({ sub: signIn.body.data!.signIn.user.id, email_verified: true })
      // Within the grace window a second tab presenting the same token gets the same successor...
      const sibling = await post('mutation ($t: String) { refreshToken(refreshToken: $t) { refreshToken } }', { t: signIn.body.data!.signIn.refreshToken })
      expect(sibling.body.data!.refreshToken.refreshToken).toBe(rotated.body.data!.refreshToken.refreshToken)
      // ...after it, the same replay is theft: the session is revoked.
      await sleep(1100)
      expect(
        code((await post('mutation ($t: String) { refreshToken(refreshToken: $t) { accessToken } }', { t: signIn.body.data!.signIn.refreshToken })).body)
      ).toBe('TOKEN_REUSED')
      expect(
        code((await post('mutation ($t: String) { refreshToken(refreshToken: $t) { accessToken } }', { t: rotated.body.data!.refreshToken.refreshToken })).body)
      ).toBe('UNAUTHENTICATED')
    })

    it('rejects a tampered token and an expired one', async () => {
      const email = uniqueEmail()
      await post('mutation ($e: String!) { signUp(email: $e, password: "correct horse") }', { e: email })
      const signUp = await post('mutation ($e: String!, $c: String!) { verifyEmail(email: $e, code: $c) { id } }', {
        e: email,
        c: codeIn(lastMailTo(mailer.outbox, email))
      })
      expect(signUp.body.data!.verifyEmail.id).toBeTypeOf('string')
      const token = (await post('mutation ($e: String!) { signIn(email: $e, password: "correct horse") { accessToken } }', { e: email })).body.data!.signIn
        .accessToken as string
      const [header, claims, signature] = token.split('.') as [string, string, string]
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), role: 'admin' })).toString('base64url')
      expect(code((await post('{ me { id } }', {}, bearer(`${header}.${forged}.${signature}`))).body)).toBe('UNAUTHENTICATED')
      const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`))
      await expect(jwtVerify(token, jwks, { currentDate: new Date(Date.now() + 21 * 60_000) })).rejects.toThrow(/exp/)
    })

    it('resets a password, revoking sessions, and limits reset requests until the window passes', async () => {
      const email = uniqueEmail()
      await post('mutation ($e: String!) { signUp(email: $e, password: "correct horse") }', { e: email })
      await post('mutation ($e: String!) { requestPasswordReset(email: $e) }', { e: email })
      const resetCode = codeIn(lastMailTo(mailer.outbox, email))
      expect(
        (await post('mutation ($e: String!, $c: String!) { resetPassword(email: $e, code: $c, newPassword: "battery staple") }', { e: email, c: resetCode }))
          .body.data!.resetPassword
      ).toBe(true)
      expect(
        (await post('mutation ($e: String!) { signIn(email: $e, password: "battery staple") { user { emailVerified } } }', { e: email })).body.data!.signIn.user
          .emailVerified
      ).toBe(true)
      await post('mutation ($e: String!) { requestPasswordReset(email: $e) }', { e: email })
      const limited = (await post('mutation ($e: String!) { requestPasswordReset(email: $e) }', { e: email })).body
      expect(code(limited)).toBe('RATE_LIMITED')
      await sleep(2100)
      expect((await post('mutation ($e: String!) { requestPasswordReset(email: $e) }', { e: email })).body.data!.requestPasswordReset).toBe(true)
    })

    it('locks sign-in after repeated failures and lets the owner in once the window passes', async () => {
      const email = uniqueEmail()
      await post('mutation ($e: String!) { signUp(email: $e, password: "correct horse") }', { e: email })
      await post('mutation ($e: String!, $c: String!) { verifyEmail(email: $e, code: $c) { id } }', { e: email, c: codeIn(lastMailTo(mailer.outbox, email)) })
      for (let i = 0; i < 3; i++) await post('mutation ($e: String!) { signIn(email: $e, password: "wrong horse") { accessToken } }', { e: email })
      const limited = (await post('mutation ($e: String!) { signIn(email: $e, password: "correct horse") { accessToken } }', { e: email })).body
      expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' })
      await sleep(6100)
      expect(
        (await post('mutation ($e: String!) { signIn(email: $e, password: "correct horse") { accessToken } }', { e: email })).body.data!.signIn.accessToken
      ).toBeTypeOf('string')
    })

    it('evaluates at most SIGNIN_LIMIT_PER_ACCOUNT of 40 concurrent wrong guesses over real sockets', async () => {
      const email = uniqueEmail()
      await post('mutation ($e: String!) { signUp(email: $e, password: "correct horse") }', { e: email })
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
        post('mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { accessToken } }', { e: email, p: `guess number ${i}` })))
      const codes = answers.map((a) => code(a.body))
      expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(3)
      expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(37)
    })

    it('bootstraps the admin from ADMIN_EMAIL, who invites a user who accepts passwordlessly', async () => {
      const adminSession = (
        await post('mutation ($t: String!) { acceptInvitation(token: $t) { accessToken user { role } } }', { t: tokenIn(lastMailTo(mailer.outbox, admin)) })
      ).body.data!.acceptInvitation
      expect(adminSession.user.role).toBe('admin')
      const invitee = uniqueEmail('invitee')
      const invitation = (await post('mutation ($e: String!) { inviteUser(email: $e) { id status } }', { e: invitee }, bearer(adminSession.accessToken))).body
        .data!.inviteUser
      expect(invitation.status).toBe('pending')
      const accepted = (
        await post('mutation ($t: String!) { acceptInvitation(token: $t) { user { email emailVerified hasPassword } } }', {
          t: tokenIn(lastMailTo(mailer.outbox, invitee))
        })
      ).body.data!.acceptInvitation
      expect(accepted.user).toEqual({ email: invitee, emailVerified: true, hasPassword: false })
      const listed = (await post('{ invitations { id status } }', {}, bearer(adminSession.accessToken))).body.data!.invitations
      expect(listed.find((i: { id: string }) => i.id === invitation.id).status).toBe('accepted')
    })
  })
}

flowSuite('embedded PGlite, in-memory limits', () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-flows-')) }))

describeWithService('postgres', (databaseUrl) => {
  describeWithService('redis', (redisUrl) => {
    flowSuite('PostgreSQL, Redis limits', () => ({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl }))
  })
})
