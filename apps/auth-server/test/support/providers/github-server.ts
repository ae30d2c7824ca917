// A GitHub-style OAuth 2.0 server for the auth-server's tests, run as its own process on PORT with the client of
// GITHUB_CLIENT (JSON: client_id, client_secret, redirect_uri). It implements what the relying party uses of
// GitHub: GET /login/oauth/authorize (the signed-in user approves at once), POST /login/oauth/access_token (form;
// codes single use, PKCE S256 checked; failures answered 200 with an `error` member, as GitHub does), GET /user and
// GET /user/emails. POST /__test/user sets who is signed in at "GitHub": { id, login, emails: [{ email, primary, verified }] }.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

interface GithubUser { id: number, login: string, email: string | null, emails: Array<{ email: string, primary: boolean, verified: boolean }> }
interface Grant { user: GithubUser, redirectUri: string, challenge: string }

const port = Number(process.env.PORT)
const client = JSON.parse(process.env.GITHUB_CLIENT ?? '{}') as { client_id: string, client_secret: string, redirect_uri: string }
let current: GithubUser = { id: 1, login: 'octocat', email: null, emails: [{ email: 'octocat@example.test', primary: true, verified: true }] }
const codes = new Map<string, Grant>()
const tokens = new Map<string, GithubUser>()

async function body (request: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text
}

const json = (response: ServerResponse, status: number, value: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))

/** The answer of the authorize endpoint: an error, or the redirect back with a code (the user approves at once). */
function authorize (url: URL): { status: number, location?: string, error?: string } {
  const q = url.searchParams
  if (q.get('client_id') !== client.client_id || q.get('redirect_uri') !== client.redirect_uri) return { status: 400, error: 'redirect_uri_mismatch' }
  if (q.get('code_challenge_method') !== 'S256' || q.get('code_challenge') === null) return { status: 400, error: 'pkce_required' }
  const code = randomBytes(20).toString('hex')
  codes.set(code, { user: current, redirectUri: client.redirect_uri, challenge: q.get('code_challenge')! })
  const back = new URL(client.redirect_uri)
  back.searchParams.set('code', code)
  back.searchParams.set('state', q.get('state') ?? '')
  return { status: 302, location: back.href }
}

/** The token endpoint's JSON: GitHub answers its failures with 200 and an `error` member. */
function accessToken (form: URLSearchParams): Record<string, string> {
  if (form.get('client_id') !== client.client_id || form.get('client_secret') !== client.client_secret) return { error: 'incorrect_client_credentials' }
  const code = form.get('code') ?? ''
  const grant = codes.get(code)
  codes.delete(code)
  if (grant === undefined || grant.redirectUri !== form.get('redirect_uri')) return { error: 'bad_verification_code' }
  if (createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') !== grant.challenge) return { error: 'bad_verification_code' }
  const token = `gho_${randomBytes(18).toString('hex')}`
  tokens.set(token, grant.user)
  return { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' }
}

async function handle (request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`)
  const user = tokens.get((request.headers.authorization ?? '').replace(/^(Bearer|token) /i, ''))
  if (url.pathname === '/login/oauth/authorize' && request.method === 'GET') {
    const answer = authorize(url)
    if (answer.location !== undefined) response.writeHead(302, { location: answer.location }).end()
    else json(response, answer.status, { error: answer.error })
  } else if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
    json(response, 200, accessToken(new URLSearchParams(await body(request))))
  } else if (url.pathname === '/user' && user !== undefined) {
    json(response, 200, { id: user.id, login: user.login, email: user.email })
  } else if (url.pathname === '/user/emails' && user !== undefined) {
    json(response, 200, user.emails)
  } else if (url.pathname === '/user' || url.pathname === '/user/emails') {
    json(response, 401, { message: 'Bad credentials' })
  } else if (url.pathname === '/__test/user' && request.method === 'POST') {
    current = JSON.parse(await body(request)) as GithubUser
    response.writeHead(204).end()
  } else {
    json(response, 404, { message: 'Not Found' })
  }
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => json(response, 500, { message: String(error) }))
})
server.listen(port, () => { process.stdout.write(`github-style server listening on http://localhost:${port}\n`) })
process.on('SIGTERM', () => { server.close(() => process.exit(0)) })
