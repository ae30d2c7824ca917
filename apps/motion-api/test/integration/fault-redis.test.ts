// Fault drill: Redis (the job queue) is down when motion-api starts, then stops for a few seconds while a load
// generator submits, polls and cancels jobs against motion-api as its own process (src/main.ts), on a private
// redis-server (the shared one serves other suites) and a fresh PostgreSQL database. The process starts anyway and
// answers /readyz 200 `degraded` (the queue named) until Redis answers. During the outage /readyz stays 200 and says
// `degraded`, submissions are still accepted (they wait in the outbox), polls answer from the database and cancels
// succeed; nothing answers 500 or hangs. After it, /readyz says `ok` within 15 s, every accepted job runs exactly
// once and is charged once (a cancelled one is refunded and never runs), and the process never exits.
import { expect, it } from 'vitest'
import { describeWithService, faultSuite, privateRedisAvailable, runFaultDrill, startPrivateRedis, timedFetch } from '@openmotion/test-services'
import { fullyReady, netCharge, startMotionProcess } from './fault-drill-app.js'
import { freshDatabase } from './fresh-database.js'

const RECOVERY_LIMIT_MS = 15_000
const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

describeWithService('postgres', (serverUrl) => {
  const redisInstalled = privateRedisAvailable()
  const suite = faultSuite()

  it.runIf(redisInstalled)('starts while Redis is down, then keeps accepting and answering through a Redis restart under load, and loses nothing', async () => {
    const db = suite.database(await freshDatabase(serverUrl, 'motion_fault_redis'))
    const redis = suite.service(await startPrivateRedis())
    await redis.stop()
    const api = suite.process(await startMotionProcess({ DATABASE_URL: db.url, STORAGE_TYPE: 'redis', REDIS_URL: redis.url }))

    // Built and serving, the database ready, only the queue failing: the process waits for Redis instead of exiting.
    let checks: Record<string, string> = {}
    for (let i = 0; !(checks.database === 'ok' && checks.queue?.startsWith('failed') === true); i++) {
      if (i > 600 || api.process.child.exitCode !== null) throw new Error(`motion-api never served while Redis was down:\n${api.process.output()}`)
      await sleep(200)
      const readiness = await timedFetch(`${api.base}/readyz`)
      if (readiness.status === 200 && readiness.body.includes('"status":"degraded"')) checks = (JSON.parse(readiness.body) as { checks: Record<string, string> }).checks
    }
    await redis.start()
    const redisBack = Date.now()
    await api.ready()
    const startRecoveryMs = Date.now() - redisBack
    expect(startRecoveryMs).toBeLessThan(RECOVERY_LIMIT_MS)
    const cookie = await api.session()

    const accepted: string[] = []
    const cancelled = new Set<string>()
    let round = 0
    let acceptedInOutage = 0
    // The drill's outage phase begins as redis-server is told to stop, and it serves for up to 100 ms more (it acts
    // on SIGTERM in its next cron tick): a job is cancelled as one the queue never had only while Redis is gone.
    let redisGone = false
    const fault = {
      stop: async () => { await redis.stop(); redisGone = true },
      start: async () => { redisGone = false; await redis.start() }
    }
    const result = await runFaultDrill({
      readyUrl: `${api.base}/readyz`,
      isReady: fullyReady,
      fault,
      load: async (record, phase) => {
        const submittedWhileGone = redisGone
        const submitted = await api!.submit(cookie, round++)
        record('submit', submitted)
        if (submitted.status !== 200) return
        const rid = (JSON.parse(submitted.body) as { rid: string }).rid
        accepted.push(rid)
        record('status', await api!.status(cookie, accepted.slice(-5)))
        // Every other job submitted while Redis is down is cancelled at once (it is still in the outbox).
        if (phase === 'outage' && submittedWhileGone && acceptedInOutage++ % 2 === 0) {
          const answer = await api!.cancel(cookie, rid)
          record('cancel', answer)
          if (answer.status === 200 && (JSON.parse(answer.body) as { result: boolean }).result) cancelled.add(rid)
        }
      }
    })
    console.log(`motion-api, Redis down at start: /readyz ok ${startRecoveryMs} ms after redis-server answered`)
    console.log(`motion-api, Redis restart: /readyz back ${String(result.recoveryMs)} ms after redis-server answered; ` +
      `${result.outcomes.filter((o) => o.phase === 'outage').length} requests during the outage, ${cancelled.size} cancels`)

    // Ready all along (the outbox accepts), the queue reported degraded, then ok again.
    expect(result.outageReadiness).toEqual(result.outageReadiness.map(() => 200))
    expect(result.outageReady).toContain(false)
    expect(result.recoveryMs).toBeDefined()
    // Submissions, polls and cancels all succeed through the outage: only readiness tells it.
    const failed = result.outcomes.filter((o) => o.status !== 200)
    expect(failed.map((o) => `${o.route} ${o.phase}: ${o.status} ${o.body.slice(0, 300)}`)).toEqual([])
    expect(result.outcomes.filter((o) => o.phase === 'outage' && o.route === 'submit').length).toBeGreaterThan(0)
    expect(cancelled.size).toBeGreaterThan(0)

    // Nothing accepted is lost: each job succeeds on its first delivery and is charged once; a cancelled one never
    // ran and was refunded.
    const { jobs, ledger } = await api.settled(cookie, accepted)
    expect(jobs).toHaveLength(accepted.length)
    for (const job of jobs) {
      if (cancelled.has(job.rid)) {
        expect(job, job.rid).toMatchObject({ status: 'FAILURE', chargedAmount: 0 })
        expect(job.processingInfo.attempt, job.rid).toBeUndefined()
        expect(netCharge(ledger, job.rid)).toEqual({ total: 0, refunds: 1 })
      } else {
        expect(job, job.rid).toMatchObject({ status: 'SUCCESS', processingInfo: { attempt: 1 } })
        expect(netCharge(ledger, job.rid), job.rid).toEqual({ total: -job.chargedAmount, refunds: 0 })
      }
    }
    expect(api.process.child.exitCode).toBeNull()
  }, 300_000)
})
