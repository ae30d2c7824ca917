// An operator's crash test on every backend: the real relay process (src/main.ts) with PostgreSQL, 40 messages
// accepted, SIGKILL while ENDPOINT_CONCURRENCY deliveries hang at the receiver, restart at once. Every message must
// reach the receiver within 15 s of the restarted relay listening: a lapsed lease, not a 60 s visibility timeout or sweep,
// brings a job back, and a restarted Kafka relay comes up without waiting for its consumer group.
// Duplicates (the hung attempts, made again) are counted and printed, never lost messages.
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeWithService } from '@openmotion/test-services'
import { afterAll, describe, expect, it } from 'vitest'
import { freshDatabase, postJson, startRelayProcess, type RelayProcess } from './relay-process.js'

const ADMIN = 'crash-test-admin-key-0123456789'
const MESSAGES = 40
const RECOVERY_BAR_MS = 15_000

const running: RelayProcess[] = []
afterAll(async () => { await Promise.all(running.map((r) => r.kill())) })

/** Hangs every request until `answer()` is called (the relay dies mid-delivery), then answers 200 at once. */
async function hangingReceiver () {
  const received: string[] = []
  // Only answered requests count as delivered: a hung one died with the relay that sent it.
  const delivered = new Set<string>()
  let answering = false
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']))
      if (answering) {
        delivered.add(String(req.headers['webhook-id']))
        res.writeHead(200).end('ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    delivered,
    answer: () => { answering = true },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) })
  }
}

async function crashAndRestart (label: string, databaseAdminUrl: string, backendEnv: Record<string, string>): Promise<void> {
  const database = await freshDatabase(databaseAdminUrl)
  const receiver = await hangingReceiver()
  try {
    const env = {
      ...backendEnv,
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `crash-${randomUUID()}`,
      ADMIN_API_KEY: ADMIN,
      ALLOW_PRIVATE_DESTINATIONS: 'true',
      ENDPOINT_CONCURRENCY: '10'
    }
    const first = await startRelayProcess(env)
    running.push(first)
    const tenant = await postJson(first.url, '/v1/tenants', { name: 'crash' }, ADMIN)
    const key = String((await postJson(first.url, `/v1/tenants/${String(tenant.body.id)}/keys`, {}, ADMIN)).body.key)
    await postJson(first.url, '/v1/endpoints', { url: receiver.url }, key)
    const accepted: string[] = []
    for (let i = 0; i < MESSAGES; i++) {
      const res = await postJson(first.url, '/webhook', { event: 'crash.test', data: { i } }, key)
      expect(res.status).toBe(202)
      accepted.push(String(res.body.id))
    }
    // Kill once deliveries are hanging: when ENDPOINT_CONCURRENCY of them are, or once their number has stopped
    // growing for a second (a Kafka consumer holds fewer at once, depending on how the partitions fall).
    const deadline = Date.now() + 120_000
    let seen = 0
    let steadySince = Date.now()
    while (receiver.received.length < 10 && Date.now() < deadline) {
      if (receiver.received.length !== seen) { seen = receiver.received.length; steadySince = Date.now() }
      if (seen > 0 && Date.now() - steadySince > 1000) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(receiver.received.length).toBeGreaterThanOrEqual(1)
    await first.kill()
    receiver.answer()

    const second = await startRelayProcess(env)
    running.push(second)
    const restartedAt = Date.now()
    const missing = () => accepted.filter((id) => !receiver.delivered.has(id))
    while (missing().length > 0 && Date.now() - restartedAt < RECOVERY_BAR_MS + 75_000) await new Promise((resolve) => setTimeout(resolve, 50))
    const recoveryMs = Date.now() - restartedAt
    const duplicates = receiver.received.length - new Set(receiver.received).size
    console.log(
      `[crash-recovery] ${label}: ${MESSAGES} accepted, lost ${missing().length}, duplicates ${duplicates}, all delivered ${recoveryMs} ms after the restarted relay listened`
    )
    if (missing().length > 0 || recoveryMs > RECOVERY_BAR_MS) console.log(`[crash-recovery] ${label} restarted relay's log:\n${second.output().slice(-4000)}`)
    expect(missing()).toEqual([])
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_BAR_MS)
    await second.kill()
  } finally {
    await receiver.close()
    await database.drop()
  }
}

describeWithService('postgres', (databaseUrl) => {
  describe('SIGKILL mid-delivery, restart at once', () => {
    it('memory queue: re-queues from the database at start and delivers everything within seconds', async () => {
      await crashAndRestart('memory', databaseUrl, { STORAGE_TYPE: 'memory' })
    }, 240_000)

    describeWithService('redis', (redisUrl) => {
      it('Redis: takes back the dead relay\'s leased jobs within seconds and delivers everything', async () => {
        await crashAndRestart('redis', databaseUrl, { STORAGE_TYPE: 'redis', REDIS_URL: redisUrl })
      }, 240_000)
    })

    describeWithService('kafka', (broker) => {
      it('Kafka: comes up without waiting for the group join and delivers everything within seconds', async () => {
        await crashAndRestart('kafka', databaseUrl, { STORAGE_TYPE: 'kafka', KAFKA_BROKER: broker, KAFKA_PARTITIONS: '2' })
      }, 240_000)
    })
  })
})
