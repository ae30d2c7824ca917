// Submissions go through the outbox: with the queue refusing jobs, a submission is still accepted (its job,
// credit hold and hand-over row commit together), and once the queue takes jobs again the publisher's tick
// hands every waiting job over; each runs once and is charged once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance, type Database } from '@openmotion/common'
import { createMemoryCancelBus, createMemoryJobQueue } from '../src/adapters/job-queue.js'
import { createMotionPipeline } from '../src/adapters/motion-pipeline.js'
import type { JobQueue } from '../src/domain/ports.js'
import { ADMIN, buildTestApp, login, waitForJob } from './helper.js'

function switchableQueue (): { queue: JobQueue, pushes: string[], setDown: (down: boolean) => void } {
  const inner = createMemoryJobQueue()
  const pushes: string[] = []
  let down = false
  const refuse = (): void => { if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379') }
  return {
    pushes,
    setDown: (value) => { down = value },
    queue: {
      kind: inner.kind,
      start: async () => { await inner.start() },
      async enqueue (rids, delayMs) {
        refuse()
        pushes.push(...rids)
        await inner.enqueue(rids, delayMs)
      },
      consume: async (handler, options) => { await inner.consume(handler, options) },
      joining: () => inner.joining(),
      stop: async () => { await inner.stop() },
      close: async () => { await inner.close() },
      ping: async () => { refuse() },
      generation: async () => await inner.generation(),
      async positions (rids) {
        refuse()
        return await inner.positions(rids)
      },
      withdraw: async (rid) => await inner.withdraw(rid)
    }
  }
}

interface LedgerEntry { kind: string, rid: string | null, amount: number }

describe('job submission through the outbox', () => {
  let app: AppInstance
  let db: Database
  let cookie: string
  const queue = switchableQueue()
  const real = createMotionPipeline()
  const generated: string[] = []
  const pipeline = {
    ...real,
    generate: async (...args: Parameters<typeof real.generate>) => {
      generated.push(args[0])
      return await real.generate(...args)
    }
  }

  beforeAll(async () => {
    db = await openDatabase({})
    app = await buildTestApp({}, { database: db, queue: { queue: queue.queue, cancels: createMemoryCancelBus() }, pipeline })
    cookie = await login(app)
  })
  afterAll(async () => { await app.close() })

  const submit = async (prompt: string) =>
    await app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] } })
  const ledger = async (): Promise<LedgerEntry[]> =>
    (await app.inject({ url: '/admin/v1/clients/dev-client/ledger', headers: { authorization: `Bearer ${ADMIN}` } })).json().entries as LedgerEntry[]
  const outboxRows = async (): Promise<string[]> => (await db.query<{ rid: string }>('SELECT rid FROM motion_job_outbox')).rows.map((r) => r.rid)

  it('hands a submission to the queue at once and leaves no outbox row', async () => {
    const response = await submit('wave hello')
    expect(response.statusCode).toBe(200)
    const rid = response.json().rid as string
    expect(queue.pushes).toContain(rid)
    expect(await outboxRows()).not.toContain(rid)
    expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'SUCCESS' })
  })

  it('accepts submissions while the queue is down and runs each exactly once when it is back', async () => {
    queue.setDown(true)
    const rids: string[] = []
    for (const prompt of ['walk forward', 'jump twice', 'clap hands']) {
      const response = await submit(prompt)
      expect(response.statusCode).toBe(200)
      rids.push(response.json().rid as string)
    }
    // Committed and held, waiting in the outbox: nothing reached the queue, nothing started.
    expect((await outboxRows()).sort()).toEqual([...rids].sort())
    for (const rid of rids) expect(queue.pushes).not.toContain(rid)
    // Polls still answer from the database while the queue cannot tell places in line.
    const polled = await app.inject({ url: `/job/v1/status/${rids.join(',')}`, headers: { cookie } })
    expect(polled.statusCode).toBe(200)
    expect((polled.json().status as Array<{ status: string }>).map((s) => s.status)).toEqual(['PROGRESS', 'PROGRESS', 'PROGRESS'])

    queue.setDown(false)
    for (const rid of rids) expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'SUCCESS' })
    expect(await outboxRows()).toEqual([])
    expect(generated.filter((p) => ['walk forward', 'jump twice', 'clap hands'].includes(p)).sort()).toEqual(['clap hands', 'jump twice', 'walk forward'])
    const entries = await ledger()
    const list = (await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().list as Array<{ rid: string, chargedAmount: number }>
    for (const rid of rids) {
      const own = entries.filter((e) => e.rid === rid)
      const charged = list.find((j) => j.rid === rid)!.chargedAmount
      expect(charged).toBeGreaterThan(0)
      expect(own.filter((e) => e.kind === 'refund')).toEqual([])
      expect(own.reduce((sum, e) => sum + e.amount, 0)).toBe(-charged)
    }
  }, 60_000)
})
