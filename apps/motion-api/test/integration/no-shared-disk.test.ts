// Scale-out with no shared disk: one API process and two worker processes (src/main.ts, each with its own empty
// DATA_DIR) share only PostgreSQL, Redis and the S3 server. A custom character goes up through pre-signed PUTs (one
// straight, one through the resumable session), a text2motion on it and a render run on whichever worker, every file
// comes down through pre-signed GETs of the bucket and is opened (GLB parsed, MP4 probed), and a worker killed in the
// middle of a render leaves the job to the other worker, which finishes it. Each step's time is printed.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readGlbAnimation } from '@openmotion/motion-formats'
import { describeWithService, freePort, requireService, s3Settings, spawnMain, type MainProcess } from '@openmotion/test-services'
import { afterAll, expect, it } from 'vitest'
import { freshDatabase } from './fresh-database.js'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

interface Started { base: string, process: MainProcess }
interface JobStatus { status: string, details?: { step?: number, total?: number } }
type Files = Record<string, string>

describeWithService('s3', (s3Url) => {
  const databaseUrl = requireService('postgres')
  const redisUrl = requireService('redis')
  const ffmpeg = requireService('ffmpeg')
  const running: MainProcess[] = []
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const child of running) if (child.child.exitCode === null) child.child.kill('SIGTERM')
    await Promise.all(running.map(async (child) => await child.exited()))
    for (const cleanup of cleanups) await cleanup()
  })

  it.skipIf(databaseUrl === undefined || redisUrl === undefined || ffmpeg === undefined)(
    'runs an API and two workers that share no disk: uploads, jobs and downloads through the bucket, a killed worker\'s job finished by the other',
    async () => {
      const timings: Array<[string, number]> = []
      const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
        const began = Date.now()
        const result = await run()
        timings.push([name, Date.now() - began])
        return result
      }
      const s3 = s3Settings(s3Url)
      const db = await freshDatabase(databaseUrl!, 'motion_no_shared_disk')
      cleanups.push(async () => { await db.drop() })
      const shared = {
        DATABASE_URL: db.url,
        STORAGE_TYPE: 'redis',
        REDIS_URL: redisUrl!,
        QUEUE_PREFIX: `no-shared-disk-${randomUUID()}`,
        FILE_STORE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_BUCKET: `no-shared-disk-${randomUUID().slice(0, 8)}`,
        URL_SIGNING_SECRET: 'no-shared-disk-signing-secret-0123',
        RENDER_ENABLED: 'true',
        FFMPEG_PATH: ffmpeg!,
        RENDER_WIDTH: '320',
        RENDER_HEIGHT: '180',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn'
      }
      const start = async (role: 'api' | 'worker'): Promise<Started> => {
        const port = await freePort()
        const child = spawnMain(main, { ...shared, MOTION_ROLE: role, MOTION_PORT: String(port) })
        running.push(child)
        const base = `http://127.0.0.1:${port}`
        for (let i = 0; ; i++) {
          const ready = await fetch(`${base}/readyz`).then((r) => r.status, () => 0)
          if (ready === 200) return { base, process: child }
          if (i > 900 || child.child.exitCode !== null) throw new Error(`${role} never became ready:\n${child.output()}`)
          await sleep(200)
        }
      }

      const [api, workerA] = await step('start the API and worker A (own DATA_DIRs), bucket created', async () => await Promise.all([start('api'), start('worker')]))
      const auth = await fetch(`${api.base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
      const cookie = auth.headers.get('set-cookie')!.split(';')[0]!
      const get = async <T>(path: string): Promise<T> => {
        const response = await fetch(`${api.base}${path}`, { headers: { cookie } })
        expect(response.status, `${path}: ${response.status}`).toBe(200)
        return (await response.json()) as T
      }
      const post = async <T>(path: string, body: unknown): Promise<T> => {
        const response = await fetch(`${api.base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        const text = await response.text()
        expect(response.status, `${path}: ${text}`).toBe(200)
        return JSON.parse(text) as T
      }
      /** A pre-signed GET of the bucket, never this API. */
      const fetchFromBucket = async (url: string): Promise<Buffer> => {
        expect(url.startsWith(`${s3.endpoint}/${shared.S3_BUCKET}/`), url).toBe(true)
        expect(url).toContain('X-Amz-Signature=')
        const response = await fetch(url)
        expect(response.status, url).toBe(200)
        return Buffer.from(await response.arrayBuffer())
      }
      const parseGlb = async (bytes: Buffer): Promise<number> => (await readGlbAnimation(new Uint8Array(bytes))).channels.length
      const submit = async (processor: string, params: string[]): Promise<string> => (await post<{ rid: string }>(`/job/v1/process/${processor}`, { params })).rid
      const status = async (rid: string): Promise<JobStatus> => (await get<{ status: JobStatus[] }>(`/job/v1/status/${rid}`)).status[0]!
      const finish = async (rid: string): Promise<JobStatus> => {
        for (let i = 0; i < 3000; i++) {
          const record = await status(rid)
          if (record.status !== 'PROGRESS') return record
          await sleep(200)
        }
        throw new Error(`job ${rid} did not finish`)
      }
      const files = async (rid: string): Promise<Files> => {
        const { links } = await get<{ links: Array<{ urls: Array<{ files: Files[] }> }> }>(`/job/v1/download/${rid}?variant_id=1`)
        return Object.assign({}, ...links[0]!.urls[0]!.files) as Files
      }
      const probe = (mp4: Buffer): Record<string, unknown> => {
        const path = join(mkdtempSync(join(tmpdir(), 'no-shared-disk-')), 'render.mp4')
        writeFileSync(path, mp4)
        return (JSON.parse(execFileSync(join(dirname(ffmpeg!), 'ffprobe'), ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', path], {
          encoding: 'utf8'
        })) as { streams: Array<Record<string, unknown>> }).streams[0]!
      }

      // The stock character's GLB and thumbnail, fetched from the bucket, are the custom character's files.
      const stock = await step('listModels: stock GLB and thumbnail through pre-signed GETs', async () => {
        const models = await get<Array<{ Id: string, glb: string, thumb: string }>>('/character/v1/listModels?stockModel=1')
        const athlete = models.find((m) => m.Id === 'openmotion_athlete')!
        return { glb: await fetchFromBucket(athlete.glb), thumb: await fetchFromBucket(athlete.thumb) }
      })
      expect(await parseGlb(stock.glb)).toBeGreaterThanOrEqual(0)

      const modelId = await step('custom character: pre-signed PUT (model), resumable session (thumbnail), storeModel', async () => {
        const direct = await get<{ modelUrl: string }>('/character/v1/getModelUploadUrl?modelExt=glb&resumable=0')
        expect(direct.modelUrl.startsWith(`${s3.endpoint}/`), direct.modelUrl).toBe(true)
        expect((await fetch(direct.modelUrl, { method: 'PUT', body: stock.glb })).status).toBe(200)
        const resumable = await get<{ thumbUrl: string }>('/character/v1/getModelUploadUrl?modelExt=glb&thumbExt=png')
        const session = await fetch(resumable.thumbUrl, { method: 'POST', headers: { 'x-storage-resumable': 'start' } })
        expect(session.status).toBe(201)
        const location = session.headers.get('location')!
        expect(location.startsWith(`${s3.endpoint}/`), location).toBe(true)
        expect((await fetch(location, { method: 'PUT', body: stock.thumb })).status).toBe(200)
        return (await post<{ modelId: string }>('/character/v1/storeModel', { modelUrl: direct.modelUrl, thumbUrl: resumable.thumbUrl, modelName: 'hero' })).modelId
      })
      await step('listModels: the custom character\'s GLB and thumbnail through pre-signed GETs', async () => {
        const [hero] = await get<Array<{ glb: string, thumb: string }>>(`/character/v1/listModels?modelId=${modelId}`)
        expect(await parseGlb(await fetchFromBucket(hero!.glb))).toBeGreaterThanOrEqual(0)
        expect((await fetchFromBucket(hero!.thumb)).subarray(1, 4).toString()).toBe('PNG')
      })

      const t2m = await step('text2motion on the custom character (a worker reads it from the bucket)', async () => {
        const rid = await submit('text2motion', ['prompt=walk forward then wave', `model=${modelId}`])
        expect(await finish(rid)).toMatchObject({ status: 'SUCCESS' })
        return rid
      })
      await step('download the text2motion files (GLB, FBX, BVH) through pre-signed GETs', async () => {
        const links = await files(t2m)
        expect(Object.keys(links).sort()).toEqual(['bvh', 'fbx', 'glb'])
        expect(await parseGlb(await fetchFromBucket(links.glb!))).toBeGreaterThan(0)
        expect((await fetchFromBucket(links.bvh!)).toString('utf8', 0, 9)).toBe('HIERARCHY')
        expect((await fetchFromBucket(links.fbx!)).length).toBeGreaterThan(0)
      })
      const render = await step('render the variant (a worker reads the GLB from the bucket, writes the MP4 to it)', async () => {
        const rid = await submit('render', [`t2m_rid=${t2m}`, 'variant_id=1'])
        expect(await finish(rid)).toMatchObject({ status: 'SUCCESS' })
        return rid
      })
      await step('download the MP4 and poster through pre-signed GETs, ffprobe the MP4', async () => {
        const links = await files(render)
        expect(probe(await fetchFromBucket(links.mp4!))).toMatchObject({ codec_name: 'h264', width: 320, height: 180 })
        expect((await fetchFromBucket(links.png!)).subarray(1, 4).toString()).toBe('PNG')
      })

      // A long render, taken by worker A (the only worker); worker B starts while it runs; A is killed mid-job.
      const long = await step('a 60 s text2motion for a long render', async () => {
        const rid = await submit('text2motion', ['prompt=walk forward', 'model=openmotion_mannequin', 'requestedAnimationDuration=60', 'skipFBX=1'])
        expect(await finish(rid)).toMatchObject({ status: 'SUCCESS' })
        return rid
      })
      const killed = await submit('render', [`t2m_rid=${long}`, 'variant_id=1'])
      await step('worker A renders (first frames reported)', async () => {
        for (let i = 0; ((await status(killed)).details?.step ?? 0) === 0; i++) {
          if (i > 1500) throw new Error('worker A never started the render')
          await sleep(100)
        }
      })
      await step('start worker B (own DATA_DIR)', async () => { await start('worker') })
      expect((await status(killed)).status, 'the render finished before worker A could be killed: lengthen it').toBe('PROGRESS')
      workerA.process.child.kill('SIGKILL')
      await workerA.process.exited()
      const finished = await step('worker A killed (SIGKILL): worker B takes the job when its lease lapses and finishes it', async () => await finish(killed))
      expect(finished).toMatchObject({ status: 'SUCCESS' })
      const listed = await get<{ list: Array<{ rid: string, processingInfo: { attempt?: number } }> }>('/job/v1/list')
      expect(listed.list.find((j) => j.rid === killed)?.processingInfo.attempt).toBe(2)
      await step('download the taken-over MP4 through a pre-signed GET, ffprobe it', async () => {
        expect(probe(await fetchFromBucket((await files(killed)).mp4!))).toMatchObject({ codec_name: 'h264', width: 320, height: 180 })
      })

      console.log(`no shared disk (API + 2 workers, SeaweedFS at ${s3.endpoint}):\n${timings.map(([name, ms]) => `  ${String(ms).padStart(7)} ms  ${name}`).join('\n')}`)
    },
    900_000
  )
})
