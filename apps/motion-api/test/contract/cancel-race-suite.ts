// Cancel against completion against the worker's claim, 20 jobs at once: whichever reaches the database first
// wins, in one locked transition. A job cancelled in time ends FAILURE / Cancelled with exactly one refund and
// cancel answers { result: true }; a job that finished first stays SUCCESS, charged, and cancel answers
// { result: false }. Run on each database and job queue.
import { expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { createMotionPipeline } from '../../src/adapters/motion-pipeline.js'
import type { AppOverrides } from '../../src/app.js'
import { ADMIN, buildTestApp, login, waitForJob } from '../helper.js'

export interface RaceSetup { env?: Record<string, string>, overrides?: AppOverrides, cleanup?: () => Promise<void> }

const JOBS = 20

/** Generation waits until the test opens the gate (or the job is aborted), so completions and cancels collide. */
function gatedPipeline () {
  const real = createMotionPipeline()
  let open!: () => void
  const gate = new Promise<void>((resolve) => { open = resolve })
  const pipeline = {
    ...real,
    generate: async (...args: Parameters<typeof real.generate>) => {
      const signal = args[4].signal
      await new Promise<void>((resolve, reject) => {
        gate.then(resolve, reject)
        signal.addEventListener('abort', () => { reject(signal.reason) }, { once: true })
      })
      return await real.generate(...args)
    }
  }
  return { pipeline, open }
}

export function cancelRaceSuite (setup: () => Promise<RaceSetup>): void {
  it(`settles ${JOBS} concurrent cancel / finish races one way each, refunding cancelled jobs exactly once`, async () => {
    const { env = {}, overrides = {}, cleanup } = await setup()
    const { pipeline, open } = gatedPipeline()
    let app: AppInstance | undefined
    try {
      app = await buildTestApp({ WORKER_CONCURRENCY: '10', ...env }, { ...overrides, pipeline })
      const server = app
      const cookie = await login(server)
      const balance = async () => (await server.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits as number
      const before = await balance()
      const rids: string[] = []
      for (let i = 0; i < JOBS; i++) {
        rids.push(
          (
            await server.inject({
              method: 'POST',
              url: '/job/v1/process/text2motion',
              headers: { cookie },
              payload: { params: ['prompt=nod', 'model=openmotion_mannequin', 'skipFBX=1'] }
            })
          ).json().rid
        )
      }
      // Ten run (held at the gate), ten wait in the queue; the gate opens and the cancels go out over 2.4 s, so
      // some land before completion, some during, some after, and some before the waiting ones are claimed.
      open()
      const results = await Promise.all(rids.map(async (rid, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 120))
        const response = await server.inject({ url: `/job/v1/cancel/${rid}`, headers: { cookie } })
        expect(response.statusCode).toBe(200)
        return response.json().result as boolean
      }))
      const records = await Promise.all(rids.map(async (rid) => await waitForJob(server, cookie, rid)))
      const ledger = (await server.inject({ url: '/admin/v1/clients/dev-client/ledger', headers: { authorization: `Bearer ${ADMIN}` } })).json()
        .entries as Array<{ kind: string, rid: string | null }>
      const listed = (await server.inject({ url: '/job/v1/list', headers: { cookie } })).json().list as Array<{ rid: string, chargedAmount: number }>
      rids.forEach((rid, i) => {
        const refunds = ledger.filter((e) => e.kind === 'refund' && e.rid === rid).length
        if (results[i] === true) {
          expect(records[i]).toMatchObject({ status: 'FAILURE', details: { exc_type: 'Cancelled' } })
          expect(refunds).toBe(1)
        } else {
          expect(records[i]).toMatchObject({ status: 'SUCCESS' })
          expect(refunds).toBe(0)
        }
      })
      // Still settled after any late progress write or worker step of the losers.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const after = (await server.inject({ url: `/job/v1/status/${rids.join(',')}`, headers: { cookie } })).json().status as Array<{ status: string }>
      expect(after.map((r) => r.status)).toEqual(records.map((r) => r.status))
      const charged = listed.filter((j) => rids.includes(j.rid)).reduce((sum, j) => sum + j.chargedAmount, 0)
      expect(await balance()).toBe(before - charged)
      expect(results.filter(Boolean).length).toBeGreaterThan(0)
    } finally {
      open()
      await app?.close()
      await cleanup?.()
    }
  }, 240_000)
}
