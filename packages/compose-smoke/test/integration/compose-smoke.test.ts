// docker-compose.yml as a new user meets it, without Docker: the init service's code generates the secrets, the
// apps start with exactly their compose environment and an empty .env, and one operator identity runs the platform.
// Substitutions (what Docker would provide): service host names → 127.0.0.1, ports → free ports, named volumes →
// temp directories, compose's postgres/redis/kafka/seaweedfs → TEST_DATABASE_URL (a fresh database), TEST_REDIS_URL
// (a random database number), TEST_KAFKA_BROKER, TEST_S3_URL, or the embedded defaults where those are unset (on a
// developer machine; in CI a missing one fails the file); plus a unique QUEUE_PREFIX for the relay, a MOTION_PORT for
// the worker and a bucket of this run (S3_BUCKET), which a container would not need on a machine of its own.
import { createHmac, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitUntilOk } from '../../src/app-process.js'
import { freePort, requireService, s3Settings } from '@openmotion/test-services'
import { LocalDeployment } from '../../src/local-deployment.js'
import type { DotEnv } from '../../src/compose-file.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const suffix = randomBytes(4).toString('hex')
const HTTP_APPS = ['auth-server', 'webhook-relay', 'motion-api']

let database: { admin: string, name: string } | undefined
let deployment: LocalDeployment
let initOutput = ''
let workerPort = 0
let relayWorkerPort = 0

async function createDatabase (url: string): Promise<string> {
  const name = `compose_smoke_${suffix}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { await client.query(`CREATE DATABASE ${name}`) } finally { await client.end() }
  database = { admin: url, name }
  const local = new URL(url)
  local.pathname = `/${name}`
  return local.href
}

async function dropDatabase (): Promise<void> {
  if (database === undefined) return
  const client = new pg.Client({ connectionString: database.admin })
  await client.connect()
  try { await client.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`) } finally { await client.end() }
}

function redisDatabase (url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined
  const parsed = new URL(url)
  parsed.pathname = `/${1 + (parseInt(suffix, 16) % 15)}`
  return parsed.href
}

/** The apps compose runs; each worker only while its app runs as `api` (motion-api does with Redis, the relay always). */
function appsOf (dotEnv: DotEnv): string[] {
  return [
    ...HTTP_APPS,
    ...(deployment.environment('webhook-relay', dotEnv).env.RELAY_ROLE === 'api' ? RELAY_WORKER : []),
    ...(deployment.environment('motion-api', dotEnv).env.MOTION_ROLE === 'api' ? ['motion-worker'] : [])
  ]
}

const RELAY_WORKER = ['webhook-relay-worker']
const WORKERS: Record<string, () => number> = { 'motion-worker': () => workerPort, 'webhook-relay-worker': () => relayWorkerPort }

async function up (names: string[], dotEnv: DotEnv): Promise<void> {
  for (const name of names) await deployment.up(name, dotEnv)
  for (const name of names) {
    const app = deployment.running.get(name)!
    const port = WORKERS[name]
    if (port !== undefined) await waitUntilOk(app, `http://127.0.0.1:${port()}/healthz`)
    else await waitUntilOk(app, deployment.url(name, '/readyz'))
  }
}

beforeAll(async () => {
  const databaseUrl = requireService('postgres')
  const s3Url = requireService('s3')
  workerPort = await freePort()
  relayWorkerPort = await freePort()
  deployment = new LocalDeployment({
    root,
    infra: {
      postgres: databaseUrl === undefined ? undefined : await createDatabase(databaseUrl),
      redis: redisDatabase(requireService('redis')),
      kafka: requireService('kafka'),
      ffmpeg: requireService('ffmpeg'),
      s3: s3Url === undefined ? undefined : s3Settings(s3Url)
    },
    extraEnv: (service): Record<string, string> => {
      if (service === 'webhook-relay') return { QUEUE_PREFIX: `compose-smoke-${suffix}` }
      if (service === 'webhook-relay-worker') return { QUEUE_PREFIX: `compose-smoke-${suffix}`, WEBHOOK_PORT: String(relayWorkerPort) }
      const bucket: Record<string, string> = s3Url === undefined ? {} : { S3_BUCKET: `compose-smoke-${suffix}` }
      if (service === 'motion-worker') return { MOTION_PORT: String(workerPort), ...bucket }
      if (service === 'motion-api') return bucket
      return {}
    }
  })
  await deployment.prepare(HTTP_APPS)
  const init = await deployment.up('init')
  expect(await init.exited).toBe(0)
  initOutput = init.output()
  await up(appsOf({}), {})
}, 300_000)

afterAll(async () => {
  await deployment?.down()
  await dropDatabase()
}, 60_000)

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
  body: JSON.stringify(body)
})

async function call<T = Record<string, unknown>> (url: string, init: RequestInit, status: number): Promise<T> {
  const response = await fetch(url, init)
  const text = await response.text()
  if (response.status !== status) throw new Error(`${init.method ?? 'GET'} ${url}: expected ${status}, got ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

function operatorCredentials (): { email: string, password: string } {
  const email = /email: {4}(\S+)/.exec(initOutput)?.[1]
  const password = /password: (\S+)/.exec(initOutput)?.[1]
  if (email === undefined || password === undefined) throw new Error(`init printed no sign-in:\n${initOutput}`)
  return { email, password }
}

/** Standard Webhooks: v1,base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)), secret = base64 after whsec_. */
function signedBy (secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest('base64')
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`)
}

