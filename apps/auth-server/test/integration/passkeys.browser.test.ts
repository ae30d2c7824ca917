// Passkeys walked in headless Chromium with a CDP virtual authenticator (CTAP2, internal transport, resident keys,
// user verification): the test page, served by this test on http://localhost, runs @simplewebauthn/browser
// (bundled here with esbuild); the test carries options and responses between the page and the auth server on a
// real socket, as a front end would. Register, sign out, sign in with the passkey alone, then use it as the second
// factor after a password; and the hostile cases: a replayed challenge, another account's credential, a counter
// going backwards, a cloned authenticator used twice at once, a challenge of another ceremony, a deleted passkey.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { build } from 'esbuild'
import type { CDPSession } from 'playwright-core'
import { browserWalk, describeWithService } from '@openmotion/test-services'
import { createMemoryDocumentStore } from '../../src/adapters/document-store.js'
import type { Passkey } from '../../src/domain/mfa-records.js'
import type { DocumentStore } from '../../src/domain/ports.js'
import { appWith, type AppContext } from '../support/app-context.js'
import { PAYLOAD, SIGN_IN, SIGN_UP, uniqueEmail } from '../support/graphql-client.js'
import { VERIFY, claimsOf } from '../support/mfa-helpers.js'

const PASSWORD = 'passkey test password 1'

type GqlData = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
interface Gql { data: GqlData | null, errors?: Array<{ message: string, extensions: Record<string, unknown> }> }
/** What the test page's bundle puts on the window. */
interface PageCeremonies {
  startRegistration: (o: { optionsJSON: unknown }) => Promise<unknown>
  startAuthentication: (o: { optionsJSON: unknown }) => Promise<unknown>
}
const ceremonies = () => (globalThis as unknown as { passkeys: PageCeremonies }).passkeys

