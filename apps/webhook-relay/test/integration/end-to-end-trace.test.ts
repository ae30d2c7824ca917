// One trace from a prompt to the customer's webhook, read back from a real tracing backend: motion-api and the
// relay run as real processes (their main.ts, tracing turned on by the OTEL_ variables alone) against a private
// Jaeger, a job is submitted with a traceparent of the test's own, and the customer's endpoint (a receiver on a
// real socket) gets the job's event. The trace in Jaeger must hold every hop, and the receiver the same trace id.
// With Chromium at hand the trace, as Jaeger returns it, is drawn as a timeline and screenshot for the README.
import { mkdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  describeWithService, freePort, jaegerTrace, openBrowserPage, requireService, spawnMain, startPrivateJaeger,
  type JaegerSpan, type JaegerTrace, type MainProcess, type PrivateJaeger
} from '@openmotion/test-services'
import { durationMs, serviceOf, spanRows, traceTimelineHtml } from '../support/trace-timeline.js'

const relayMain = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const motionMain = fileURLToPath(new URL('../../../motion-api/src/main.ts', import.meta.url))
const ADMIN_KEY = 'trace-test-admin-key-0123456789abcdef'
// The submitting client's own trace: everything after must continue it.
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const CLIENT_TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`

interface Delivered { headers: IncomingHttpHeaders, body: string }

function startReceiver (): { server: Server, delivered: Delivered[] } {
  const delivered: Delivered[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      delivered.push({ headers: request.headers, body: Buffer.concat(chunks).toString() })
      response.writeHead(204).end()
    })
  })
  return { server, delivered }
}

async function until<T> (what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function json<T> (url: string, init: RequestInit, status: number): Promise<T> {
  const response = await fetch(url, init)
  const text = await response.text()
  if (response.status !== status) throw new Error(`${init.method ?? 'GET'} ${url} answered ${String(response.status)}: ${text}`)
  return JSON.parse(text) as T
}

const tracingEnv = (jaeger: PrivateJaeger): Record<string, string> => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpUrl,
  // Export within a fraction of a second, not the SDK's 5 s, so the test reads the trace soon after the work.
  OTEL_BSP_SCHEDULE_DELAY: '100',
  OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test'
})

const OUTPUT = new URL('../../test-output/', import.meta.url).pathname
const SCREENSHOT = `${OUTPUT}trace-prompt-to-webhook.png`
const tag = (span: JaegerSpan, key: string): unknown => span.tags.find((t) => t.key === key)?.value

describeWithService('jaeger', (binary) => {
  let jaeger: PrivateJaeger
  let relay: MainProcess
  let motion: MainProcess
  const receiver = startReceiver()
  let relayUrl = ''
  let motionUrl = ''
  let traced: JaegerTrace | undefined

  beforeAll(async () => {
    jaeger = await startPrivateJaeger(binary)
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve))
    const relayPort = await freePort()
    relayUrl = `http://127.0.0.1:${String(relayPort)}`
    relay = spawnMain(relayMain, {
      ...tracingEnv(jaeger), WEBHOOK_PORT: String(relayPort), HOST: '127.0.0.1', ADMIN_API_KEY: ADMIN_KEY, ALLOW_PRIVATE_DESTINATIONS: 'true'
    })
    await relay.waitFor('Server listening', 120_000)
  }, 300_000)

  afterAll(async () => {
    for (const child of [motion, relay]) {
      if (child === undefined) continue
      child.child.kill('SIGTERM')
      await child.exited()
    }
    await new Promise((resolve) => receiver.server.close(resolve))
    await jaeger?.close()
  })

  it('holds the submission, the synthesis, the relay ingest and the delivery attempt in the trace the receiver continues', { timeout: 300_000 }, async () => {
    const admin = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' }
    const tenant = await json<{ id: string }>(`${relayUrl}/v1/tenants`, { method: 'POST', headers: admin, body: '{"name":"trace"}' }, 201)
    const { key } = await json<{ key: string }>(`${relayUrl}/v1/tenants/${tenant.id}/keys`, { method: 'POST', headers: admin, body: '{}' }, 201)
    const receiverUrl = `http://127.0.0.1:${String((receiver.server.address() as { port: number }).port)}/hooks`
    await json(`${relayUrl}/v1/endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiverUrl, eventTypes: ['job.succeeded'] })
    }, 201)

    const motionPort = await freePort()
    motionUrl = `http://127.0.0.1:${String(motionPort)}`
    motion = spawnMain(motionMain, { ...tracingEnv(jaeger), MOTION_PORT: String(motionPort), HOST: '127.0.0.1', RELAY_URL: relayUrl, RELAY_API_KEY: key })
    await motion.waitFor('Server listening', 120_000)
    const auth = await fetch(`${motionUrl}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
    expect(auth.status).toBe(200)
    const cookie = /dmsess=[^;]+/.exec(auth.headers.get('set-cookie') ?? '')?.[0] ?? ''
    const { rid } = await json<{ rid: string }>(`${motionUrl}/job/v1/process/text2motion`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', traceparent: CLIENT_TRACEPARENT },
      body: JSON.stringify({ params: ['prompt=a person walks forward then waves', 'model=openmotion_mannequin'] })
    }, 200)

    const delivery = await until('the job.succeeded webhook', async () => await Promise.resolve(receiver.delivered.find((d) => d.body.includes(rid))))
    // The customer's endpoint continues our trace: same trace id, its parent is the relay's request span.
    const traceparent = String(delivery.headers.traceparent)
    expect(traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`))
    const requestSpanId = traceparent.split('-')[2]

    const trace = await until('every hop in Jaeger', async () => {
      const found = await jaegerTrace(jaeger.queryUrl, TRACE_ID)
      return found?.spans.some((s) => s.spanID === requestSpanId) === true && found.spans.some((s) => s.operationName === 'webhook deliver') ? found : undefined
    })
    traced = trace
    const spans = [...trace.spans].sort((a, b) => a.startTime - b.startTime)
    // The table the README and the operators' runbook quote (vitest prints it with the run).
    console.info(spans.map((s) => `${s.operationName} | ${serviceOf(trace, s)} | ${durationMs(s)}`).join('\n'))
    const named = (name: string, service: string): JaegerSpan[] => spans.filter((s) => s.operationName === name && serviceOf(trace, s) === service)

    const submission = spans.find((s) => serviceOf(trace, s) === 'motion-api' && s.references.some((r) => r.spanID === '00f067aa0ba902b7'))
    expect(submission, 'motion-api continues the client\'s traceparent').toBeDefined()
    const job = named('job text2motion', 'motion-api')
    expect(job).toHaveLength(1)
    expect(tag(job[0] as JaegerSpan, 'openmotion.rid')).toBe(rid)
    expect(named('engine.read_prompt', 'motion-api').length).toBeGreaterThan(0)
    expect(named('engine.synthesise', 'motion-api').length).toBeGreaterThan(0)
    expect(named('engine.export', 'motion-api').length).toBeGreaterThan(0)
    const ingest = spans.filter((s) => serviceOf(trace, s) === 'webhook-relay' && tag(s, 'span.kind') === 'server')
    expect(ingest.length, 'the relay ingests the job events in the same trace').toBeGreaterThan(0)
    const attempts = named('webhook deliver', 'webhook-relay')
    expect(attempts.length).toBeGreaterThan(0)
    const request = spans.find((s) => s.spanID === requestSpanId)
    expect(request === undefined ? undefined : serviceOf(trace, request)).toBe('webhook-relay')
    // The delivery's request is made inside its attempt's span.
    const attemptIds = new Set(attempts.map((a) => a.spanID))
    expect(request?.references.some((r) => r.refType === 'CHILD_OF' && attemptIds.has(r.spanID))).toBe(true)
  })

  // Chromium is required in CI (requireService throws there without it); on a developer's machine without it the
  // screenshot is skipped.
  const chromium = requireService('chromium')
  it.skipIf(chromium === undefined)('draws the trace Jaeger holds as a timeline, every span in it, and screenshots it', { timeout: 120_000 }, async () => {
    expect(traced, 'the trace of the test above').toBeDefined()
    const trace = traced as JaegerTrace
    const browser = await openBrowserPage(chromium as string, { viewport: { width: 1280, height: 720 }, stepTimeoutMs: 20_000, screenshots: OUTPUT })
    try {
      await browser.page.setContent(traceTimelineHtml(trace, 'One job, from the prompt to the customer\'s webhook'))
      const drawn = await browser.page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => ({
        id: row.getAttribute('data-span'),
        cells: [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent?.trim() ?? '')
      })))
      expect(drawn).toEqual(spanRows(trace).map(({ span }) => ({
        id: span.spanID,
        cells: [serviceOf(trace, span), span.operationName, durationMs(span)]
      })))
      for (const name of ['job text2motion', 'engine.synthesise', 'webhook deliver']) {
        await expect(browser.page.getByText(name, { exact: true }).first().isVisible()).resolves.toBe(true)
      }
      mkdirSync(OUTPUT, { recursive: true })
      await browser.page.screenshot({ path: SCREENSHOT, fullPage: true })
      expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe('PNG')
    } finally {
      await browser.close()
    }
  })
})
