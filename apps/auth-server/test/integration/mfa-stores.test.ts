// The TOTP flow over a real socket on every store: embedded PGlite with in-memory limits, and PostgreSQL with
// Redis-backed limits. The same code sent on two tickets at once opens one session, not two: the last used step
// is a compare-and-set in the store, which the SQL backends must honour as the memory one does.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, type AppInstance } from '@openmotion/common'
import { describeWithService } from '@openmotion/test-services'
import { authConfig, buildApp, createLogMailer } from '../../src/app.js'
import { PAYLOAD, SIGN_IN, SIGN_UP, uniqueEmail, type GqlBody } from '../support/graphql-client.js'
import { CONFIRM, ENROLL, VERIFY, claimsOf } from '../support/mfa-helpers.js'
import { stepOf, totpAt } from '../support/rfc6238.js'

const logger = createLogger({ name: 'auth-mfa-stores', level: 'silent' })
const PASSWORD = 'stores password 123'

function mfaSuite (name: string, env: () => Record<string, string>) {
  describe(`TOTP over HTTP: ${name}`, () => {
    let app: AppInstance
    let base: string
    beforeAll(async () => {
      app = await buildApp(authConfig.load({
        LOG_LEVEL: 'silent',
        BCRYPT_COST: '4',
        // Per-IP counters live in Redis across runs (every request comes from 127.0.0.1); keep them out of the way.
        MFA_LIMIT_PER_IP: '100000',
        SIGNIN_LIMIT_PER_IP: '100000',
        SIGNUP_LIMIT_PER_IP: '100000',
        ...env()
      }), { mailer: createLogMailer(logger, { production: false }), logger })
      await app.listen({ port: 0, host: '127.0.0.1' })
      base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    })
    afterAll(async () => { await app?.close() })

    const post = async (query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlBody> => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ query, variables })
      })
      return await response.json() as GqlBody
    }
    const ticket = async (email: string) => (await post(SIGN_IN, { email, password: PASSWORD })).errors![0]!.extensions.ticket as string

    it('enrols, signs in with a ticket, opens one session per code even when the code races on two tickets, and spends recovery codes once', async () => {
      const email = uniqueEmail('stores')
      expect((await post(SIGN_UP, { email, password: PASSWORD })).data?.signUp).toBe(true)
      const token = (await post(SIGN_IN, { email, password: PASSWORD })).data!.signIn.accessToken as string
      const secret = (await post(ENROLL, {}, token)).data!.enrollTotp.secret as string
      const step = stepOf(Date.now())
      const codes = (await post(CONFIRM, { code: totpAt(secret, step) }, token)).data!.confirmTotp as string[]
      expect(codes).toHaveLength(10)

      const [first, second] = await Promise.all([ticket(email), ticket(email)])
      const next = totpAt(secret, step + 1)
      const raced = await Promise.all([post(VERIFY, { ticket: first, code: next }), post(VERIFY, { ticket: second, code: next })])
      const opened = raced.filter((b) => b.data?.verifyMfa !== undefined && b.data !== null)
      expect(opened).toHaveLength(1)
      expect(claimsOf(opened[0]!.data!.verifyMfa.accessToken).amr).toEqual(['pwd', 'otp', 'mfa'])
      expect(raced.map((b) => b.errors?.[0]?.extensions.code).filter(Boolean)).toEqual(['CODE_INVALID'])

      const loser = raced[0]!.data === null ? first : second
      const withCode = await post(`mutation ($t: String!, $r: String) { verifyMfa(ticket: $t, recoveryCode: $r) { ${PAYLOAD} } }`, { t: loser, r: codes[3] })
      expect(withCode.data?.verifyMfa.user.email).toBe(email)
      expect((await post(VERIFY, { ticket: await ticket(email), recoveryCode: codes[3] })).errors?.[0]?.extensions.code).toBe('CODE_INVALID')
      expect((await post(VERIFY, { ticket: loser, recoveryCode: codes[4] })).errors?.[0]?.extensions.code).toBe('MFA_TICKET_INVALID')
    })
  })
}

mfaSuite('PGlite', () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-mfa-')) }))

describeWithService('postgres', (url) => {
  describeWithService('redis', (redisUrl) => {
    mfaSuite('PostgreSQL + Redis', () => ({ DATABASE_URL: url, REDIS_URL: redisUrl }))
  })
})
