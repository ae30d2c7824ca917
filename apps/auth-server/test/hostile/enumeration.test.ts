import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appWith, type AppContext } from '../support/app-context.js'
import { SIGN_IN, SIGN_UP, lastMailTo, uniqueEmail } from '../support/graphql-client.js'

const RESEND = 'mutation ($email: String!) { resendVerificationCode(email: $email) }'
const REQUEST_RESET = 'mutation ($email: String!) { requestPasswordReset(email: $email) }'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('no account enumeration', () => {
  let ctx: AppContext
  // A real (if low) bcrypt cost, the same for the stored hash and the decoy, so compare time dominates the answer.
  beforeAll(async () => { ctx = await appWith({ BCRYPT_COST: '8', SIGNIN_LIMIT_PER_ACCOUNT: '1000', SIGNIN_LIMIT_PER_IP: '100000' }) })
  afterAll(async () => { await ctx.app.close() })

  it('answers signUp with a taken address exactly as a new one, mails the owner and changes nothing', async () => {
    const email = uniqueEmail()
    const fresh = await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
    const taken = await ctx.gql(SIGN_UP, { email, password: 'attacker pass' })
    expect(taken.response.statusCode).toBe(fresh.response.statusCode)
    expect(taken.body).toEqual(fresh.body)
    expect(taken.body).toEqual({ data: { signUp: true } })
    expect(lastMailTo(ctx.mailer.outbox, email).subject).toBe('Someone tried to sign up with your address')
    expect((await ctx.gql(SIGN_IN, { email, password: 'attacker pass' })).body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
    expect((await ctx.gql(SIGN_IN, { email, password: 'correct horse' })).body.data!.signIn.user.email).toBe(email)
  })

  it('answers requestPasswordReset and resendVerificationCode identically for known and unknown addresses', async () => {
    const known = uniqueEmail()
    await ctx.gql(SIGN_UP, { email: known, password: 'correct horse' })
    for (const query of [RESEND, REQUEST_RESET]) {
      const a = await ctx.gql(query, { email: known })
      const b = await ctx.gql(query, { email: uniqueEmail('nobody') })
      expect(a.response.statusCode).toBe(b.response.statusCode)
      expect(a.body).toEqual(b.body)
    }
  })

  it('takes as long to refuse an unknown address as a wrong password (median ratio over 20 tries each ≥ 0.6)', async () => {
    const known = uniqueEmail()
    await ctx.gql(SIGN_UP, { email: known, password: 'correct horse' })
    const time = async (email: string) => {
      const start = process.hrtime.bigint()
      const { body } = await ctx.gql(SIGN_IN, { email, password: 'wrong horse' })
      expect(body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
      return Number(process.hrtime.bigint() - start) / 1e6
    }
    await time(uniqueEmail('warm-up'))
    const unknown: number[] = []
    const wrong: number[] = []
    // Interleaved, so load from elsewhere on the machine hits both series alike; medians ignore the outliers.
    for (let i = 0; i < 20; i++) {
      unknown.push(await time(uniqueEmail('nobody')))
      wrong.push(await time(known))
    }
    const ratio = median(unknown) / median(wrong)
    console.info(`signIn median ms: unknown ${median(unknown).toFixed(1)}, wrong password ${median(wrong).toFixed(1)}, ratio ${ratio.toFixed(2)}`)
    expect(ratio).toBeGreaterThanOrEqual(0.6)
  })
})
