// A real OpenID provider for the auth-server's tests: panva's certified `oidc-provider`, run as its own process on
// PORT (http://localhost:PORT is its issuer) with the clients of OIDC_CLIENTS (JSON). Its login page asks for an
// e-mail (a checkbox leaves it unverified, a field sets the `amr` the provider asserts); consent is granted
// automatically. A test-only knob, POST /__test/tamper {claims?, alg?: "none"}, rewrites the ID token of the next
// token response (re-signed with the provider's own key, or unsigned), so a test can hand the relying party a token
// from another issuer, for another audience, expired, with a replayed nonce, or with `alg: none`.
import { createServer, type IncomingMessage } from 'node:http'
import { createHash } from 'node:crypto'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose'

interface Tamper { claims?: Record<string, unknown>, alg?: 'none' }
interface TestClient { client_id: string, client_secret: string, redirect_uris: string[] }

const port = Number(process.env.PORT)
const issuer = `http://localhost:${port}`
const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]') as TestClient[]
const { privateKey } = await generateKeyPair('RS256', { extractable: true })
const kid = 'test-signing-key'
const jwk = { ...await exportJWK(privateKey), kid, alg: 'RS256', use: 'sig' }
const accounts = new Map<string, { email: string, email_verified: boolean }>()
let tamper: Tamper | undefined

const provider: Provider = new Provider(issuer, {
  clients: clients.map((c) => ({ ...c, token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code'], response_types: ['code'] })),
  jwks: { keys: [jwk] },
  claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'] },
  features: { devInteractions: { enabled: false } },
  cookies: { keys: ['oidc test provider cookie key'] },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount (_ctx, id) {
    const account = accounts.get(id)
    return account === undefined ? undefined : { accountId: id, claims: async () => ({ sub: id, ...account }) }
  },
  // Consent is not what these tests exercise: every requested scope is granted.
  async loadExistingGrant (ctx: KoaContextWithOIDC) {
    const { client, session, params } = ctx.oidc
    if (client === undefined || session?.accountId === undefined) return undefined
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
    grant.addOIDCScope(String(params?.scope ?? 'openid'))
    await grant.save()
    return grant
  }
})

provider.use(async (ctx, next) => {
  await next()
  const body = ctx.body as { id_token?: unknown } | undefined
  if (ctx.path !== '/token' || tamper === undefined || typeof body?.id_token !== 'string') return
  const { claims = {}, alg } = tamper
  tamper = undefined
  const payload = Object.fromEntries(Object.entries({ ...decodeJwt(body.id_token), ...claims }).filter(([, v]) => v !== null))
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  ctx.body = {
    ...body,
    id_token: alg === 'none'
      ? `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`
      : await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey)
  }
})

async function body (request: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text
}

const page = (uid: string) => `<!doctype html><title>Test provider</title><h1>Sign in at the test provider</h1>
<form method="post" action="/interaction/${uid}">
<label>E-mail <input name="email" id="email" type="email" required></label>
<label><input type="checkbox" name="unverified" value="1"> unverified</label>
<input type="hidden" name="amr" id="amr" value="">
<button type="submit" id="sign-in">Sign in</button></form>`

const callback = provider.callback()
const server = createServer((request, response) => {
  (async () => {
    const url = new URL(request.url ?? '/', issuer)
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname)
    if (interaction !== null && request.method === 'GET') {
      await provider.interactionDetails(request, response)
      response.writeHead(200, { 'content-type': 'text/html' }).end(page(interaction[1]!))
    } else if (interaction !== null && request.method === 'POST') {
      await provider.interactionDetails(request, response)
      const form = new URLSearchParams(await body(request))
      const email = form.get('email') ?? ''
      // One subject per address, as a real provider keeps one account per person.
      const accountId = createHash('sha256').update(email).digest('hex').slice(0, 24)
      accounts.set(accountId, { email, email_verified: form.get('unverified') !== '1' })
      const amr = (form.get('amr') ?? '').split(' ').filter((m) => m !== '')
      await provider.interactionFinished(request, response, { login: { accountId, ...(amr.length > 0 ? { amr } : {}) } }, { mergeWithLastSubmission: false })
    } else if (url.pathname === '/__test/tamper' && request.method === 'POST') {
      tamper = JSON.parse(await body(request)) as Tamper
      response.writeHead(204).end()
    } else {
      callback(request, response)
    }
  })().catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' })
    response.end(String(error))
  })
})
server.listen(port, () => { process.stdout.write(`oidc-provider listening on ${issuer}\n`) })
process.on('SIGTERM', () => { server.close(() => process.exit(0)) })
