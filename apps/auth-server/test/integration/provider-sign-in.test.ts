// Sign-in with identity providers over real HTTP: the auth-server listens on a port, a real OpenID provider
// (`oidc-provider`) and a GitHub-style OAuth 2.0 server run as processes of their own, and a cookie-keeping walker
// plays the browser (signInWithProvider's URL → the provider's login page → the callback → redirectTo?code=… →
// exchangeProviderCode). Then the hostile cases: state mismatched, missing or reused, the provider's code replayed,
// the ID token tampered by the provider's test knob (replayed nonce, other issuer, other audience, azp, expired,
// alg none), e-mails that match an existing account, redirects outside the allowed list, a provider that is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@openmotion/test-services'
import type { AppInstance } from '@openmotion/common'
import { appWith } from '../support/app-context.js'
import { PAYLOAD, SIGN_IN, SIGN_UP, uniqueEmail } from '../support/graphql-client.js'
import { claimsOf, enableTotp, VERIFY } from '../support/mfa-helpers.js'
import { totpAt } from '../support/rfc6238.js'
import { HttpWalker, startGithubServer, startOidcProvider, type ProviderProcess } from '../support/providers/provider-processes.js'

type GqlData = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
interface Gql { status: number, data: GqlData | null, errors?: Array<{ message: string, extensions: Record<string, unknown> }> }

const ADMIN = { email: 'root-admin@example.test', password: 'admin password long enough' }
const SECRET = 'test client secret'
const START = 'mutation ($p: String!, $r: String!) { signInWithProvider(provider: $p, redirectTo: $r) }'
const LINK = 'mutation ($p: String!, $r: String!) { linkProvider(provider: $p, redirectTo: $r) }'
const EXCHANGE = `mutation ($c: String!) { exchangeProviderCode(code: $c) { ${PAYLOAD} } }`
const IDENTITIES = 'query { identities { id provider subject email createdAt lastUsedAt } }'

