// Sign-in with an OpenID provider in headless Chromium, end to end: a sign-in page (served by this test on
// http://localhost) draws a button per provider from authProviders; the click asks signInWithProvider for the URL
// (the flow cookie set by that fetch), the browser goes to the real `oidc-provider` process, the person signs in
// there, the provider sends the browser to the auth-server's callback, which redirects to the page's /done with a
// one-time code, and the page exchanges it and shows who is signed in.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { browserWalk, describeWithService, freePort } from '@openmotion/test-services'
import type { AppInstance } from '@openmotion/common'
import { appWith } from '../support/app-context.js'
import { uniqueEmail } from '../support/graphql-client.js'
import { startOidcProvider, type ProviderProcess } from '../support/providers/provider-processes.js'

const page = (api: string) => `<!doctype html><title>sign in</title><div id="buttons"></div><p id="who"></p>
<script>
const gql = async (query, variables) => (await fetch('${api}/graphql', { method: 'POST', credentials: 'include',
  headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })).json()
const code = new URL(location.href).searchParams.get('code')
if (code !== null) {
  gql('mutation ($c: String!) { exchangeProviderCode(code: $c) { user { email } } }', { c: code })
    .then((r) => { document.getElementById('who').textContent = r.data ? 'signed in as ' + r.data.exchangeProviderCode.user.email : JSON.stringify(r.errors) })
} else {
  gql('query { authProviders { name label } }').then((r) => {
    for (const p of r.data.authProviders) {
      const button = document.createElement('button')
      button.id = 'with-' + p.name
      button.textContent = 'Sign in with ' + p.label
      button.onclick = async () => {
        const started = await gql('mutation ($p: String!, $r: String!) { signInWithProvider(provider: $p, redirectTo: $r) }', { p: p.name, r: location.origin + '/done' })
        location.assign(started.data.signInWithProvider)
      }
      document.getElementById('buttons').append(button)
    }
  })
}
</script>`

describeWithService('chromium', (chromiumPath) => {
  const walk = browserWalk(chromiumPath, { stepTimeoutMs: 20_000, budgetMs: 120_000 })
  let oidc: ProviderProcess
  let app: AppInstance
  let pageServer: Server
  let pageOrigin: string

  beforeAll(async () => {
    const [apiPort, pagePort] = [await freePort(), await freePort()]
    const api = `http://localhost:${apiPort}`
    pageOrigin = `http://localhost:${pagePort}`
    pageServer = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'text/html' }).end(page(api)) })
    await new Promise<void>((resolve) => { pageServer.listen(pagePort, resolve) })
    oidc = await startOidcProvider(() => [{ client_id: 'auth-server', client_secret: 'browser secret', redirect_uris: [`${api}/auth/providers/company/callback`] }])
    const providers = [{ name: 'company', kind: 'oidc', label: 'Company SSO', issuer: oidc.url, clientId: 'auth-server', clientSecret: 'browser secret', redirects: [`${pageOrigin}/done`] }]
    ;({ app } = await appWith({ AUTH_PROVIDERS: JSON.stringify(providers), AUTH_PUBLIC_URL: api }))
    await app.listen({ port: apiPort, host: 'localhost' })
  })
  afterAll(async () => {
    await app?.close()
    await oidc?.stop()
    await new Promise((resolve) => pageServer?.close(resolve))
  })

  it('clicks the provider button, signs in at the provider, and lands signed in', async () => {
    const email = uniqueEmail('browser')
    await walk.page.goto(`${pageOrigin}/`)
    await walk.page.click('#with-company')
    await walk.page.waitForURL(`${oidc.url}/interaction/**`)
    await walk.page.fill('#email', email)
    await walk.page.click('#sign-in')
    await walk.page.waitForURL(`${pageOrigin}/done?code=*`)
    await walk.page.waitForFunction('document.getElementById(\'who\').textContent !== \'\'')
    expect(await walk.page.textContent('#who')).toBe(`signed in as ${email}`)
    // The one-time code in the address bar is spent: reloading the page cannot sign in again.
    await walk.page.reload()
    await walk.page.waitForFunction('document.getElementById(\'who\').textContent !== \'\'')
    expect(await walk.page.textContent('#who')).toContain('CODE_INVALID')
  })
})
