// The tenant portal walked end to end in headless Chromium against a real relay on a real socket, delivering to
// a real node:http receiver: sign in with the API key, create an endpoint, see a delivery with its attempt and
// response code, replay it, replay all failed, edit the filter, rotate the secret, disable and enable, and the
// per-minute chart. Screenshots go to test-output/ (git-ignored).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { browserWalk, describeWithService } from '@openmotion/test-services'
import { buildTestRelay, type TestRelay } from '../helper.js'

const OUTPUT = new URL('../../test-output/', import.meta.url).pathname
const POLL = { timeout: 15_000 }
// Bounds: each step has its own limit, and once the file has run 90 s the remaining steps fail at once
// instead of each waiting out its own limit, so a broken page cannot hold the suite for minutes.
const STEP_MS = 40_000

interface Received { headers: IncomingHttpHeaders, body: string }

describeWithService('chromium', (chromiumPath) => {
  const walk = browserWalk(chromiumPath, { viewport: { width: 1280, height: 720 }, stepTimeoutMs: 20_000, screenshots: OUTPUT, budgetMs: 90_000 })
  let relay: TestRelay
  let receiver: Server
  let base: string
  let hookUrl: string
  const received: Received[] = []

  beforeAll(async () => {
    // The receiver refuses events named fail.* with a 500 and accepts the rest.
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => { body += chunk.toString() })
      request.on('end', () => {
        received.push({ headers: request.headers, body })
        const failing = (JSON.parse(body) as { type: string }).type.startsWith('fail.')
        response.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' }).end(failing ? 'broken' : 'thanks')
      })
    })
    await new Promise<void>((resolve) => { receiver.listen(0, '127.0.0.1', resolve) })
    hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`
    relay = await buildTestRelay({ RETRY_MAX_ATTEMPTS: '1' })
    await relay.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(relay.app.server.address() as { port: number }).port}`
  })

  afterAll(async () => {
    await relay?.close()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  const send = async (event: string): Promise<string> => {
    const response = await fetch(`${base}/webhook`, {
      method: 'POST',
      headers: { ...relay.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ event, data: { step: 1 } })
    })
    expect(response.status).toBe(202)
    return (await response.json() as { id: string }).id
  }
  const messageRow = (id: string) => walk.page.locator(`#messages tr[data-message="${id}"]`)

  it('refuses an unknown key, then signs in and creates an endpoint whose secret is shown once', async () => {
    await walk.page.goto(`${base}/portal`)
    const loadMs = Number(await walk.page.evaluate('performance.getEntriesByType("navigation")[0].loadEventEnd'))
    console.log(`portal load time: ${Math.round(loadMs)} ms`)
    await walk.page.fill('input[name=key]', 'wr_not-a-key')
    await walk.page.keyboard.press('Enter')
    await expect.poll(() => walk.page.locator('#signin-form [data-error]').textContent(), POLL).toContain('unknown or revoked')

    await walk.page.fill('input[name=key]', relay.apiKey)
    await walk.page.keyboard.press('Enter')
    await walk.page.locator('#workspace').waitFor()
    await walk.page.click('#new-endpoint summary')
    await walk.page.fill('#endpoint-form input[name=url]', hookUrl)
    await walk.page.fill('#endpoint-form input[name=description]', 'test receiver')
    await walk.page.fill('#endpoint-form input[name=eventTypes]', 'job.*, fail.*')
    await walk.page.click('#endpoint-form button[type=submit]')
    await expect.poll(() => walk.page.locator('#new-secret').textContent(), POLL).toMatch(/whsec_\S+/)
    expect(await walk.page.locator('#endpoints tr[data-endpoint]').count()).toBe(1)
    expect(await walk.page.locator('#endpoints input[name=eventTypes]').inputValue()).toBe('job.*, fail.*')
  }, STEP_MS)

  it('shows a delivery with its attempt and response code, and replays it to the receiver', async () => {
    const id = await send('job.succeeded')
    await expect.poll(() => received.length, POLL).toBe(1)
    await walk.page.click('#refresh')
    await expect.poll(() => messageRow(id).locator('.pill.succeeded').textContent(), POLL).toContain('200')
    await messageRow(id).getByRole('button', { name: /Attempts/ }).click()
    const attempts = walk.page.locator('#attempts tr')
    await expect.poll(() => attempts.count(), POLL).toBe(1)
    expect(await attempts.first().textContent()).toContain('200 · thanks')
    await expect.poll(() => walk.page.locator('#chart rect.succeeded[height]:not([height="0.0"])').count(), POLL).toBeGreaterThan(0)
    expect(await walk.page.locator('#endpoint-form [data-error]').textContent()).toBe('')
    await walk.page.evaluate('window.scrollTo(0, 0)')
    await walk.page.screenshot({ path: `${OUTPUT}portal-1280x720.png`, fullPage: true })

    await messageRow(id).getByRole('button', { name: /Replay/ }).click()
    await expect.poll(() => received.length, POLL).toBe(2)
    expect(received[1]!.headers['webhook-id']).toBe(id)
    await walk.page.click('#refresh')
    await expect.poll(() => messageRow(id).locator('.pill').textContent(), POLL).toContain('2 attempts')
  }, STEP_MS)

  it('replays all failed deliveries of every endpoint', async () => {
    const id = await send('fail.once')
    await expect.poll(() => received.length, POLL).toBe(3)
    await walk.page.click('#refresh')
    await expect.poll(() => messageRow(id).locator('.pill.dead').textContent(), POLL).toContain('500')
    await walk.page.click('#replay-failed')
    await expect.poll(() => received.length, POLL).toBe(4)
    expect(received[3]!.headers['webhook-id']).toBe(id)
  }, STEP_MS)

  it('edits the filter, rotates the secret, disables and enables the endpoint', async () => {
    const row = walk.page.locator('#endpoints tr[data-endpoint]')
    await row.locator('input[name=eventTypes]').fill('job.succeeded')
    await row.getByRole('button', { name: /Save the event filter/ }).click()
    const endpointId = await row.getAttribute('data-endpoint')
    await expect
      .poll(
        async () => ((await (await fetch(`${base}/v1/endpoints/${endpointId}`, { headers: relay.auth })).json()) as { eventTypes: string[] }).eventTypes,
        POLL
      )
      .toEqual(['job.succeeded'])

    const before = await walk.page.locator('#new-secret').textContent()
    await row.getByRole('button', { name: /Rotate secret/ }).click()
    await expect.poll(() => walk.page.locator('#new-secret').textContent(), POLL).not.toBe(before)
    const secret = (await (await fetch(`${base}/v1/endpoints/${endpointId}/secret`, { headers: relay.auth })).json()) as {
      secret: string
      previousSecret: string
    }
    expect(await walk.page.locator('#new-secret').textContent()).toContain(secret.secret)
    expect(before).toContain(secret.previousSecret)

    await row.getByRole('button', { name: /^Disable/ }).click()
    await expect.poll(() => row.locator('td.state-disabled').textContent(), POLL).toContain('disabled by tenant')
    await row.getByRole('button', { name: /^Enable/ }).click()
    await expect.poll(() => row.locator('td').nth(2).textContent(), POLL).toBe('enabled')
  }, STEP_MS)

  it('fits a phone screen', async () => {
    await walk.page.setViewportSize({ width: 390, height: 844 })
    await walk.page.waitForTimeout(200)
    // The chart is redrawn at the narrower width rather than scaled down; then nothing is wider than the screen.
    await expect.poll(() => walk.page.locator('#chart svg').getAttribute('viewBox'), POLL).toMatch(/^0 0 (2|3)\d\d 160$/)
    // Wide tables scroll inside their own box (.table-wrap); everything else must fit.
    const overflow =
      '[...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > 390.5 && e.closest(".table-wrap") === null).map((e) => e.tagName + "." + e.className).join(" ")'
    await expect.poll(() => walk.page.evaluate(overflow), POLL).toBe('')
    await walk.page.evaluate('window.scrollTo(0, 0)')
    await walk.page.screenshot({ path: `${OUTPUT}portal-phone.png` })
  }, STEP_MS)
})
