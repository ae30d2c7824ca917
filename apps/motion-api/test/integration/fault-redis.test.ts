// Fault drill: Redis (the job queue) stops for a few seconds while a load generator submits jobs and polls their
// status against motion-api as its own process (src/main.ts), on a private redis-server (the shared one serves
// other suites) and a fresh PostgreSQL database. During the outage /readyz answers 503, submissions are still
// accepted (they wait in the outbox) and polls answer from the database; nothing answers 500 or hangs. After it,
// /readyz is back within 15 s, every accepted job runs exactly once and is charged once, and the process never exits.
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { describeWithService, freePort, privateRedisAvailable, spawnMain, startPrivateRedis, type MainProcess, type PrivateRedis } from '@openmotion/test-services'
import { freshDatabase } from './fresh-database.js'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const ADMIN = 'admin-token-for-fault-tests-0123456789'
const PROMPTS = ['walk forward', 'jump twice', 'clap hands', 'wave', 'nod']
const OUTAGE_MS = 4000
const RECOVERY_LIMIT_MS = 15_000

type Phase = 'before' | 'outage' | 'after'
interface Outcome { phase: Phase, route: 'submit' | 'status', status: number, body: string }
interface JobRecord { rid: string, status: string, chargedAmount: number, processingInfo: { attempt?: number } }
interface LedgerEntry { kind: string, rid: string | null, amount: number }

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

/** A request that cannot hang the test: an answer within 10 s or a recorded failure (status 0). */
async function timed (url: string, init: RequestInit = {}): Promise<{ status: number, body: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { status: 0, body: String(error) }
  }
}

describeWithService('postgres', (serverUrl) => {
  const redisInstalled = privateRedisAvailable()
  let redis: PrivateRedis | undefined
  let api: MainProcess | undefined
  let dropDatabase: (() => Promise<void>) | undefined
  afterAll(async () => {
    if (api !== undefined && api.child.exitCode === null) {
      api.child.kill('SIGTERM')
      await api.exited()
    }
    await redis?.close()
    await dropDatabase?.()
  })

  it.runIf(redisInstalled)('keeps accepting and answering through a Redis restart under load, and loses nothing', async () => {
    const db = await freshDatabase(serverUrl, 'motion_fault_redis')
    dropDatabase = db.drop
    redis = await startPrivateRedis()
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    api = spawnMain(main, {
      DATABASE_URL: db.url,
      STORAGE_TYPE: 'redis',
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `fault-${randomUUID()}`,
      MOTION_PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_API_KEY: ADMIN,
      RENDER_ENABLED: 'false',
      LOG_LEVEL: 'warn'
    })
    for (let i = 0; (await timed(`${base}/readyz`)).status !== 200; i++) {
      if (i > 600 || api.child.exitCode !== null) throw new Error(`motion-api never became ready:\n${api.output()}`)
      await sleep(200)
    }
    const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
    const cookie = /dmsess=[^;]+/.exec(auth.headers.get('set-cookie') ?? '')![0]

    let phase: Phase = 'before'
    const loadRunning = { value: true }
    const outcomes: Outcome[] = []
    const accepted: string[] = []
    const load = (async () => {
      for (let i = 0; loadRunning.value; i++) {
        const submitted = await timed(`${base}/job/v1/process/text2motion`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ params: [`prompt=${PROMPTS[i % PROMPTS.length]!}`, 'model=openmotion_mannequin', 'skipFBX=1'] })
        })
        outcomes.push({ phase, route: 'submit', ...submitted })
        if (submitted.status === 200) accepted.push((JSON.parse(submitted.body) as { rid: string }).rid)
        if (accepted.length > 0) outcomes.push({ phase, route: 'status', ...await timed(`${base}/job/v1/status/${accepted.slice(-5).join(',')}`, { headers: { cookie } }) })
        await sleep(150)
      }
    })()

    await sleep(2000)
    phase = 'outage'
    await redis.stop()
    const outageReadiness: number[] = []
    const outageEnds = Date.now() + OUTAGE_MS
    while (Date.now() < outageEnds) {
      outageReadiness.push((await timed(`${base}/readyz`)).status)
      await sleep(250)
    }
    await redis.start()
    const restarted = Date.now()
    let recoveryMs = -1
    while (Date.now() - restarted < RECOVERY_LIMIT_MS) {
      if ((await timed(`${base}/readyz`)).status === 200) {
        recoveryMs = Date.now() - restarted
        break
      }
      await sleep(100)
    }
    phase = 'after'
    await sleep(2000)
    loadRunning.value = false
    await load

    // Readiness tells the outage, and comes back within the limit once Redis does.
    expect(outageReadiness).toContain(503)
    expect(recoveryMs).toBeGreaterThanOrEqual(0)
    console.log(`motion-api, Redis restart: /readyz back ${recoveryMs} ms after redis-server answered; ${outcomes.filter((o) => o.phase === 'outage').length} requests during the outage`)

    // Every answer is a 200 or a clean 503, with no stack and no hang, and the outage saw submissions accepted.
    for (const outcome of outcomes) {
      expect([200, 503], `${outcome.route} ${outcome.phase}: ${outcome.status} ${outcome.body.slice(0, 300)}`).toContain(outcome.status)
      expect(outcome.body).not.toMatch(/\n\s+at /)
    }
    expect(outcomes.filter((o) => o.phase === 'outage' && o.route === 'submit' && o.status === 200).length).toBeGreaterThan(0)

    // Nothing accepted is lost: each job succeeds on its first delivery and is charged once.
    let finished: JobRecord[] = []
    for (let i = 0; i < 600; i++) {
      const list = (JSON.parse((await timed(`${base}/job/v1/list`, { headers: { cookie } })).body) as { list: JobRecord[] }).list
      finished = list.filter((j) => accepted.includes(j.rid))
      if (finished.length === accepted.length && finished.every((j) => j.status !== 'PROGRESS')) break
      await sleep(500)
    }
    const ledger = (JSON.parse((await timed(`${base}/admin/v1/clients/dev-client/ledger`, { headers: { authorization: `Bearer ${ADMIN}` } })).body) as {
      entries: LedgerEntry[]
    }).entries
    expect(finished).toHaveLength(accepted.length)
    for (const job of finished) {
      expect(job, job.rid).toMatchObject({ status: 'SUCCESS', processingInfo: { attempt: 1 } })
      const own = ledger.filter((e) => e.rid === job.rid)
      expect(own.filter((e) => e.kind === 'refund')).toEqual([])
      expect(own.reduce((sum, e) => sum + e.amount, 0)).toBe(-job.chargedAmount)
    }
    expect(api.child.exitCode).toBeNull()
  }, 600_000)
})