describe('docker compose up, without Docker', { timeout: 300_000 }, () => {
  it('generates the secrets once, printing the operator sign-in, and every app reaches /readyz with an empty .env', async () => {
    expect(initOutput).toContain('openmotion init: generated')
    expect(initOutput).toMatch(/email: {4}operator@openmotion\.local/)
    for (const name of HTTP_APPS) expect((await fetch(deployment.url(name, '/readyz'))).status).toBe(200)
    expect(deployment.running.get('webhook-relay')!.output()).not.toContain('stored in plaintext')
  })

  it('walks the operator story: one sign-in administers motion-api and the relay; a job event arrives signed', async () => {
    const { email, password } = operatorCredentials()
    const signIn = await call<{ data: { signIn: { accessToken: string, user: { role: string } } } }>(
      deployment.url('auth-server', '/graphql'),
      json({
        query: 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { accessToken user { role } } }',
        variables: { e: email, p: password }
      }),
      200
    )
    expect(signIn.data.signIn.user.role).toBe('admin')
    const jwt = signIn.data.signIn.accessToken

    await call(deployment.url('motion-api', '/admin/v1/plans/studio'), { ...json({ credits: 500, maxVariants: 2, periodDays: 30 }, jwt), method: 'PUT' }, 200)
    const client = await call<{ id: string, clientSecret: string }>(deployment.url('motion-api', '/admin/v1/clients'), json({ plan: 'studio' }, jwt), 201)

    // Deliveries go to this machine: the operator allows private destinations in .env and restarts the relay (and its worker).
    const receiver = await startReceiver()
    let dotEnv: DotEnv = { RELAY_ALLOW_PRIVATE_DESTINATIONS: 'true' }
    await up(appsOf(dotEnv).filter((name) => name.startsWith('webhook-relay')), dotEnv)
    const tenant = await call<{ id: string }>(deployment.url('webhook-relay', '/v1/tenants'), json({ name: 'openmotion' }, jwt), 201)
    const { key } = await call<{ key: string }>(deployment.url('webhook-relay', `/v1/tenants/${tenant.id}/keys`), json({}, jwt), 201)
    const endpoint = await call<{ secret: string }>(
      deployment.url('webhook-relay', '/v1/endpoints'),
      json({ url: receiver.url, eventTypes: ['job.*'] }, key),
      201
    )

    // Job events on: the relay's URL and the tenant key go into .env, and motion-api (and its worker) restart.
    dotEnv = { ...dotEnv, MOTION_RELAY_URL: 'http://webhook-relay:8000', MOTION_RELAY_API_KEY: key }
    await up(appsOf(dotEnv).filter((name) => name.startsWith('motion-')), dotEnv)

    const auth = await fetch(deployment.url('motion-api', '/account/v1/auth'), {
      headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.clientSecret}`).toString('base64')}` }
    })
    expect(auth.status).toBe(200)
    const cookie = /dmsess=[^;]+/.exec(auth.headers.get('set-cookie') ?? '')?.[0] ?? ''
    const { rid } = await call<{ rid: string }>(
      deployment.url('motion-api', '/job/v1/process/text2motion'),
      {
        ...json({ params: ['prompt=a person walks forward then waves', 'model=openmotion_mannequin'] }),
        headers: { 'content-type': 'application/json', cookie }
      },
      200
    )

    const delivery = await receiver.waitFor((body) => body.includes(rid) && body.includes('job.succeeded'))
    expect(signedBy(endpoint.secret, delivery.headers, delivery.body)).toBe(true)
    expect(signedBy(`whsec_${randomBytes(24).toString('base64')}`, delivery.headers, delivery.body)).toBe(false)
    await receiver.close()
  })

  it('keeps every secret across a restart: init generates nothing, and the apps come back ready', async () => {
    const secrets = deployment.network.volumes.get('secrets')!
    const before = readFileSync(join(secrets, 'auth-private-key.pem'), 'utf8')
    const init = await deployment.up('init')
    expect(await init.exited).toBe(0)
    expect(init.output()).toContain('nothing generated')
    expect(init.output()).not.toContain('password:')
    expect(readFileSync(join(secrets, 'auth-private-key.pem'), 'utf8')).toBe(before)
    await up(['auth-server'], {})
    const { email, password } = operatorCredentials()
    const again = await call<{ data: { signIn: { user: { role: string } } } }>(deployment.url('auth-server', '/graphql'),
      json({ query: 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { role } } }', variables: { e: email, p: password } }), 200)
    expect(again.data.signIn.user.role).toBe('admin')
  })
})

interface Delivery { headers: IncomingHttpHeaders, body: string }

async function startReceiver (): Promise<{ url: string, waitFor: (match: (body: string) => boolean) => Promise<Delivery>, close: () => Promise<void> }> {
  const received: Delivery[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => { body += chunk.toString() })
    request.on('end', () => { received.push({ headers: request.headers, body }); response.end('ok') })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    waitFor: async (match) => {
      const deadline = Date.now() + 180_000
      for (;;) {
        const found = received.find((d) => match(d.body))
        if (found !== undefined) return found
        if (Date.now() > deadline) throw new Error(`no matching delivery; received ${received.length}: ${received.map((d) => d.body.slice(0, 200)).join('\n')}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
    close: async () => { server.closeAllConnections(); await new Promise<void>((resolve) => server.close(() => resolve())) }
  }
}
