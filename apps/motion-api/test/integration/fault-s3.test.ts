// Fault drill: the object store (a private SeaweedFS, FILE_STORE=s3) stops for a few seconds while a load generator
// submits and polls jobs, asks for download links and stores a character thumbnail (which reads the bucket) against
// motion-api as its own process (src/main.ts) on a fresh PostgreSQL database. During the outage /readyz answers 503;
// submissions, polls and links (pre-signed without the store) still answer 200; a request that needs the bucket
// answers 503 with Retry-After, never 500 or a hang. After it, /readyz is back within 15 s, every accepted job
// succeeds (the worker waits for the store instead of failing the job) and is charged once, and the process lives.
import { expect, it } from 'vitest'
import { describeWithService, faultSuite, runFaultDrill, startPrivateSeaweedfs, timedFetch, uncleanOutcomes } from '@openmotion/test-services'
import { netCharge, startMotionProcess } from './fault-drill-app.js'
import { freshDatabase } from './fresh-database.js'

describeWithService('postgres', (serverUrl) => {
  const suite = faultSuite()

  it('keeps answering through an object-store restart under load: 503 with Retry-After where the bucket is needed, no job lost', async () => {
    const db = suite.database(await freshDatabase(serverUrl, 'motion_fault_s3'))
    const store = suite.service(await startPrivateSeaweedfs())
    const api = suite.process(await startMotionProcess({
      DATABASE_URL: db.url,
      FILE_STORE: 's3',
      S3_ENDPOINT: store.endpoint,
      S3_ACCESS_KEY_ID: store.accessKeyId,
      S3_SECRET_ACCESS_KEY: store.secretAccessKey,
      S3_BUCKET: 'fault-drill'
    }))
    await api.ready()
    const cookie = await api.session()
    const json = { cookie, 'content-type': 'application/json' }

    // A character whose thumbnail upload storeModel reads from the bucket on every call of the drill.
    const models = JSON.parse((await timedFetch(`${api.base}/character/v1/listModels?stockModel=1`, { headers: { cookie } })).body) as Array<{ Id: string, glb: string, thumb: string }>
    const athlete = models.find((m) => m.Id === 'openmotion_athlete')!
    const [glb, png] = await Promise.all([athlete.glb, athlete.thumb].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())))
    const slots = JSON.parse((await timedFetch(`${api.base}/character/v1/getModelUploadUrl?modelExt=glb&thumbExt=png&resumable=0`, { headers: { cookie } })).body) as {
      modelUrl: string
      thumbUrl: string
    }
    expect((await fetch(slots.modelUrl, { method: 'PUT', body: glb! })).status).toBe(200)
    expect((await fetch(slots.thumbUrl, { method: 'PUT', body: png! })).status).toBe(200)
    const stored = await timedFetch(`${api.base}/character/v1/storeModel`, { method: 'POST', headers: json, body: JSON.stringify({ modelUrl: slots.modelUrl }) })
    expect(stored.status, stored.body).toBe(200)
    const modelId = (JSON.parse(stored.body) as { modelId: string }).modelId

    const accepted: string[] = []
    const retryAfter: Array<string | null> = []
    let slowest = 0
    let round = 0
    const result = await runFaultDrill({
      readyUrl: `${api.base}/readyz`,
      fault: store,
      load: async (record) => {
        const submitted = await api.submit(cookie, round++)
        record('submit', submitted)
        if (submitted.status === 200) accepted.push((JSON.parse(submitted.body) as { rid: string }).rid)
        record('status', await api.status(cookie, accepted.slice(-5)))
        if (accepted.length > 0) record('download', await timedFetch(`${api.base}/job/v1/download/${accepted[0]!}`, { headers: { cookie } }))
        // Up to three store calls, each given up after the store stays silent for seconds (a server shutting down
        // accepts and never answers): 30 s is a hang, a slow 503 is not.
        const began = Date.now()
        try {
          const response = await fetch(`${api.base}/character/v1/storeModel`, {
            method: 'POST', headers: json, body: JSON.stringify({ modelId, thumbUrl: slots.thumbUrl }), signal: AbortSignal.timeout(30_000)
          })
          slowest = Math.max(slowest, Date.now() - began)
          if (response.status === 503) retryAfter.push(response.headers.get('retry-after'))
          record('storeModel', { status: response.status, body: await response.text() })
        } catch (error) {
          record('storeModel', { status: 0, body: String(error) })
        }
      }
    })
    console.log(`motion-api, object-store restart: /readyz back ${String(result.recoveryMs)} ms after SeaweedFS answered (restart ${result.restartMs} ms); ` +
      `${result.outcomes.filter((o) => o.phase === 'outage').length} requests during the outage, ${retryAfter.length} answered 503, slowest storeModel ${slowest} ms`)

    expect(result.outageReadiness).toContain(503)
    expect(result.recoveryMs).toBeDefined()
    expect(uncleanOutcomes(result.outcomes, [200], 503)).toEqual([])
    expect(retryAfter.every((value) => value !== null && Number(value) > 0)).toBe(true)
    // Submissions, polls and links never needed the store.
    const needless = result.outcomes.filter((o) => o.route !== 'storeModel' && o.status !== 200)
    expect(needless.map((o) => `${o.route} ${o.phase}: ${o.status}`)).toEqual([])
    expect(result.outcomes.filter((o) => o.phase === 'outage' && o.route === 'submit').length).toBeGreaterThan(0)
    expect(result.outcomes.filter((o) => o.phase === 'after' && o.route === 'storeModel').every((o) => o.status === 200)).toBe(true)

    const { jobs, ledger } = await api.settled(cookie, accepted)
    expect(jobs).toHaveLength(accepted.length)
    for (const job of jobs) {
      expect(job, JSON.stringify(job)).toMatchObject({ status: 'SUCCESS' })
      expect(netCharge(ledger, job.rid), job.rid).toEqual({ total: -job.chargedAmount, refunds: 0 })
    }
    expect(api.process.child.exitCode).toBeNull()
  }, 300_000)
})
