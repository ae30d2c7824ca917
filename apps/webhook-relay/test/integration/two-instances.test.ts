// Two relay processes (src/main.ts) behind one address, as the Helm chart runs them: the same PostgreSQL database
// and the same Redis or Kafka queue, nothing else shared. An Idempotency-Key holds across them (the same request on
// both at once is one message, delivered once, and a different body under that key is refused by either), and an
// API key revoked through one is refused by the other once that instance's key cache lapses (KEY_CACHE_MS, 5 s, in
// adapters/tenant-store.ts): the time it took is printed, and a generous ceiling fails a key that stays valid.
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeWithService } from '@openmotion/test-services'
import { afterAll, describe, expect, it } from 'vitest'
import { freshDatabase, postJson, startRelayProcess, type RelayProcess } from './relay-process.js'

const ADMIN = 'two-instances-admin-key-0123456789'
// The other instance's cache holds a key this long (tenant-store.ts); the ceiling adds time for a loaded machine.
const KEY_CACHE_MS = 5000
const REVOCATION_CEILING_MS = KEY_CACHE_MS + 10_000

const running: RelayProcess[] = []
afterAll(async () => { await Promise.all(running.map((r) => r.kill())) })

/** Counts the deliveries of each message (by its webhook-id) and answers 200. */
async function countingReceiver () {
  const deliveries = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const id = String(req.headers['webhook-id'])
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1)
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    close: async () => { await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => { resolve() }) }) }
  }
}

async function until (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function postWebhook (base: string, key: string, body: unknown, idempotencyKey?: string) {
  const response = await fetch(`${base}/webhook`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) },
    body: JSON.stringify(body)
  })
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body: await response.json() as Record<string, unknown> }
}

function twoInstances (label: string, databaseAdminUrl: string, queueEnv: Record<string, string>): void {
  it(`${label}: an Idempotency-Key holds across both instances, and a key revoked on one is refused by the other`, async () => {
    const database = await freshDatabase(databaseAdminUrl)
    const receiver = await countingReceiver()
    try {
      const env = { ...queueEnv, DATABASE_URL: database.url, QUEUE_PREFIX: `two-${randomUUID()}`, ADMIN_API_KEY: ADMIN, ALLOW_PRIVATE_DESTINATIONS: 'true' }
      // One after the other: the first migrates the fresh database, the second finds it migrated.
      const a = await startRelayProcess(env)
      running.push(a)
      const b = await startRelayProcess(env)
      running.push(b)

      const tenant = await postJson(a.url, '/v1/tenants', { name: 'two-instances' }, ADMIN)
      const created = (await postJson(b.url, `/v1/tenants/${String(tenant.body.id)}/keys`, {}, ADMIN)).body
      const key = String(created.key)
      expect((await postJson(a.url, '/v1/endpoints', { url: receiver.url }, key)).status).toBe(201)

      // The same request on both instances at once, then once more on each: one message.
      const body = { event: 'order.paid', data: { order: 42 } }
      const racing = await Promise.all([postWebhook(a.url, key, body, 'order-42'), postWebhook(b.url, key, body, 'order-42')])
      const repeats = [await postWebhook(b.url, key, body, 'order-42'), await postWebhook(a.url, key, body, 'order-42')]
      const answers = [...racing, ...repeats]
      expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202])
      const id = String(answers[0]?.body.id)
      expect(new Set(answers.map((r) => r.body.id))).toEqual(new Set([id]))
      expect(answers.filter((r) => !r.replayed)).toHaveLength(1)
      // Another body under the same key is a conflict on either instance.
      for (const base of [a.url, b.url]) {
        const conflict = await postWebhook(base, key, { event: 'order.paid', data: { order: 43 } }, 'order-42')
        expect(conflict.status).toBe(409)
        expect((conflict.body.error as { code: string }).code).toBe('RELAY_IDEMPOTENCY_CONFLICT')
      }
      // Delivered once: a message accepted after it, through the other instance, arrives too, and the first has
      // still been delivered once (the receiver counts by webhook-id).
      const later = await postWebhook(a.url, key, { event: 'order.shipped', data: { order: 42 } })
      expect(later.status).toBe(202)
      await until('both messages delivered', () => receiver.deliveries.has(id) && receiver.deliveries.has(String(later.body.id)))
      expect(receiver.deliveries.get(id)).toBe(1)

      // Both instances have the key cached (each just authenticated it); revoke it through A.
      const listed = async (base: string): Promise<number> => (await fetch(`${base}/v1/endpoints`, { headers: { authorization: `Bearer ${key}` } })).status
      expect([await listed(a.url), await listed(b.url)]).toEqual([200, 200])
      const revokedAt = Date.now()
      const revoke = await fetch(`${a.url}/v1/tenants/${String(tenant.body.id)}/keys/${String(created.id)}`, { method: 'DELETE', headers: { authorization: `Bearer ${ADMIN}` } })
      expect(revoke.status).toBe(204)
      expect(await listed(a.url)).toBe(401)
      await until('the other instance to refuse the revoked key', async () => await listed(b.url) === 401, REVOCATION_CEILING_MS)
      const seenAfter = Date.now() - revokedAt
      console.log(`webhook-relay, ${label}: a key revoked on one instance was refused by the other ${seenAfter} ms later (cache ${KEY_CACHE_MS} ms)`)
      expect(await postWebhook(b.url, key, body)).toMatchObject({ status: 401 })
    } finally {
      await Promise.all(running.splice(0).map((r) => r.kill()))
      await receiver.close()
      await database.drop()
    }
  }, 240_000)
}

describeWithService('postgres', (databaseUrl) => {
  describeWithService('redis', (redisUrl) => {
    describe('two relay instances', () => { twoInstances('Redis queue', databaseUrl, { STORAGE_TYPE: 'redis', REDIS_URL: redisUrl }) })
  })
  describeWithService('kafka', (broker) => {
    describe('two relay instances', () => { twoInstances('Kafka queue', databaseUrl, { STORAGE_TYPE: 'kafka', KAFKA_BROKER: broker }) })
  })
})