describeWithService('chromium', (chromiumPath) => {
  const walk = browserWalk(chromiumPath, { stepTimeoutMs: 20_000, budgetMs: 90_000 })
  let ctx: AppContext
  let store: DocumentStore
  let pageServer: Server
  let cdp: CDPSession
  let api: string

  const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Gql> => {
    const response = await fetch(`${api}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ query, variables })
    })
    return await response.json() as Gql
  }
  const codeOf = (body: Gql) => body.errors?.[0]?.extensions.code
  // The page's ceremonies: @simplewebauthn/browser calls navigator.credentials with the server's options.
  const create = async (optionsJSON: unknown) =>
    await walk.page.evaluate(`(${String(ceremonies)})().startRegistration({ optionsJSON: ${JSON.stringify(optionsJSON)} })`)
  const assert = async (optionsJSON: unknown) =>
    await walk.page.evaluate(`(${String(ceremonies)})().startAuthentication({ optionsJSON: ${JSON.stringify(optionsJSON)} })`)

  const account = async (prefix: string) => {
    const email = uniqueEmail(prefix)
    expect((await gql(SIGN_UP, { email, password: PASSWORD })).data?.signUp).toBe(true)
    const session = (await gql(SIGN_IN, { email, password: PASSWORD })).data!.signIn
    return { email, token: session.accessToken as string, userId: session.user.id as string }
  }
  const addPasskey = async (token: string, name: string): Promise<{ id: string, name: string }> => {
    const options = (await gql('mutation { passkeyRegistrationOptions }', {}, token)).data!.passkeyRegistrationOptions
    const response = await create(options)
    const registered = await gql('mutation ($r: JSON!, $n: String) { registerPasskey(response: $r, name: $n) { id name deviceType backupEligible backedUp transports } }',
      { r: response, n: name }, token)
    expect(registered.errors).toBeUndefined()
    return registered.data!.registerPasskey
  }
  const SIGN_IN_OPTIONS = 'mutation { passkeySignInOptions }'
  const SIGN_IN_PASSKEY = `mutation ($r: JSON!) { signInWithPasskey(response: $r) { ${PAYLOAD} } }`

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: "import { startAuthentication, startRegistration } from '@simplewebauthn/browser'\nwindow.passkeys = { startAuthentication, startRegistration }", resolveDir: import.meta.dirname },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      write: false,
      logLevel: 'silent'
    })
    const script = bundle.outputFiles[0]!.text
    pageServer = createServer((request, response) => {
      if (request.url === '/passkeys.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>passkeys</title><script src="/passkeys.js"></script><p>test page</p>')
    })
    await new Promise<void>((resolve) => { pageServer.listen(0, '127.0.0.1', resolve) })
    const pageOrigin = `http://localhost:${(pageServer.address() as { port: number }).port}`
    store = createMemoryDocumentStore()
    ctx = await appWith({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: pageOrigin, WEBAUTHN_RP_NAME: 'OpenMotion test' }, { store })
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    api = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
    await walk.page.goto(`${pageOrigin}/`)
    await walk.page.waitForFunction("'passkeys' in window")
    cdp = await walk.page.context().newCDPSession(walk.page)
    await cdp.send('WebAuthn.enable')
  })

  // A fresh platform authenticator per test, as a new device would be.
  let authenticatorId: string | undefined
  beforeEach(async () => {
    if (authenticatorId !== undefined) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
    ;({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true }
    }))
  })

  afterAll(async () => {
    await ctx?.app.close()
    await new Promise((resolve) => pageServer?.close(resolve))
  })

  it('registers a passkey, signs out, signs in with the passkey alone, and refuses the same assertion replayed', async () => {
    const alice = await account('alice')
    const passkey = await addPasskey(alice.token, 'Test laptop')
    expect(passkey).toMatchObject({ name: 'Test laptop', transports: expect.arrayContaining(['internal']) })
    const stored = (await store.get<Passkey>('passkeys', passkey.id))!
    expect(stored).toMatchObject({ userId: alice.userId, deviceType: expect.any(String), backupEligible: expect.any(Boolean), counter: expect.any(Number) })
    expect((await gql('mutation { signOut }', {}, alice.token)).data?.signOut).toBe(true)

    const response = await assert((await gql(SIGN_IN_OPTIONS)).data!.passkeySignInOptions)
    const signedIn = await gql(SIGN_IN_PASSKEY, { r: response })
    expect(signedIn.data?.signInWithPasskey.user.email).toBe(alice.email)
    expect(claimsOf(signedIn.data!.signInWithPasskey.accessToken).amr).toEqual([stored.backedUp ? 'swk' : 'hwk', 'mfa'])
    expect((await store.get<Passkey>('passkeys', passkey.id))!.lastUsedAt).not.toBeNull()

    const replayed = await gql(SIGN_IN_PASSKEY, { r: response })
    expect(codeOf(replayed)).toBe('PASSKEY_REJECTED')
    expect(replayed.errors?.[0]?.message).toMatch(/challenge is unknown or was already used/)
  })

  it('uses the passkey as the second factor after a password, bound to that ticket', async () => {
    const bob = await account('bob')
    await addPasskey(bob.token, 'Bob key')
    const signIn = await gql(SIGN_IN, { email: bob.email, password: PASSWORD })
    expect(signIn.errors?.[0]?.extensions).toMatchObject({ code: 'MFA_REQUIRED', factors: ['passkey'] })
    const ticket = signIn.errors![0]!.extensions.ticket as string
    const options = (await gql('mutation ($t: String!) { passkeyMfaOptions(ticket: $t) }', { t: ticket })).data!.passkeyMfaOptions
    const response = await assert(options)
    // The ticket's challenge cannot open a passkey-only sign-in.
    expect((await gql(SIGN_IN_PASSKEY, { r: response })).errors?.[0]?.message).toMatch(/another ceremony/)
    const again = await assert((await gql('mutation ($t: String!) { passkeyMfaOptions(ticket: $t) }', { t: ticket })).data!.passkeyMfaOptions)
    const opened = await gql(VERIFY, { ticket, passkey: again })
    expect(opened.errors).toBeUndefined()
    expect(claimsOf(opened.data!.verifyMfa.accessToken).amr).toEqual(['pwd', expect.stringMatching(/^(hwk|swk)$/), 'mfa'])
    expect(codeOf(await gql(VERIFY, { ticket, passkey: again }))).toBe('MFA_TICKET_INVALID')
  })

  it('refuses another account\'s credential answering a ticket, and a signature counter that goes backwards', async () => {
    const carol = await account('carol')
    const carolKey = await addPasskey(carol.token, 'Carol key')
    const dave = await account('dave')
    await addPasskey(dave.token, 'Dave key')
    const signIn = await gql(SIGN_IN, { email: dave.email, password: PASSWORD })
    const ticket = signIn.errors![0]!.extensions.ticket as string
    const options = (await gql('mutation ($t: String!) { passkeyMfaOptions(ticket: $t) }', { t: ticket })).data!.passkeyMfaOptions
    // A hostile client swaps in Carol's credential (on the same authenticator) for Dave's challenge.
    const forged = await assert({ ...options, allowCredentials: [{ id: carolKey.id, type: 'public-key', transports: ['internal'] }] })
    const refused = await gql(VERIFY, { ticket, passkey: forged })
    expect(codeOf(refused)).toBe('PASSKEY_REJECTED')
    expect(refused.errors?.[0]?.message).toMatch(/another account/)

    // The stored counter is ahead of the authenticator's, as after a cloned key was used: refused.
    const stored = (await store.get<Passkey>('passkeys', carolKey.id))!
    await store.put('passkeys', { ...stored, counter: stored.counter + 1000 })
    const response = await assert({ ...(await gql(SIGN_IN_OPTIONS)).data!.passkeySignInOptions, allowCredentials: [{ id: carolKey.id, type: 'public-key' }] })
    const backwards = await gql(SIGN_IN_PASSKEY, { r: response })
    expect(codeOf(backwards)).toBe('PASSKEY_REJECTED')
    expect(backwards.errors?.[0]?.message).toMatch(/counter/)
  })

  it('a cloned authenticator used twice at once: one sign-in passes, the other is refused', async () => {
    const gina = await account('gina')
    const key = await addPasskey(gina.token, 'Gina key')
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticatorId! })
    // CDP names credentials in base64, the server in base64url.
    const credential = credentials.find((c) => Buffer.from(c.credentialId, 'base64').toString('base64url') === key.id)!
    const signInWith = async () => await assert({ ...(await gql(SIGN_IN_OPTIONS)).data!.passkeySignInOptions, allowCredentials: [{ id: key.id, type: 'public-key' }] })
    const first = await signInWith()
    // The clone: the same private key at the same signature counter, so both assertions carry the same counter.
    await cdp.send('WebAuthn.removeCredential', { authenticatorId: authenticatorId!, credentialId: credential.credentialId })
    await cdp.send('WebAuthn.addCredential', { authenticatorId: authenticatorId!, credential })
    const second = await signInWith()
    const answers = await Promise.all([first, second].map(async (r) => await gql(SIGN_IN_PASSKEY, { r })))
    expect(answers.filter((a) => a.data?.signInWithPasskey !== undefined && a.data.signInWithPasskey !== null)).toHaveLength(1)
    const refused = answers.find((a) => a.errors !== undefined)!
    expect(codeOf(refused)).toBe('PASSKEY_REJECTED')
    expect(refused.errors?.[0]?.message).toMatch(/counter/)
  })

  it('lists, renames and deletes passkeys; a deleted one no longer signs in', async () => {
    const erin = await account('erin')
    const key = await addPasskey(erin.token, 'First')
    const renamed = await gql('mutation ($id: ID!) { renamePasskey(id: $id, name: "Renamed") { id name } }', { id: key.id }, erin.token)
    expect(renamed.data?.renamePasskey).toEqual({ id: key.id, name: 'Renamed' })
    const status = await gql('query { mfaStatus { passkeys { id name } } }', {}, erin.token)
    expect(status.data?.mfaStatus.passkeys).toEqual([{ id: key.id, name: 'Renamed' }])
    // Another account cannot delete it.
    const frank = await account('frank')
    expect((await gql('mutation ($id: ID!) { deletePasskey(id: $id) }', { id: key.id }, frank.token)).data?.deletePasskey).toBe(false)
    expect((await gql('mutation ($id: ID!) { deletePasskey(id: $id) }', { id: key.id }, erin.token)).data?.deletePasskey).toBe(true)
    const response = await assert({ ...(await gql(SIGN_IN_OPTIONS)).data!.passkeySignInOptions, allowCredentials: [{ id: key.id, type: 'public-key' }] })
    expect((await gql(SIGN_IN_PASSKEY, { r: response })).errors?.[0]?.message).toMatch(/not registered/)
  })
})
