// An API-only process (MOTION_ROLE=api) builds no job worker and no engine: it submits, places and cancels jobs
// through the queue alone, and a worker elsewhere runs them (test/integration/separate-worker.test.ts runs both
// as processes against Redis).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { createMemoryCancelBus, createMemoryJobQueue } from '../src/adapters/job-queue.js'
import type { CancelMessage } from '../src/domain/ports.js'
import type * as JobWorkerModule from '../src/worker/job-worker.js'
import type * as Engine from '@openmotion/motion-engine'
import { buildTestApp, login } from './helper.js'

const built = vi.hoisted(() => ({ engines: 0, workers: 0 }))
vi.mock('@openmotion/motion-engine', async (importOriginal) => {
  const engine = await importOriginal<typeof Engine>()
  return { ...engine, createEngine: (...args: Parameters<typeof engine.createEngine>) => { built.engines++; return engine.createEngine(...args) } }
})
vi.mock('../src/worker/job-worker.js', async (importOriginal) => {
  const module = await importOriginal<typeof JobWorkerModule>()
  class CountedJobWorker extends module.JobWorker {
    constructor (...args: ConstructorParameters<typeof module.JobWorker>) { super(...args); built.workers++ }
  }
  return { ...module, JobWorker: CountedJobWorker }
})

describe('MOTION_ROLE=api', () => {
  const queue = createMemoryJobQueue()
  const cancels = createMemoryCancelBus()
  const told: CancelMessage[] = []
  let app: AppInstance
  let cookie: string
  const submit = async (): Promise<string> => (await app.inject({
    method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params: ['prompt=walk forward', 'model=openmotion_mannequin', 'skipFBX=1'] }
  })).json<{ rid: string }>().rid

  beforeAll(async () => {
    await cancels.subscribe((message) => { told.push(message) })
    app = await buildTestApp({ MOTION_ROLE: 'api', STORAGE_TYPE: 'redis', REDIS_URL: 'redis://127.0.0.1:1' }, { queue: { queue, cancels } })
    await app.ready()
    cookie = await login(app)
  })
  afterAll(async () => { await app.close() })

  it('builds no job worker and no engine', () => {
    expect(built).toEqual({ engines: 0, workers: 0 })
  })

  it('places waiting jobs in line, and cancels one by withdrawing it from the queue, refunded once', async () => {
    const before = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json<{ credits: number }>().credits
    const first = await submit()
    const second = await submit()
    const status = (await app.inject({ url: `/job/v1/status/${first},${second}`, headers: { cookie } })).json<{ status: Array<{ positionInQueue: number }> }>()
    expect(status.status.map((s) => s.positionInQueue)).toEqual([1, 2])

    expect((await app.inject({ url: `/job/v1/cancel/${first}`, headers: { cookie } })).json()).toEqual({ result: true })
    expect((await app.inject({ url: `/job/v1/cancel/${first}`, headers: { cookie } })).json()).toEqual({ result: false })
    expect(await queue.positions([first, second])).toEqual(new Map([[second, 1]]))
    const [cancelled] = (await app.inject({ url: `/job/v1/status/${first}`, headers: { cookie } })).json<{ status: Array<{ status: string, details: { exc_type: string } }> }>().status
    expect(cancelled).toMatchObject({ status: 'FAILURE', details: { exc_type: 'Cancelled' } })
    const after = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json<{ credits: number }>().credits
    const held = (await app.inject({ url: '/job/v1/list', headers: { cookie } })).json<{ list: Array<{ rid: string, chargedAmount: number }> }>().list
    expect(after).toBe(before - held.find((j) => j.rid === second)!.chargedAmount)
    expect(told).toEqual([])
  })

  it('tells the worker that runs a job, over the cancel bus, when the job is no longer waiting', async () => {
    const rid = await submit()
    // A worker elsewhere took it: it leaves the line, still PROGRESS.
    expect(await queue.withdraw(rid)).toBe(true)
    expect((await app.inject({ url: `/job/v1/cancel/${rid}`, headers: { cookie } })).json()).toEqual({ result: true })
    expect(told).toEqual([expect.objectContaining({ rid, type: 'Cancelled' })])
    expect(built).toEqual({ engines: 0, workers: 0 })
  })
})
