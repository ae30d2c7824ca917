import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, type Database } from '@openmotion/common'
import { AccountStore } from '../src/adapters/account-store.js'
import { JobStore } from '../src/adapters/job-store.js'
import { migrations } from '../src/adapters/migrations.js'
import { ADMIN, buildTestApp, login, waitForJob } from './helper.js'

// A cache lifetime far longer than any test: whatever is refused or refreshed below is so because of invalidation.
const LONG = 600_000
const PLAN = { name: 'cache-plan', credits: 100, maxVariants: 2, periodDays: 30 }

let db: Database
beforeAll(async () => {
  db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'motion-read-cache-')) })
  await migrate(db, 'motion-api', migrations)
})
afterAll(async () => { await db.close() })

describe('session cache', () => {
  it('refuses a cached session once it expires', async () => {
    const accounts = new AccountStore(db, LONG)
    await accounts.createClient({ id: 'expiring', secret: 's', plan: await accounts.upsertPlan(PLAN) })
    const { token } = await accounts.createSession('expiring', 1)
    expect((await accounts.clientForSession(token))?.id).toBe('expiring')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await accounts.clientForSession(token)).toBeUndefined()
  })

  it('answers a cached session without a read only for the exact token, and only once it was read', async () => {
    const accounts = new AccountStore(db, LONG)
    await accounts.createClient({ id: 'sync-read', secret: 's', plan: await accounts.upsertPlan(PLAN) })
    const { token } = await accounts.createSession('sync-read', 3600)
    expect(accounts.cachedClientForSession(token)).toBeUndefined()
    expect((await accounts.clientForSession(token))?.id).toBe('sync-read')
    expect(accounts.cachedClientForSession(token)?.id).toBe('sync-read')
    expect(accounts.cachedClientForSession(`${token}x`)).toBeUndefined()
    expect(accounts.cachedClientForSession(token.slice(0, -1))).toBeUndefined()
    expect(await accounts.clientForSession(`${token}x`)).toBeUndefined()
    await accounts.updateClient('sync-read', { disabled: true })
    expect(accounts.cachedClientForSession(token)).toBeUndefined()
  })

  it('refuses a cached session as soon as its client is disabled', async () => {
    const accounts = new AccountStore(db, LONG)
    await accounts.createClient({ id: 'disabled', secret: 's', plan: await accounts.upsertPlan(PLAN) })
    const { token } = await accounts.createSession('disabled', 3600)
    expect((await accounts.clientForSession(token))?.id).toBe('disabled')
    await accounts.updateClient('disabled', { disabled: true })
    expect(await accounts.clientForSession(token)).toBeUndefined()
  })

  it('serves the client as changed (plan, secret rotation) instead of the cached copy', async () => {
    const accounts = new AccountStore(db, LONG)
    await accounts.createClient({ id: 'changed', secret: 's', plan: await accounts.upsertPlan(PLAN) })
    await accounts.upsertPlan({ ...PLAN, name: 'other-plan' })
    const { token } = await accounts.createSession('changed', 3600)
    expect((await accounts.clientForSession(token))?.plan).toBe('cache-plan')
    await accounts.updateClient('changed', { plan: 'other-plan', secret: 'rotated' })
    expect((await accounts.clientForSession(token))?.plan).toBe('other-plan')
  })

  it('answers 401 to a disabled client at once through the API', async () => {
    const app = await buildTestApp()
    try {
      await app.inject({ method: 'POST', url: '/admin/v1/clients', headers: { authorization: `Bearer ${ADMIN}` }, payload: { id: 'soon-off', plan: 'dev' } })
      const secret = (await app.inject({ method: 'POST', url: '/admin/v1/clients/soon-off/secret', headers: { authorization: `Bearer ${ADMIN}` } })).json()
        .clientSecret
      const cookie = await login(app, 'soon-off', secret)
      expect((await app.inject({ url: '/job/v1/list', headers: { cookie } })).statusCode).toBe(200)
      await app.inject({ method: 'PATCH', url: '/admin/v1/clients/soon-off', headers: { authorization: `Bearer ${ADMIN}` }, payload: { disabled: true } })
      expect((await app.inject({ url: '/job/v1/list', headers: { cookie } })).statusCode).toBe(401)
    } finally {
      await app.close()
    }
  })
})

