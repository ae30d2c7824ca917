// Fault drill: PostgreSQL restarts (fast shutdown: every session is terminated) for a few seconds while a load
// generator submits and polls jobs against motion-api as its own process (src/main.ts), on a private PostgreSQL (the
// shared one serves other suites) and the shared Redis job queue under a prefix of its own. During the outage
// /readyz answers 503 and a request that needs the database gets a clean 503 with code 503 (never a 500, a stack or
// a hang). After it, /readyz is back within 15 s; every accepted job succeeds and is charged once (a job the outage
// interrupted is run again: at-least-once, a second attempt at most); the process never exits.
import { expect } from 'vitest'
import { describeWithService, itThroughPostgresFault, runFaultDrill, uncleanOutcomes } from '@openmotion/test-services'
import { codeOf, errors } from '../../src/errors.js'
import { netCharge, startMotionProcess } from './fault-drill-app.js'

describeWithService('redis', (redisUrl) => {
  itThroughPostgresFault('motion', 'answers 503 while PostgreSQL restarts under load, is ready again within 15 s, and loses nothing accepted', async ({ postgres, databaseUrl, suite }) => {
    const api = suite.process(await startMotionProcess({ DATABASE_URL: databaseUrl, STORAGE_TYPE: 'redis', REDIS_URL: redisUrl }))
    await api.ready()
    const cookie = await api.session()

    const accepted: string[] = []
    let round = 0
    const result = await runFaultDrill({
      readyUrl: `${api.base}/readyz`,
      fault: postgres,
      load: async (record) => {
        const submitted = await api!.submit(cookie, round++)
        record('submit', submitted)
        if (submitted.status === 200) accepted.push((JSON.parse(submitted.body) as { rid: string }).rid)
        if (accepted.length > 0) record('status', await api!.status(cookie, accepted.slice(-5)))
      }
    })
    const during = result.outcomes.filter((o) => o.phase === 'outage')
    console.log(`motion-api, PostgreSQL restart: /readyz back ${String(result.recoveryMs)} ms after PostgreSQL accepted connections ` +
      `(restart ${result.restartMs} ms); ${during.length} requests during the outage, ${during.filter((o) => o.status === 503).length} answered 503`)

    if (result.recoveryMs === undefined || api.process.child.exitCode !== null) console.log(`motion-api output:\n${api.process.output().slice(-5000)}`)
    expect(result.outageReadiness).toContain(503)
    expect(result.recoveryMs).toBeDefined()
    expect(uncleanOutcomes(result.outcomes, [200], codeOf(errors.SERVICE_UNAVAILABLE))).toEqual([])
    expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0)
    expect(result.outcomes.filter((o) => o.phase === 'after' && o.route === 'submit' && o.status === 200).length).toBeGreaterThan(0)

    const { jobs, ledger } = await api.settled(cookie, accepted)
    expect(jobs).toHaveLength(accepted.length)
    for (const job of jobs) {
      expect(job, job.rid).toMatchObject({ status: 'SUCCESS' })
      expect(job.processingInfo.attempt, job.rid).toBeLessThanOrEqual(2)
      expect(netCharge(ledger, job.rid), job.rid).toEqual({ total: -job.chargedAmount, refunds: 0 })
    }
    expect(api.process.child.exitCode).toBeNull()
  })
})
