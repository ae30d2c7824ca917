// Submissions survive the queue going away and the API process dying between the commit and the enqueue, over
// real processes (src/main.ts), a real PostgreSQL and a private redis-server this test stops and starts. Every
// accepted job runs exactly once when Redis is back, and is charged once; nothing is charged that never runs.
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from '@openmotion/common'
import { describeWithService, freePort, privateRedisAvailable, spawnMain, startPrivateRedis, type MainProcess, type PrivateRedis } from '@openmotion/test-services'
import { freshDatabase } from './fresh-database.js'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const ADMIN = 'admin-token-for-outbox-tests-0123456789'
const PROMPTS = ['walk forward', 'jump twice', 'clap hands']

interface Api { process: MainProcess, base: string }
interface JobRecord { rid: string, status: string, chargedAmount: number, processingInfo: { attempt?: number } }
interface LedgerEntry { kind: string, rid: string | null, amount: number }

async function startApi (env: Record<string, string>): Promise<Api> {
  const port = await freePort()
  const process = spawnMain(main, { ...env, MOTION_PORT: String(port), HOST: '127.0.0.1', ADMIN_API_KEY: ADMIN, RENDER_ENABLED: 'false' })
  await process.waitFor('Server listening', 120_000)
  return { process, base: `http://127.0.0.1:${port}` }
}

async function signIn (api: Api): Promise<string> {
  const response = await fetch(`${api.base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
  expect(response.status).toBe(200)
  return /dmsess=[^;]+/.exec(response.headers.get('set-cookie') ?? '')![0]
}

async function submit (api: Api, cookie: string, prompt: string): Promise<string> {
  const response = await fetch(`${api.base}/job/v1/process/text2motion`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] })
  })
  const body = await response.json() as { rid: string }
  expect({ status: response.status, body }).toMatchObject({ status: 200, body: { rid: expect.any(String) } })
  return body.rid
}

async function jobs (api: Api, cookie: string): Promise<JobRecord[]> {
  return (await (await fetch(`${api.base}/job/v1/list`, { headers: { cookie } })).json() as { list: JobRecord[] }).list
}

async function waitUntilFinished (api: Api, cookie: string, rids: string[]): Promise<JobRecord[]> {
  for (;;) {
    const mine = (await jobs(api, cookie)).filter((j) => rids.includes(j.rid))
    if (mine.length === rids.length && mine.every((j) => j.status !== 'PROGRESS')) return mine
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Rows leased to a process that died wait out their lease (10 s) before the tick publishes and deletes them. */
async function outboxDrained (outboxRows: () => Promise<string[]>): Promise<void> {
  while ((await outboxRows()).length > 0) await new Promise((resolve) => setTimeout(resolve, 200))
}

async function ledger (api: Api): Promise<LedgerEntry[]> {
  const response = await fetch(`${api.base}/admin/v1/clients/dev-client/ledger`, { headers: { authorization: `Bearer ${ADMIN}` } })
  return (await response.json() as { entries: LedgerEntry[] }).entries
}

/** Each job succeeded on its first delivery and was charged once, never refunded. */
async function expectRunOnceChargedOnce (api: Api, finished: JobRecord[]): Promise<void> {
  const entries = await ledger(api)
  for (const job of finished) {
    expect(job).toMatchObject({ status: 'SUCCESS', processingInfo: { attempt: 1 } })
    expect(job.chargedAmount).toBeGreaterThan(0)
    const own = entries.filter((e) => e.rid === job.rid)
    expect(own.filter((e) => e.kind === 'refund')).toEqual([])
    expect(own.reduce((sum, e) => sum + e.amount, 0)).toBe(-job.chargedAmount)
  }
}

describeWithService('postgres', (serverUrl) => {
  const redisInstalled = privateRedisAvailable()
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setUp (): Promise<{ redis: PrivateRedis, env: Record<string, string>, outboxRows: () => Promise<string[]> }> {
    const db = await freshDatabase(serverUrl, 'motion_outbox')
    cleanups.push(db.drop)
    const redis = await startPrivateRedis()
    cleanups.push(redis.close)
    const reader = await openDatabase({ url: db.url })
    cleanups.push(async () => { await reader.close() })
    const env = { DATABASE_URL: db.url, STORAGE_TYPE: 'redis', REDIS_URL: redis.url, QUEUE_PREFIX: `outbox-${randomUUID()}` }
    return { redis, env, outboxRows: async () => (await reader.query<{ rid: string }>('SELECT rid FROM motion_job_outbox ORDER BY rid')).rows.map((r) => r.rid) }
  }

  function stopped (api: Api): () => Promise<void> {
    return async () => {
      if (api.process.child.exitCode === null && api.process.child.signalCode === null) {
        api.process.child.kill('SIGTERM')
        await api.process.exited()
      }
    }
  }

  it.runIf(redisInstalled)('accepts submissions while Redis is stopped, and runs each exactly once when it is back', async () => {
    const { redis, env, outboxRows } = await setUp()
    const api = await startApi(env)
    cleanups.push(stopped(api))
    const cookie = await signIn(api)
    await redis.stop()

    const rids: string[] = []
    for (const prompt of PROMPTS) rids.push(await submit(api, cookie, prompt))
    expect(await outboxRows()).toEqual([...rids].sort())
    expect((await jobs(api, cookie)).filter((j) => rids.includes(j.rid)).map((j) => j.status)).toEqual(['PROGRESS', 'PROGRESS', 'PROGRESS'])

    await redis.start()
    await expectRunOnceChargedOnce(api, await waitUntilFinished(api, cookie, rids))
    expect(await outboxRows()).toEqual([])
    expect(api.process.child.exitCode).toBeNull()
  }, 240_000)

  it.runIf(redisInstalled)('queues the jobs of a process killed (-9) after their commit and before their enqueue, once each', async () => {
    const { redis, env, outboxRows } = await setUp()
    const first = await startApi(env)
    cleanups.push(stopped(first))
    const cookie = await signIn(first)
    // With Redis stopped the enqueue cannot have happened when the answer arrives: the process dies in between.
    await redis.stop()
    const rids: string[] = []
    for (const prompt of PROMPTS) rids.push(await submit(first, cookie, prompt))
    first.process.child.kill('SIGKILL')
    await first.process.exited()
    expect(await outboxRows()).toEqual([...rids].sort())

    await redis.start()
    const second = await startApi(env)
    cleanups.push(stopped(second))
    const secondCookie = await signIn(second)
    await waitUntilFinished(second, secondCookie, rids)
    // The start-up recovery may queue the jobs before the dead process's leases lapse; the rows are published
    // after that, and those second pushes must not run or charge anything again.
    await outboxDrained(outboxRows)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await expectRunOnceChargedOnce(second, await waitUntilFinished(second, secondCookie, rids))
  }, 240_000)
})
