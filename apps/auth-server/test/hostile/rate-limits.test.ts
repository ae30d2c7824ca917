import { describe, expect, it } from 'vitest'
import { createMemoryDocumentStore } from '../../src/adapters/document-store.js'
import { appWith } from '../support/app-context.js'
import { SIGN_IN, SIGN_UP, codeIn, lastMailTo, register, uniqueEmail } from '../support/graphql-client.js'

const bcryptCompares = async (app: Awaited<ReturnType<typeof appWith>>['app']) =>
  Number(/auth_bcrypt_duration_seconds_count\{app="auth-server",operation="compare"\} (\d+)/.exec((await app.inject('/metrics')).body)?.[1] ?? 0)

describe('atomic attempt limits', () => {
  it('evaluates at most SIGNIN_LIMIT_PER_ACCOUNT of 40 concurrent wrong-password guesses; the rest are RATE_LIMITED with retryAfter', async () => {
    const ctx = await appWith({ SIGNIN_LIMIT_PER_ACCOUNT: '10', SIGNIN_LIMIT_PER_IP: '1000' })
    try {
      const email = uniqueEmail()
      await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
      const before = await bcryptCompares(ctx.app)
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ctx.gql(SIGN_IN, { email, password: `guess number ${i}` })))
      const codes = answers.map((a) => a.body.errors?.[0]?.extensions.code)
      const evaluated = await bcryptCompares(ctx.app) - before
      console.info(
        `40 concurrent guesses, limit 10: ${codes.filter((c) => c === 'INVALID_CREDENTIALS').length} evaluated, ${codes.filter((c) => c === 'RATE_LIMITED').length} refused; bcrypt compares ${evaluated}`
      )
      expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(10)
      expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(30)
      expect(evaluated).toBe(10)
      const limited = answers.find((a) => a.body.errors?.[0]?.extensions.code === 'RATE_LIMITED')!.body.errors![0]!
      expect(limited.extensions.retryAfter).toBeGreaterThan(0)
    } finally { await ctx.app.close() }
  })

  it('counts each aliased signUp of one document separately: 12 aliases create at most SIGNUP_LIMIT_PER_IP accounts', async () => {
    const store = createMemoryDocumentStore()
    const ctx = await appWith({ SIGNUP_LIMIT_PER_IP: '5', GRAPHQL_MAX_ALIASES: '15' }, { store })
    try {
      const emails = Array.from({ length: 12 }, () => uniqueEmail('alias'))
      const document = `mutation { ${emails.map((e, i) => `a${i}: signUp(email: "${e}", password: "correct horse")`).join(' ')} }`
      const { body } = await ctx.gql(document)
      // Mutation fields run one after another; the sixth is refused and, signUp being non-null, ends the document.
      expect(body.errors?.map((e) => e.extensions.code)).toEqual(['RATE_LIMITED'])
      expect(await store.list('users')).toHaveLength(5)
    } finally { await ctx.app.close() }
  })

  it('limits code checks per account (verifyEmail) and per IP (acceptInvitation)', async () => {
    const ctx = await appWith({ CODE_LIMIT_PER_ACCOUNT: '3', CODE_LIMIT_PER_IP: '6', CODE_MAX_ATTEMPTS: '100' })
    try {
      const email = uniqueEmail()
      await ctx.gql(SIGN_UP, { email, password: 'correct horse' })
      const code = codeIn(lastMailTo(ctx.mailer.outbox, email))
      const wrong = code === '000000' ? '111111' : '000000'
      const VERIFY = 'mutation ($e: String!, $c: String!) { verifyEmail(email: $e, code: $c) { id } }'
      const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.gql(VERIFY, { e: email, c: wrong })))
      expect(answers.filter((a) => a.body.errors?.[0]?.extensions.code === 'CODE_INVALID')).toHaveLength(3)
      expect((await ctx.gql(VERIFY, { e: email, c: code })).body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED')
      const ACCEPT = 'mutation ($t: String!) { acceptInvitation(token: $t) { accessToken } }'
      const invitations = await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.gql(ACCEPT, { t: `guess-${i}` })))
      // The IP already spent 6 - 10 of its points on verifyEmail (3 allowed + 7 refused count too): nothing is evaluated.
      expect(invitations.every((a) => a.body.errors?.[0]?.extensions.code === 'RATE_LIMITED')).toBe(true)
    } finally { await ctx.app.close() }
  })

  it('rate limits changePassword with wrong current passwords', async () => {
    const ctx = await appWith({ SIGNIN_LIMIT_PER_ACCOUNT: '3' })
    try {
      const { payload } = await register(ctx.gql, { email: uniqueEmail(), password: 'correct horse' })
      const auth = { authorization: `Bearer ${payload.accessToken}` }
      const CHANGE = 'mutation ($c: String!) { changePassword(currentPassword: $c, newPassword: "battery staple") }'
      const codes = []
      for (let i = 0; i < 5; i++) codes.push((await ctx.gql(CHANGE, { c: `wrong pass ${i}` }, auth)).body.errors?.[0]?.extensions.code)
      expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'RATE_LIMITED', 'RATE_LIMITED'])
    } finally { await ctx.app.close() }
  })

  it('keys per-IP limits on X-Forwarded-For only with TRUST_PROXY', async () => {
    for (const trust of [true, false]) {
      const ctx = await appWith({ TRUST_PROXY: String(trust), SIGNIN_LIMIT_PER_IP: '1', SIGNIN_LIMIT_PER_ACCOUNT: '100' })
      try {
        const from = (ip: string) => ctx.gql(SIGN_IN, { email: uniqueEmail(), password: 'whatever1' }, { 'x-forwarded-for': ip })
        expect((await from('203.0.113.1')).body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
        expect((await from('203.0.113.2')).body.errors?.[0]?.extensions.code).toBe(trust ? 'INVALID_CREDENTIALS' : 'RATE_LIMITED')
      } finally { await ctx.app.close() }
    }
  })
})
