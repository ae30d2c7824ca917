// Job events reach a webhook relay: a local receiver on a real socket stands in for the relay's POST /webhook.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, login, waitForJob } from '../helper.js'

interface Received { headers: IncomingHttpHeaders, body: { event: string, data: Record<string, unknown> } }
const received: Received[] = []
let receiver: Server
let relayUrl: string
let refuseNext = 0

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      // The first answer of a test can be a 503 to prove the client retries.
      if (refuseNext > 0) { refuseNext--; response.writeHead(503).end(); return }
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as Received['body'] })
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"msg_1","deliveries":1}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  relayUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`
})
afterAll(async () => { await new Promise((resolve) => receiver.close(resolve)) })

const eventsOf = (rid: string) => received.filter((r) => r.body.data.rid === rid)

it('POSTs job.progress and job.succeeded to the relay with the tenant key and an idempotency key, retrying a 503', async () => {
  refuseNext = 1
  const app = await buildTestApp({ RELAY_URL: relayUrl, RELAY_API_KEY: 'relay-tenant-key' })
  try {
    const cookie = await login(app)
    const { rid } = (
      await app.inject({
        method: 'POST',
        url: '/job/v1/process/text2motion',
        headers: { cookie },
        payload: { params: ['prompt=walk forward then wave', 'numVariants=2', 'model=openmotion_mannequin'] }
      })
    ).json()
    expect((await waitForJob(app, cookie, rid)).status).toBe('SUCCESS')
  } finally {
    await app.close() // flushes events still being sent
  }
  const rid = received.at(-1)!.body.data.rid as string
  const events = eventsOf(rid)
  expect(events.map((e) => e.body.event)).toContain('job.progress')
  const succeeded = events.find((e) => e.body.event === 'job.succeeded')!
  expect(succeeded.headers.authorization).toBe('Bearer relay-tenant-key')
  expect(succeeded.headers['idempotency-key']).toBe(`${rid}:succeeded`)
  expect(succeeded.body.data).toMatchObject({ rid, processor: 'text2motion', status: 'SUCCESS' })
  expect(succeeded.body.data.chargedAmount).toBeGreaterThan(0)
})

it('POSTs job.failed with the failure details when a job is cancelled', async () => {
  const app = await buildTestApp({ RELAY_URL: relayUrl, RELAY_API_KEY: 'relay-tenant-key' })
  let rid = ''
  try {
    const cookie = await login(app)
    rid = (
      await app.inject({
        method: 'POST',
        url: '/job/v1/process/text2motion',
        headers: { cookie },
        payload: { params: ['prompt=dance happily for 8 seconds', 'numVariants=4', 'model=openmotion_mannequin'] }
      })
    ).json().rid
    expect((await app.inject({ url: `/job/v1/cancel/${rid}`, headers: { cookie } })).json()).toEqual({ result: true })
  } finally {
    await app.close()
  }
  const failed = eventsOf(rid).find((e) => e.body.event === 'job.failed')!
  expect(failed.body.data).toMatchObject({ rid, status: 'FAILURE', details: { exc_type: 'Cancelled' } })
  expect(eventsOf(rid).some((e) => e.body.event === 'job.succeeded')).toBe(false)
})

it('refuses to start with RELAY_URL but no RELAY_API_KEY, naming the variable', async () => {
  await expect(buildTestApp({ RELAY_URL: relayUrl })).rejects.toThrow(/RELAY_API_KEY/)
})
