// Passkey challenges without a browser: what the server refuses before any signature is checked (the browser
// test in integration/ walks the real ceremonies). A hostile client forges clientDataJSON naming a challenge.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { appWith, type AppContext } from './support/app-context.js'
import { SIGN_IN, register, uniqueEmail } from './support/graphql-client.js'
import { bearer } from './support/mfa-helpers.js'

const PASSWORD = 'passkey unit password'
const REGISTER = 'mutation ($r: JSON!) { registerPasskey(response: $r) { id } }'
const SIGN_IN_PASSKEY = 'mutation ($r: JSON!) { signInWithPasskey(response: $r) { accessToken } }'
const forged = (challenge: string, type = 'webauthn.create') => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type, challenge, origin: 'http://localhost:5173' })).toString('base64url'),
    attestationObject: 'AAAA',
    authenticatorData: 'AAAA',
    signature: 'AAAA'
  }
})

describe('passkey challenges', () => {
  let ctx: AppContext
  beforeAll(async () => { ctx = await appWith({}) })
  afterAll(async () => { await ctx.app.close() })
  afterEach(() => { vi.useRealTimers() })

  const failure = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const { body } = await ctx.gql(query, variables, token === undefined ? {} : bearer(token))
    return { code: body.errors?.[0]?.extensions.code, message: body.errors?.[0]?.message ?? '' }
  }

  it('refuses a response with no clientDataJSON, and one naming a challenge never issued', async () => {
    const { payload } = await register(ctx.gql, { email: uniqueEmail('pk'), password: PASSWORD })
    expect(await failure(REGISTER, { r: { id: 'x', response: {} } }, payload.accessToken)).toMatchObject({ code: 'PASSKEY_REJECTED' })
    expect(await failure(SIGN_IN_PASSKEY, { r: forged('A'.repeat(43), 'webauthn.get') })).toMatchObject({
      code: 'PASSKEY_REJECTED', message: expect.stringMatching(/unknown or was already used/)
    })
  })

  it('binds a registration challenge to the session that asked, and burns it on first use', async () => {
    const email = uniqueEmail('bound')
    const { payload } = await register(ctx.gql, { email, password: PASSWORD })
    const other = (await ctx.gql(SIGN_IN, { email, password: PASSWORD })).body.data!.signIn
    const options = (await ctx.gql('mutation { passkeyRegistrationOptions }', {}, bearer(payload.accessToken))).body.data!.passkeyRegistrationOptions
    expect(options).toMatchObject({ rp: { id: 'localhost', name: 'OpenMotion' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } })
    expect(await failure(REGISTER, { r: forged(options.challenge) }, other.accessToken)).toMatchObject({
      code: 'PASSKEY_REJECTED', message: expect.stringMatching(/another ceremony/)
    })
    expect(await failure(REGISTER, { r: forged(options.challenge) }, payload.accessToken)).toMatchObject({
      code: 'PASSKEY_REJECTED', message: expect.stringMatching(/already used/)
    })
  })

  it('refuses an expired challenge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const options = (await ctx.gql('mutation { passkeySignInOptions }')).body.data!.passkeySignInOptions
    expect(options.allowCredentials).toEqual([])
    vi.setSystemTime(Date.now() + 301_000)
    expect(await failure(SIGN_IN_PASSKEY, { r: forged(options.challenge, 'webauthn.get') })).toMatchObject({
      code: 'PASSKEY_REJECTED', message: expect.stringMatching(/expired/)
    })
  })

  it('passkeyMfaOptions refuses a ticket that was never issued', async () => {
    expect(await failure('mutation { passkeyMfaOptions(ticket: "nope") }', {})).toMatchObject({ code: 'MFA_TICKET_INVALID' })
  })
})

describe('passkeySignInOptions', () => {
  it('counts as a sign-in attempt of the client IP, so nobody fills the store with challenges', async () => {
    const ctx = await appWith({ SIGNIN_LIMIT_PER_IP: '3' })
    try {
      const codes = []
      for (let i = 0; i < 4; i++) codes.push((await ctx.gql('mutation { passkeySignInOptions }')).body.errors?.[0]?.extensions.code)
      expect(codes).toEqual([undefined, undefined, undefined, 'RATE_LIMITED'])
    } finally {
      await ctx.app.close()
    }
  })
})