describe('job cache', () => {
  const job = (rid: string) => ({
    rid,
    clientId: 'jobs',
    processor: 'text2motion' as const,
    parameters: [],
    request: {} as never,
    chargedAmount: 1,
    details: {},
    processingInfo: {}
  })

  it('shows a finished job as updated and forgets it once retention deletes it', async () => {
    const accounts = new AccountStore(db, LONG)
    await accounts.createClient({ id: 'jobs', secret: 's', plan: await accounts.upsertPlan(PLAN) })
    const jobs = new JobStore(db, LONG)
    await jobs.insert(db, job('cached-1'))
    await jobs.update(db, 'cached-1', { status: 'SUCCESS' })
    expect((await jobs.getMany('jobs', ['cached-1'])).get('cached-1')?.status).toBe('SUCCESS')
    expect((await jobs.getMany('other', ['cached-1'])).has('cached-1')).toBe(false)
    await jobs.update(db, 'cached-1', { variants: { 1: { download: true } } })
    expect((await jobs.getMany('jobs', ['cached-1'])).get('cached-1')?.variants).toEqual({ 1: { download: true } })
    await jobs.deleteFinishedBefore(new Date(Date.now() + 1000))
    expect((await jobs.getMany('jobs', ['cached-1'])).has('cached-1')).toBe(false)
  })

  it('answers from memory alone only what it holds for that client, and nothing a write has replaced', async () => {
    const jobs = new JobStore(db, LONG)
    await jobs.insert(db, job('sync-1'))
    await jobs.insert(db, job('sync-2'))
    await jobs.update(db, 'sync-1', { status: 'SUCCESS' })
    await jobs.update(db, 'sync-2', { status: 'SUCCESS' })
    expect(jobs.cachedMany('jobs', ['sync-1'])).toBeUndefined()
    await jobs.getMany('jobs', ['sync-1'])
    expect(jobs.cachedMany('jobs', ['sync-1'])?.map((j) => [j.rid, j.status])).toEqual([['sync-1', 'SUCCESS']])
    expect(jobs.cachedMany('other', ['sync-1'])).toBeUndefined()
    expect(jobs.cachedMany('jobs', ['sync-1', 'sync-2'])).toBeUndefined()
    await jobs.update(db, 'sync-1', { variants: { 1: { download: true } } })
    expect(jobs.cachedMany('jobs', ['sync-1'])).toBeUndefined()

    expect(jobs.cachedList('jobs')).toBeUndefined()
    const listed = await jobs.list('jobs')
    expect(jobs.cachedList('jobs')).toBe(listed)
    expect(jobs.cachedList('jobs', { statuses: ['SUCCESS'] })).toBeUndefined()
    await jobs.insert(db, job('sync-3'))
    expect(jobs.cachedList('jobs')).toBeUndefined()
  })

  it('lists a job submitted after the list was cached', async () => {
    const jobs = new JobStore(db, LONG)
    const before = (await jobs.list('jobs')).length
    await jobs.insert(db, job('cached-2'))
    expect((await jobs.list('jobs')).map((j) => j.rid)).toContain('cached-2')
    expect((await jobs.list('jobs')).length).toBe(before + 1)
  })

  it('lists a job as finished as soon as its status says so', async () => {
    const app = await buildTestApp()
    try {
      const cookie = await login(app)
      const { rid } = (
        await app.inject({
          method: 'POST',
          url: '/job/v1/process/text2motion',
          headers: { cookie },
          payload: { params: ['prompt=wave', 'model=openmotion_mannequin'] }
        })
      ).json()
      expect((await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().list[0]).toMatchObject({ rid, status: 'PROGRESS' })
      const status = await waitForJob(app, cookie, rid)
      expect((await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().list[0]).toMatchObject({ rid, status: status.status })
    } finally {
      await app.close()
    }
  })
})
