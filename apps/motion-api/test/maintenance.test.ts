// The maintenance sweep: a started job that stops making progress fails with 1101 and is refunded; finished jobs
// past RETENTION_DAYS (failed ones past FAILED_RETENTION_DAYS) disappear with their files while recent
// ones stay; uploads untouched for UPLOAD_RETENTION_HOURS are deleted.
import { existsSync, mkdtempSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '@openmotion/common'
import { createMotionPipeline } from '../src/adapters/motion-pipeline.js'
import type { AppInstance } from '@openmotion/common'
import { buildTestApp, localPath, login, waitForJob } from './helper.js'

const DAY_MS = 86_400_000

async function eventually (check: () => Promise<boolean> | boolean): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

const listedRids = async (app: AppInstance, cookie: string): Promise<string[]> =>
  (await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().list.map((j: { rid: string }) => j.rid)

describe('job maintenance', () => {
  it('fails a job that stopped making progress with 1101 and refunds it', async () => {
    const real = createMotionPipeline()
    // Generation that hangs (but still honours abort, as every step must) without reporting progress.
    const pipeline = {
      ...real,
      generate: async (_p: string, _s: number, _v: number, _o: unknown, context: { signal: AbortSignal }) =>
        await new Promise<never>((_resolve, reject) => {
          context.signal.addEventListener('abort', () => {
            reject(context.signal.reason)
          })
        })
    }
    const app = await buildTestApp({ STUCK_JOB_MS: '1000', MAINTENANCE_INTERVAL_MS: '200', JOB_TIMEOUT_MS: '60000' }, { pipeline })
    try {
      const cookie = await login(app)
      const before = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits
      const { rid } = (
        await app.inject({
          method: 'POST',
          url: '/job/v1/process/text2motion',
          headers: { cookie },
          payload: { params: ['prompt=walk', 'model=openmotion_mannequin'] }
        })
      ).json()
      const status = await waitForJob(app, cookie, rid)
      expect(status).toMatchObject({ status: 'FAILURE', details: { code: 1101, exc_type: 'ProcessStuck' } })
      expect((await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits).toBe(before)
    } finally {
      await app.close()
    }
  })

  it('deletes finished jobs and their files after RETENTION_DAYS, keeping recent ones', async () => {
    const database = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'motion-retention-')) })
    const app = await buildTestApp({ RETENTION_DAYS: '30', MAINTENANCE_INTERVAL_MS: '200' }, { database })
    try {
      const cookie = await login(app)
      const submit = async (): Promise<string> =>
        (
          await app.inject({
            method: 'POST',
            url: '/job/v1/process/text2motion',
            headers: { cookie },
            payload: { params: ['prompt=nod', 'model=openmotion_mannequin', 'skipFBX=1'] }
          })
        ).json().rid
      const old = await submit()
      const recent = await submit()
      await waitForJob(app, cookie, old)
      await waitForJob(app, cookie, recent)
      const oldLink = (await app.inject({ url: `/job/v1/download/${old}`, headers: { cookie } })).json().links[0]
      const oldFile = localPath(Object.assign({}, ...oldLink.urls[0].files).glb)
      expect((await app.inject({ url: oldFile })).statusCode).toBe(200)
      await database.query("UPDATE motion_jobs SET mtime = now() - interval '31 days' WHERE rid = $1", [old])

      let remaining: string[] = [old]
      for (let i = 0; i < 50 && remaining.includes(old); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        remaining = (await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().list.map((j: { rid: string }) => j.rid)
      }
      expect(remaining).not.toContain(old)
      expect(remaining).toContain(recent)
      // Rows go first, then the files (a listed job never points at removed files).
      let fileStatus = 200
      for (let i = 0; i < 50 && fileStatus === 200; i++) {
        fileStatus = (await app.inject({ url: oldFile })).statusCode
        if (fileStatus === 200) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(fileStatus).toBe(404)
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('deletes failed jobs after FAILED_RETENTION_DAYS while successful jobs of the same age stay', async () => {
    const database = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'motion-retention-')) })
    const app = await buildTestApp({ RETENTION_DAYS: '30', FAILED_RETENTION_DAYS: '7', MAINTENANCE_INTERVAL_MS: '200' }, { database })
    try {
      const cookie = await login(app)
      const submit = async (prompt: string): Promise<string> =>
        (
          await app.inject({
            method: 'POST',
            url: '/job/v1/process/text2motion',
            headers: { cookie },
            payload: { params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] }
          })
        ).json().rid
      const succeeded = await submit('nod')
      const failedOld = await submit('xyzzy plugh')
      const failedRecent = await submit('xyzzy plugh')
      expect(await waitForJob(app, cookie, succeeded)).toMatchObject({ status: 'SUCCESS' })
      expect(await waitForJob(app, cookie, failedOld)).toMatchObject({ status: 'FAILURE' })
      expect(await waitForJob(app, cookie, failedRecent)).toMatchObject({ status: 'FAILURE' })
      const backdate = async (rid: string, days: number): Promise<void> => {
        await database.query('UPDATE motion_jobs SET mtime = $2 WHERE rid = $1', [rid, new Date(Date.now() - days * DAY_MS)])
      }
      await backdate(succeeded, 10)
      await backdate(failedOld, 10)
      await backdate(failedRecent, 3)

      expect(await eventually(async () => !(await listedRids(app, cookie)).includes(failedOld))).toBe(true)
      expect(await listedRids(app, cookie)).toEqual(expect.arrayContaining([succeeded, failedRecent]))
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('deletes uploads untouched for UPLOAD_RETENTION_HOURS, whole or partial, and keeps fresh ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'motion-uploads-'))
    const app = await buildTestApp({ DATA_DIR: dataDir, UPLOAD_RETENTION_HOURS: '24', MAINTENANCE_INTERVAL_MS: '200' })
    try {
      const cookie = await login(app)
      const upload = async (chunked: boolean): Promise<string> => {
        const { modelUrl } = (await app.inject({ url: `/character/v1/getModelUploadUrl?resumable=${chunked ? 1 : 0}`, headers: { cookie } })).json()
        const id = /\/uploads\/([\w.-]+)\?/.exec(modelUrl)![1]!
        const headers = { 'content-type': 'application/octet-stream', ...(chunked ? { 'content-range': 'bytes 0-9/100' } : {}) }
        const put = await app.inject({ method: 'PUT', url: localPath(modelUrl), headers, payload: Buffer.alloc(10, 1) })
        expect(put.statusCode).toBe(chunked ? 308 : 200)
        return join(dataDir, 'files', 'uploads', chunked ? `${id}.part` : id)
      }
      const stale = await upload(false)
      const stalePart = await upload(true)
      const fresh = await upload(false)
      const old = new Date(Date.now() - 25 * 3_600_000)
      utimesSync(stale, old, old)
      utimesSync(stalePart, old, old)

      expect(await eventually(() => !existsSync(stale) && !existsSync(stalePart))).toBe(true)
      expect(existsSync(fresh)).toBe(true)
    } finally {
      await app.close()
    }
  })
})
