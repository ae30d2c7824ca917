// Starts the test identity providers as processes of their own on free ports (a real OpenID provider and a
// GitHub-style OAuth 2.0 server) and stops them after the file; plus a small cookie-keeping HTTP walker that signs in
// at them the way a browser would, for the tests that run the flows over real HTTP without Chromium.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { freePort } from '@openmotion/test-services'

export interface ProviderProcess { url: string, port: number, stop: () => Promise<void>, post: (path: string, body: unknown) => Promise<void> }

async function startScript (script: string, env: Record<string, string>, port: number): Promise<ProviderProcess> {
  const file = fileURLToPath(new URL(script, import.meta.url))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const url = `http://localhost:${port}`
  for (let i = 0; i < 300 && !output.includes('listening on'); i++) {
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!output.includes('listening on')) {
    child.kill('SIGKILL')
    throw new Error(`${script} did not start: ${output}`)
  }
  return {
    url,
    port,
    async post (path, body) {
      const response = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) })
      if (response.status !== 204) throw new Error(`${path} answered ${response.status}`)
    },
    async stop () {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(killer)
    }
  }
}

export interface OidcClient { client_id: string, client_secret: string, redirect_uris: string[] }

export async function startOidcProvider (clients: (port: number) => OidcClient[]): Promise<ProviderProcess> {
  const port = await freePort()
  return await startScript('./oidc-provider-server.ts', { OIDC_CLIENTS: JSON.stringify(clients(port)) }, port)
}

export async function startGithubServer (client: { client_id: string, client_secret: string, redirect_uri: string }): Promise<ProviderProcess> {
  const port = await freePort()
  return await startScript('./github-server.ts', { GITHUB_CLIENT: JSON.stringify(client) }, port)
}

/** A browser's cookie jar and redirects, by hand: cookies are per host (not per port), as browsers keep them. */
export class HttpWalker {
  readonly cookies = new Map<string, string>()

  async get (url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers as Record<string, string>, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')).trim(), pair!.slice(pair!.indexOf('=') + 1).trim()]
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** Follows redirects (the provider's own pages, its login form) until one leaves for `stopAt`; resolves that URL. */
  async walk (start: string, stopAt: string, login?: { email: string, unverified?: boolean, amr?: string }): Promise<string> {
    let url = start
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(stopAt)) return url
      const response = await this.get(url)
      const location = response.headers.get('location')
      if (location !== null) {
        url = new URL(location, url).href
        continue
      }
      const form = /<form method="post" action="([^"]+)"/.exec(await response.text())
      if (form === null || login === undefined) throw new Error(`stuck at ${url}: ${response.status}`)
      const body = new URLSearchParams({ email: login.email, amr: login.amr ?? '', ...(login.unverified === true ? { unverified: '1' } : {}) })
      const posted = await this.get(new URL(form[1]!, url).href, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      url = new URL(posted.headers.get('location') ?? url, url).href
    }
    throw new Error(`too many redirects from ${start}`)
  }
}