describe('sign-in with identity providers over real HTTP', () => {
  let oidc: ProviderProcess
  let github: ProviderProcess
  let app: AppInstance
  let api: string
  const done = 'http://localhost:5173/auth/done'

  const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string, walker?: HttpWalker): Promise<Gql> => {
    const headers = { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) }
    const init = { method: 'POST', headers, body: JSON.stringify({ query, variables }) }
    const response = walker === undefined ? await fetch(`${api}/graphql`, init) : await walker.get(`${api}/graphql`, init)
    return { status: response.status, ...await response.json() as Omit<Gql, 'status'> }
  }
  const codeOf = (body: Gql) => body.errors?.[0]?.extensions.code

  /** Starts a sign-in in `walker`'s browser and walks the provider's pages to the callback URL (not yet opened). */
  const toCallback = async (walker: HttpWalker, provider: string, login?: { email: string, unverified?: boolean, amr?: string }, query = START) => {
    const started = await gql(query, { p: provider, r: done }, undefined, walker)
    const url = started.data![query === START ? 'signInWithProvider' : 'linkProvider'] as string
    return { authorizationUrl: new URL(url), callback: await walker.walk(url, `${api}/auth/providers/`, login) }
  }
  /** Opens the callback in the walker; resolves the redirect's parameters (code, linked or error). */
  const land = async (walker: HttpWalker, callback: string) => {
    const response = await walker.get(callback)
    expect(response.status, await response.clone().text()).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(done)
    return location.searchParams
  }
  const signInWith = async (provider: string, login?: { email: string, unverified?: boolean, amr?: string }) => {
    const walker = new HttpWalker()
    const { callback } = await toCallback(walker, provider, login)
    const back = await land(walker, callback)
    expect(back.get('error')).toBeNull()
    return await gql(EXCHANGE, { c: back.get('code') })
  }

  beforeAll(async () => {
    const port = await freePort()
    api = `http://localhost:${port}`
    const callbackOf = (name: string) => `${api}/auth/providers/${name}/callback`
    oidc = await startOidcProvider(() => [{ client_id: 'auth-server', client_secret: SECRET, redirect_uris: [callbackOf('test-idp')] }])
    github = await startGithubServer({ client_id: 'gh-client', client_secret: SECRET, redirect_uri: callbackOf('github') })
    const providers = [
      { name: 'test-idp', kind: 'oidc', label: 'Test IdP', issuer: oidc.url, clientId: 'auth-server', clientSecret: SECRET, redirects: [done] },
      {
        name: 'github',
        kind: 'github',
        clientId: 'gh-client',
        clientSecret: SECRET,
        redirects: [done],
        authorizationUrl: `${github.url}/login/oauth/authorize`,
        tokenUrl: `${github.url}/login/oauth/access_token`,
        apiUrl: github.url
      },
      // Nothing listens there: the provider that is down.
      { name: 'down', kind: 'oidc', issuer: `http://localhost:${await freePort()}`, clientId: 'x', clientSecret: SECRET, redirects: [done] }
    ]
    ;({ app } = await appWith({
      AUTH_PROVIDERS: JSON.stringify(providers),
      AUTH_PUBLIC_URL: api,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DOCUMENT_STORE: 'sql',
      DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/provider-sign-in-${port}`,
      SIGNIN_LIMIT_PER_IP: '1000',
      CODE_LIMIT_PER_IP: '1000',
      SIGNUP_LIMIT_PER_IP: '1000'
    }))
    await app.listen({ port, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app?.close()
    await oidc?.stop()
    await github?.stop()
  })

  it('lists the configured providers for sign-in buttons, without authentication', async () => {
    const body = await gql('query { authProviders { name label kind } }')
    expect(body.data?.authProviders).toEqual([
      { name: 'test-idp', label: 'Test IdP', kind: 'oidc' }, { name: 'github', label: 'github', kind: 'github' }, { name: 'down', label: 'down', kind: 'oidc' }
    ])
  })

  it('signs a new person in with OpenID Connect: code flow with PKCE S256, a state and a nonce; amr fed', async () => {
    const email = uniqueEmail('oidc')
    const walker = new HttpWalker()
    const { authorizationUrl, callback } = await toCallback(walker, 'test-idp', { email })
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorizationUrl.searchParams.get('response_type')).toBe('code')
    expect(authorizationUrl.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
    expect(authorizationUrl.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${api}/auth/providers/test-idp/callback`)
    const back = await land(walker, callback)
    expect([...back.keys()]).toEqual(['code'])
    const session = await gql(EXCHANGE, { c: back.get('code') })
    expect(session.errors).toBeUndefined()
    const payload = session.data!.exchangeProviderCode
    expect(payload.user).toMatchObject({ email, emailVerified: true, hasPassword: false, role: 'user' })
    expect(claimsOf(payload.accessToken as string).amr).toEqual(['fed'])
    const identities = (await gql(IDENTITIES, {}, payload.accessToken as string)).data!.identities
    expect(identities).toMatchObject([{ provider: 'test-idp', email }])
    // The same person again: the same account, no second one.
    const again = await signInWith('test-idp', { email })
    expect(again.data!.exchangeProviderCode.user.id).toBe(payload.user.id)
  })

  it('carries the provider\'s own amr into the session when the ID token has one', async () => {
    const session = await signInWith('test-idp', { email: uniqueEmail('amr'), amr: 'pwd otp' })
    expect(claimsOf(session.data!.exchangeProviderCode.accessToken as string).amr).toEqual(['pwd', 'otp'])
  })

  it('signs in with the GitHub-style OAuth 2.0 server: the verified primary address, the numeric id as subject', async () => {
    const email = uniqueEmail('gh')
    await github.post('/__test/user', { id: 4242, login: 'mona', email: null, emails: [{ email: 'other@example.test', primary: false, verified: true }, { email, primary: true, verified: true }] })
    const session = await signInWith('github')
    expect(session.errors).toBeUndefined()
    const payload = session.data!.exchangeProviderCode
    expect(payload.user.email).toBe(email)
    expect((await gql(IDENTITIES, {}, payload.accessToken as string)).data!.identities).toMatchObject([{ provider: 'github', subject: '4242', email }])
  })

  it('an account with a second factor still gets MFA_REQUIRED and a ticket; verifyMfa opens the session with fed, otp, mfa', async () => {
    const email = uniqueEmail('mfa')
    const first = (await signInWith('test-idp', { email })).data!.exchangeProviderCode
    const step = Math.floor(Date.now() / 30_000)
    const gqlInject = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      const body = await gql(query, variables, headers.authorization?.slice(7))
      return { response: undefined as never, body: { data: body.data, errors: body.errors as never } }
    }
    const { secret } = await enableTotp(gqlInject, first.accessToken as string, step)
    const second = await signInWith('test-idp', { email })
    expect(codeOf(second)).toBe('MFA_REQUIRED')
    expect(second.errors![0]!.extensions.factors).toEqual(['totp', 'recovery_code'])
    const verified = await gql(VERIFY, { ticket: second.errors![0]!.extensions.ticket, code: totpAt(secret, step + 1) })
    expect(verified.errors).toBeUndefined()
    expect(claimsOf(verified.data!.verifyMfa.accessToken as string).amr).toEqual(['fed', 'otp', 'mfa'])
  })

  describe('accounts', () => {
    const password = 'a password for linking'
    const passwordAccount = async (email: string) => {
      expect((await gql(SIGN_UP, { email, password })).data?.signUp).toBe(true)
      return (await gql(SIGN_IN, { email, password })).data!.signIn
    }

    it('never links silently: a verified e-mail of an existing account answers ACCOUNT_EXISTS; linkProvider while signed in links it', async () => {
      const email = uniqueEmail('link')
      const account = await passwordAccount(email)
      expect(codeOf(await signInWith('test-idp', { email }))).toBe('ACCOUNT_EXISTS')
      expect((await gql(IDENTITIES, {}, account.accessToken as string)).data!.identities).toEqual([])

      const walker = new HttpWalker()
      const started = await gql(LINK, { p: 'test-idp', r: done }, account.accessToken as string, walker)
      const back = await land(walker, await walker.walk(started.data!.linkProvider as string, `${api}/auth/providers/`, { email }))
      expect(back.get('linked')).toBe('test-idp')
      expect((await gql(IDENTITIES, {}, account.accessToken as string)).data!.identities).toMatchObject([{ provider: 'test-idp', email }])
      const viaProvider = await signInWith('test-idp', { email })
      expect(viaProvider.data!.exchangeProviderCode.user.id).toBe(account.user.id)
    })

    it('an unverified e-mail that matches an existing account opens nothing and links nothing', async () => {
      const email = uniqueEmail('unverified')
      const account = await passwordAccount(email)
      const attempt = await signInWith('test-idp', { email, unverified: true })
      expect(codeOf(attempt)).toBe('EMAIL_NOT_VERIFIED')
      expect(attempt.data).toBeNull()
      expect((await gql(IDENTITIES, {}, account.accessToken as string)).data!.identities).toEqual([])
      // Nor can the owner link an identity whose address the provider does not vouch for.
      const walker = new HttpWalker()
      const started = await gql(LINK, { p: 'test-idp', r: done }, account.accessToken as string, walker)
      const back = await land(walker, await walker.walk(started.data!.linkProvider as string, `${api}/auth/providers/`, { email, unverified: true }))
      expect(back.get('error')).toBe('EMAIL_NOT_VERIFIED')
      expect((await gql(IDENTITIES, {}, account.accessToken as string)).data!.identities).toEqual([])
    })

    it('unlinkProvider refuses to remove the last way to sign in; after setPassword it unlinks, audited', async () => {
      const session = (await signInWith('test-idp', { email: uniqueEmail('unlink') })).data!.exchangeProviderCode
      const token = session.accessToken as string
      const refused = await gql('mutation { unlinkProvider(provider: "test-idp") }', {}, token)
      expect(codeOf(refused)).toBe('LAST_SIGN_IN_METHOD')
      expect((await gql('mutation ($p: String!) { setPassword(password: $p) }', { p: password }, token)).data?.setPassword).toBe(true)
      expect((await gql('mutation { unlinkProvider(provider: "test-idp") }', {}, token)).data?.unlinkProvider).toBe(true)
      expect((await gql(IDENTITIES, {}, token)).data!.identities).toEqual([])
      const admin = (await gql(SIGN_IN, ADMIN)).data!.signIn.accessToken as string
      const events = await gql('query ($u: ID!) { auditEvents(filter: { userId: $u }) { events { type detail } } }', { u: session.user.id }, admin)
      const types = (events.data!.auditEvents.events as Array<{ type: string }>).map((e) => e.type)
      expect(types).toEqual(expect.arrayContaining(['identity_linked', 'identity_unlinked', 'signed_up', 'sign_in_succeeded']))
    })

    it('an admin lists an account\'s identities and removes one; a non-admin may not', async () => {
      const session = (await signInWith('github')).data!.exchangeProviderCode
      const admin = (await gql(SIGN_IN, ADMIN)).data!.signIn.accessToken as string
      const listed = await gql('query ($u: ID!) { userIdentities(userId: $u) { id provider } }', { u: session.user.id }, admin)
      const [identity] = listed.data!.userIdentities as Array<{ id: string, provider: string }>
      expect(identity!.provider).toBe('github')
      expect(codeOf(await gql('mutation ($id: ID!) { removeUserIdentity(id: $id) }', { id: identity!.id }, session.accessToken as string))).toBe('FORBIDDEN')
      expect((await gql('mutation ($id: ID!) { removeUserIdentity(id: $id) }', { id: identity!.id }, admin)).data?.removeUserIdentity).toBe(true)
      expect((await gql(IDENTITIES, {}, session.accessToken as string)).data!.identities).toEqual([])
    })

    it('a pending invitation for the address gives the new account its role, and is accepted', async () => {
      const email = uniqueEmail('invited')
      const admin = (await gql(SIGN_IN, ADMIN)).data!.signIn.accessToken as string
      await gql('mutation ($e: String!) { inviteUser(email: $e, role: "admin") { id } }', { e: email }, admin)
      const session = await signInWith('test-idp', { email })
      expect(session.data!.exchangeProviderCode.user.role).toBe('admin')
      const invitations = (await gql('query { invitations { email status } }', {}, admin)).data!.invitations as Array<{ email: string, status: string }>
      expect(invitations.find((i) => i.email === email)?.status).toBe('accepted')
    })

    it('GitHub with no verified primary address opens no account', async () => {
      await github.post('/__test/user', { id: 777, login: 'nobody', email: 'public@example.test', emails: [] })
      expect(codeOf(await signInWith('github'))).toBe('EMAIL_NOT_VERIFIED')
    })
  })

  describe('hostile callbacks and tokens', () => {
    /** A rejected callback: no redirect (no place to trust), the shared error shape with PROVIDER_REJECTED. */
    const expectRejectedCallback = async (walker: HttpWalker, callback: string) => {
      const response = await walker.get(callback)
      expect(response.status).toBe(401)
      expect(response.headers.get('location')).toBeNull()
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PROVIDER_REJECTED')
    }
    /** A sign-in whose ID token the provider's knob rewrites: the callback returns with error=PROVIDER_REJECTED, no code. */
    const withTamperedToken = async (claims: Record<string, unknown>, alg?: 'none') => {
      const walker = new HttpWalker()
      const { callback } = await toCallback(walker, 'test-idp', { email: uniqueEmail('tamper') })
      await oidc.post('/__test/tamper', { claims, alg })
      const back = await land(walker, callback)
      expect(back.get('code')).toBeNull()
      return back.get('error')
    }
    const now = () => Math.floor(Date.now() / 1000)

    it('refuses a callback whose state is not the one this browser started (login CSRF), or with no flow cookie', async () => {
      const victim = new HttpWalker()
      const attacker = new HttpWalker()
      await gql(START, { p: 'test-idp', r: done }, undefined, victim)
      const { callback } = await toCallback(attacker, 'test-idp', { email: uniqueEmail('csrf') })
      await expectRejectedCallback(victim, callback)
      await expectRejectedCallback(new HttpWalker(), callback)
      // A forged cookie: the attacker's state, signed by no one.
      const forger = new HttpWalker()
      forger.cookies.set('provider_flow', `${new URL(callback).searchParams.get('state')}.forged`)
      await expectRejectedCallback(forger, callback)
    })

    it('refuses a state used twice: the same callback replayed with its cookie', async () => {
      const walker = new HttpWalker()
      const { callback } = await toCallback(walker, 'test-idp', { email: uniqueEmail('replay') })
      const cookie = walker.cookies.get('provider_flow')!
      expect((await land(walker, callback)).get('code')).not.toBeNull()
      walker.cookies.set('provider_flow', cookie)
      await expectRejectedCallback(walker, callback)
    })

    it('refuses the provider\'s authorization code replayed into another sign-in', async () => {
      const first = new HttpWalker()
      const { callback } = await toCallback(first, 'test-idp', { email: uniqueEmail('code') })
      expect((await land(first, callback)).get('code')).not.toBeNull()
      // The attacker starts a flow of their own and feeds it the code already redeemed.
      const second = new HttpWalker()
      const { callback: own } = await toCallback(second, 'test-idp', { email: uniqueEmail('code2') })
      const replayed = new URL(own)
      replayed.searchParams.set('code', new URL(callback).searchParams.get('code')!)
      expect((await land(second, replayed.href)).get('error')).toBe('PROVIDER_REJECTED')
    })

    it('the untampered knob path signs in: each refusal below is the tampered claim\'s doing', async () => {
      const walker = new HttpWalker()
      const { callback } = await toCallback(walker, 'test-idp', { email: uniqueEmail('knob') })
      await oidc.post('/__test/tamper', { claims: {} })
      expect((await land(walker, callback)).get('code')).not.toBeNull()
    })

    it('exchangeProviderCode takes each code once', async () => {
      const walker = new HttpWalker()
      const back = await land(walker, (await toCallback(walker, 'test-idp', { email: uniqueEmail('once') })).callback)
      expect((await gql(EXCHANGE, { c: back.get('code') })).errors).toBeUndefined()
      expect(codeOf(await gql(EXCHANGE, { c: back.get('code') }))).toBe('CODE_INVALID')
    })

    it('refuses an ID token carrying the nonce of an earlier sign-in', async () => {
      const earlier = new URL((await gql(START, { p: 'test-idp', r: done })).data!.signInWithProvider as string).searchParams.get('nonce')
      expect(await withTamperedToken({ nonce: earlier })).toBe('PROVIDER_REJECTED')
    })

    it('refuses an ID token from another issuer', async () => {
      expect(await withTamperedToken({ iss: 'http://localhost:1/elsewhere' })).toBe('PROVIDER_REJECTED')
    })

    it('refuses an ID token for another audience, or for several without azp naming this client', async () => {
      expect(await withTamperedToken({ aud: 'another-client' })).toBe('PROVIDER_REJECTED')
      expect(await withTamperedToken({ aud: ['auth-server', 'another-client'] })).toBe('PROVIDER_REJECTED')
      expect(await withTamperedToken({ aud: ['auth-server', 'another-client'], azp: 'another-client' })).toBe('PROVIDER_REJECTED')
    })

    it('refuses an expired ID token', async () => {
      expect(await withTamperedToken({ exp: now() - 3600, iat: now() - 7200 })).toBe('PROVIDER_REJECTED')
    })

    it('refuses an unsigned ID token (alg none)', async () => {
      expect(await withTamperedToken({}, 'none')).toBe('PROVIDER_REJECTED')
    })

    it('refuses a redirectTo outside the provider\'s allowed list (open redirect)', async () => {
      for (const r of ['https://evil.example/auth/done', 'http://localhost:5173/auth/done/../../evil', 'http://localhost:5173/auth/done@evil.example', '//evil.example', 'javascript:alert(1)']) {
        const body = await gql(START, { p: 'test-idp', r })
        expect(codeOf(body), r).toBe('BAD_USER_INPUT')
        expect(body.errors![0]!.extensions.field).toBe('redirectTo')
      }
      expect(codeOf(await gql(START, { p: 'nope', r: done }))).toBe('BAD_USER_INPUT')
    })

    it('a provider that is down answers 503 SERVICE_UNAVAILABLE, never a 500', async () => {
      const body = await gql(START, { p: 'down', r: done })
      expect(body.status).toBe(503)
      expect(codeOf(body)).toBe('SERVICE_UNAVAILABLE')
    })

    // Last: it stops the GitHub-style server.
    it('a provider that goes down between its login and the code exchange sends the browser back with error=SERVICE_UNAVAILABLE', async () => {
      await github.post('/__test/user', { id: 9, login: 'late', email: null, emails: [{ email: uniqueEmail('late'), primary: true, verified: true }] })
      const walker = new HttpWalker()
      const { callback } = await toCallback(walker, 'github')
      await github.stop()
      expect((await land(walker, callback)).get('error')).toBe('SERVICE_UNAVAILABLE')
    })
  })
})
