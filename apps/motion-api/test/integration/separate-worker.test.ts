// API and worker as separate processes' apps sharing PostgreSQL and the Redis queue, over real HTTP: the API only
// queues, the worker runs; places in line are reported while jobs wait; cancel reaches the job in the worker.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { describeWithService, requireService } from '@openmotion/test-services'
import { createMotionPipeline } from '../../src/adapters/motion-pipeline.js'
import { buildTestApp } from '../helper.js'

describeWithService('redis', (redisUrl) => {
  const databaseUrl = requireService('postgres')
  it.skipIf(databaseUrl === undefined)('runs jobs in the worker, reports positionInQueue and cancels across processes', async () => {
    const shared = { DATABASE_URL: databaseUrl!, STORAGE_TYPE: 'redis', REDIS_URL: redisUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'motion-split-')) }
    const real = createMotionPipeline()
    const aborted: string[] = []
    // Generation waits for a release (or an abort), so the test decides when the worker is busy.
    let release: (() => void) | undefined
    const pipeline = {
      ...real,
      generate: async (...args: Parameters<typeof real.generate>) => {
        const [prompt, , , , context] = args
        await new Promise<void>((resolve, reject) => {
          if (prompt.includes('hold')) {
            release = resolve
            context.signal.addEventListener('abort', () => { aborted.push(prompt); reject(context.signal.reason) })
          } else resolve()
        })
        return await real.generate(...args)
      }
    }
    const worker = await buildTestApp({ ...shared, MOTION_ROLE: 'worker', WORKER_CONCURRENCY: '1' }, { pipeline })
    const api: AppInstance = await buildTestApp({ ...shared, MOTION_ROLE: 'api' })
    try {
      await worker.ready()
      await api.listen({ port: 0, host: '127.0.0.1' })
      const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`
      expect((await worker.inject('/job/v1/list')).statusCode).toBe(404) // a worker serves no API
      const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
      const cookie = auth.headers.get('set-cookie')!.split(';')[0]!
      const submit = async (prompt: string): Promise<string> => {
        const response = await fetch(`${base}/job/v1/process/text2motion`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] })
        })
        return ((await response.json()) as { rid: string }).rid
      }
      const status = async (rid: string): Promise<{ status: string, positionInQueue?: number, details: Record<string, unknown> }> =>
        (
          (await (await fetch(`${base}/job/v1/status/${rid}`, { headers: { cookie } })).json()) as {
            status: Array<{ status: string, positionInQueue?: number, details: Record<string, unknown> }>
          }
        ).status[0]!
      const until = async (rid: string, done: (s: Awaited<ReturnType<typeof status>>) => boolean): Promise<Awaited<ReturnType<typeof status>>> => {
        for (let i = 0; i < 300; i++) {
          const s = await status(rid)
          if (done(s)) return s
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        throw new Error(`job ${rid} never reached the expected state`)
      }

      const held = await submit('hold then walk')
      await until(held, () => release !== undefined) // the worker has taken it
      const second = await submit('wave')
      const third = await submit('nod')
      expect((await status(second)).positionInQueue).toBe(1)
      expect((await status(third)).positionInQueue).toBe(2)

      const cancel = await fetch(`${base}/job/v1/cancel/${held}`, { headers: { cookie } })
      expect(await cancel.json()).toEqual({ result: true })
      expect(await until(held, (s) => s.status !== 'PROGRESS')).toMatchObject({ status: 'FAILURE', details: { exc_type: 'Cancelled' } })
      for (let i = 0; i < 50 && aborted.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(aborted).toEqual(['hold then walk']) // the worker's generation was stopped, not just marked

      expect((await until(second, (s) => s.status !== 'PROGRESS')).status).toBe('SUCCESS')
      expect((await until(third, (s) => s.status !== 'PROGRESS')).status).toBe('SUCCESS')
      const link = (
        (await (await fetch(`${base}/job/v1/download/${third}`, { headers: { cookie } })).json()) as {
          links: Array<{ urls: Array<{ files: Array<Record<string, string>> }> }>
        }
      ).links[0]!
      const glbUrl = Object.assign({}, ...link.urls[0]!.files).glb as string
      const glb = await fetch(glbUrl.replace('http://localhost:8080', base))
      expect(glb.status).toBe(200) // written by the worker, served by the API
    } finally {
      await api.close()
      await worker.close()
    }
  })
})
