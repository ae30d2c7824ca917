// A SayMotion client's session, written only from the public contract (motion-api.md and
// motion-api-public-extensions.md): plain fetch over a real socket against motion-api started as its own process
// (`src/main.ts`), nothing imported from the app. It runs twice: one process with the in-process worker, and an
// API process plus a worker process sharing a Redis queue (TEST_REDIS_URL) and a fresh PostgreSQL database. The MP4
// step renders with the ffmpeg scripts/services.sh announces (FFMPEG_PATH); like every service, a missing one skips
// here on a developer machine and fails the file in CI.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, requireService } from '@openmotion/test-services'

const APP_DIR = new URL('../../', import.meta.url).pathname
const REDIS_URL = requireService('redis')
const DATABASE_URL = requireService('postgres')
const FFMPEG_PATH = requireService('ffmpeg')
const STEP_TIMEOUT = 240_000

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

interface Deployment { base: string, clientId: string, clientSecret: string, stop: () => Promise<void> }

function startProcess (env: Record<string, string>, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: APP_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe']
  })
  child.stderr?.on('data', (chunk: Buffer) => { process.stderr.write(chunk) })
  return child
}

async function stopProcess (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/** Waits for /readyz; a process that exits or never gets ready is stopped (none is left running) and reported. */
async function waitReady (url: string, children: ChildProcess[]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const dead = children.find((c) => c.exitCode !== null)
    if (dead !== undefined) break
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await Promise.all(children.map(stopProcess))
  throw new Error(`${url} never became ready`)
}

async function deploy (mode: 'in-process' | 'redis'): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'saymotion-client-'))
  const suffix = randomBytes(4).toString('hex')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const clientId = `saymotion-${suffix}`
  const clientSecret = randomBytes(12).toString('hex')
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MOTION_PORT: String(port),
    PUBLIC_BASE_URL: base,
    DATA_DIR: dataDir,
    URL_SIGNING_SECRET: `signing-${suffix}-0123456789`,
    MOTION_CLIENT_ID: clientId,
    MOTION_CLIENT_SECRET: clientSecret,
    DEV_PLAN_CREDITS: '100000',
    DEV_PLAN_MAX_VARIANTS: '4',
    RENDER_ENABLED: FFMPEG_PATH === undefined ? 'false' : 'true',
    ...(FFMPEG_PATH === undefined ? {} : { FFMPEG_PATH }),
    RENDER_WIDTH: '320',
    RENDER_HEIGHT: '180',
    WORKER_CONCURRENCY: '1'
  }
  if (mode === 'in-process') {
    const child = startProcess(env)
    await waitReady(base, [child])
    return { base, clientId, clientSecret, stop: async () => { await stopProcess(child); rmSync(dataDir, { recursive: true, force: true }) } }
  }
  const database = `saymotion_${suffix}`
  const admin = new pg.Client({ connectionString: DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database}`)
  const url = new URL(DATABASE_URL!)
  url.pathname = `/${database}`
  const shared = { ...env, STORAGE_TYPE: 'redis', REDIS_URL: REDIS_URL!, QUEUE_PREFIX: `saymotion-${suffix}`, DATABASE_URL: url.toString() }
  const dropDatabase = async (): Promise<void> => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.end()
  }
  // One after the other: the first process migrates the fresh database, the second finds it migrated.
  const api = startProcess({ ...shared, MOTION_ROLE: 'api' })
  const workerPort = await freePort()
  let worker: ChildProcess | undefined
  try {
    await waitReady(base, [api])
    worker = startProcess({ ...shared, MOTION_PORT: String(workerPort) }, ['worker'])
    await waitReady(`http://127.0.0.1:${workerPort}`, [worker, api])
  } catch (error) {
    await dropDatabase()
    throw error
  }
  return {
    base,
    clientId,
    clientSecret,
    stop: async () => {
      await stopProcess(api)
      await stopProcess(worker!)
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** What a SayMotion SDK does: a session cookie from Basic credentials, then JSON calls with it. */
function client (deployment: Deployment) {
  let cookie = ''
  const call = async (path: string, init: { method?: string, body?: unknown } = {}): Promise<{ status: number, body: Json }> => {
    const response = await fetch(`${deployment.base}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) })
    })
    const text = await response.text()
    return { status: response.status, body: text === '' ? {} : JSON.parse(text) as Json }
  }
  return {
    async auth (): Promise<number> {
      const response = await fetch(`${deployment.base}/account/v1/auth`, {
        headers: { authorization: `Basic ${Buffer.from(`${deployment.clientId}:${deployment.clientSecret}`).toString('base64')}` }
      })
      cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
      return response.status
    },
    get cookie () { return cookie },
    call,
    async process (processor: string, params: string[]): Promise<string> {
      const response = await call(`/job/v1/process/${processor}`, { method: 'POST', body: { params } })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return response.body.rid as string
    },
    async wait (rid: string, path = '/job/v1/status/'): Promise<Json> {
      for (let i = 0; i < 2400; i++) {
        const record = (await call(`${path}${rid}`)).body.status[0] as Json
        if (record.status !== 'PROGRESS') return record
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`${rid} did not finish`)
    },
    /** Files of one variant by type, fetched the way SDKs do: with the session cookie still attached. */
    async download (rid: string, variant = '1'): Promise<Record<string, Buffer>> {
      const { body } = await call(`/job/v1/download/${rid}?variant_id=${variant}`)
      const link = body.links[0] as Json
      expect(link.variantDownloadStatus).toBe(true)
      const files: Record<string, Buffer> = {}
      for (const entry of link.urls[0].files as Array<Record<string, string>>) {
        for (const [type, url] of Object.entries(entry)) {
          const response = await fetch(url, { headers: { cookie } })
          expect(response.status, url).toBe(200)
          files[type] = Buffer.from(await response.arrayBuffer())
        }
      }
      return files
    }
  }
}

/** Seconds of motion in a BVH file (frames × frame time). */
function bvhSeconds (bvh: Buffer): number {
  const text = bvh.toString('utf8')
  const frames = Number(/Frames:\s*(\d+)/.exec(text)?.[1])
  const frameTime = Number(/Frame Time:\s*([\d.]+)/.exec(text)?.[1])
  return frames * frameTime
}

function expectGlb (bytes: Buffer | undefined): void {
  expect(bytes?.subarray(0, 4).toString('latin1')).toBe('glTF')
  expect(bytes?.readUInt32LE(8)).toBe(bytes?.length)
}

function suite (mode: 'in-process' | 'redis'): void {
  let deployment: Deployment
  let sdk: ReturnType<typeof client>
  let model: string
  let first: string
  const rids: string[] = []

  beforeAll(async () => {
    deployment = await deploy(mode)
    sdk = client(deployment)
  }, STEP_TIMEOUT)
  afterAll(async () => { await deployment?.stop() }, STEP_TIMEOUT)

  it('authenticates, reports the balance and lists stock models', async () => {
    expect(await sdk.auth()).toBe(200)
    expect(sdk.cookie).toMatch(/^dmsess=/)
    const balance = (await sdk.call('/account/v1/creditBalance')).body
    expect(balance.credits).toBe(100000)
    expect(balance.subscription.featureLimits.maxVariantsGeneration).toBe(4)
    const models = (await sdk.call('/character/v1/listModels?stockModel=all')).body as Json[]
    const stock = models.find((m) => m.platform !== 'custom')
    expect(stock).toBeDefined()
    model = (stock!.Id ?? stock!.id) as string
    expect((await sdk.call('/character/v1/listModels')).body).toEqual([])
  }, STEP_TIMEOUT)

  it('runs a 5 s job with numVariant=2 and a quoted prompt, and downloads both variants', async () => {
    first = await sdk.process('text2motion', ['prompt="A person walks forward and waves"', `model=${model}`, 'numVariant=2', 'requestedAnimationDuration=5.0'])
    rids.push(first)
    expect(await sdk.wait(first)).toMatchObject({ status: 'SUCCESS', details: { In: 'A person walks forward and waves' } })
    const both = (await sdk.call(`/job/v1/download/${first},${first}?variant_id=1,2`)).body
    expect(both.count).toBe(2)
    for (const variant of ['1', '2']) {
      const files = await sdk.download(first, variant)
      expectGlb(files.glb)
      expect(Math.abs(bvhSeconds(files.bvh!) - 5)).toBeLessThanOrEqual(0.25)
      expect(files.fbx?.subarray(0, 18).toString('latin1')).toBe('Kaydara FBX Binary')
    }
  }, STEP_TIMEOUT)

  it.skipIf(FFMPEG_PATH === undefined)('renders a variant to MP4', async () => {
    const rid = await sdk.process('render', [`t2m_rid=${first}`, 'variant_id=1', 'camMode=1.0', 'bgColor=20,40,60,255'])
    expect(await sdk.wait(rid)).toMatchObject({ status: 'SUCCESS' })
    const files = await sdk.download(rid)
    expect(files.mp4?.subarray(4, 8).toString('latin1')).toBe('ftyp')
  }, STEP_TIMEOUT)

  it('reruns, inpaints with float frames, merges, loops twice and refines', async () => {
    const rerun = await sdk.process('text2motion', ['rerunRequest={"rerun":1}', `t2m_rid=${first}`, 'variant_id=1', `model=${model}`, 'skipFBX=1'])
    // As SayMotion clients send them: a job made from an earlier one names no model (it takes the earlier job's).
    const inpaint = await sdk.process('text2motion', [
      `t2m_rid=${first}`,
      'variant_id=2',
      'inPaintingRequest={"prompt":"jump","intervals":[{"start":30.0,"end":90.0}]}'
    ])
    const merge = await sdk.process('text2motion', [`t2m_rid=${first}`, 'variant_id=1',
      `mergingRequest={"t2m_rid":"${first}","variant_id":"2","prompt":"turn left","blendDuration":0.5}`])
    const loop = await sdk.process('text2motion', [
      `t2m_rid=${first}`,
      'variant_id=1',
      'loopRequest={"numReps":2,"blendDuration":0.5,"fixRootPositionHorizontal":1}'
    ])
    const refine = await sdk.process('text2motion', [
      `t2m_rid=${first}`,
      'variant_id=1',
      'refineRequest={"prompt":"walk forward tiredly","creativity":0.3}'
    ])
    rids.push(rerun, inpaint, merge, loop, refine)
    for (const rid of [rerun, inpaint, merge, loop, refine]) expect(await sdk.wait(rid), rid).toMatchObject({ status: 'SUCCESS' })
    const list = (await sdk.call('/job/v1/list')).body.list as Json[]
    expect(list.find((j) => j.rid === rerun)?.processingInfo.lineage).toEqual({ t2m_rid: first, variant_id: '1' })
    const source = bvhSeconds((await sdk.download(first)).bvh!)
    expect(bvhSeconds((await sdk.download(loop)).bvh!) / source).toBeCloseTo(2, 1)
    expect(bvhSeconds((await sdk.download(refine)).bvh!)).toBeCloseTo(source, 1)
    expect(Object.keys((await sdk.download(rerun)))).toEqual(['glb', 'bvh'])
  }, STEP_TIMEOUT)

  it('uploads a character with resumable=0, runs a job on it and deletes it', async () => {
    const stock = ((await sdk.call(`/character/v1/listModels?stockModel=1&modelId=${model}`)).body as Json[])[0]!
    const glb = Buffer.from(await (await fetch(stock.glb as string)).arrayBuffer())
    const urls = (await sdk.call('/character/v1/getModelUploadUrl?name=hero&modelExt=glb&resumable=0')).body
    const put = await fetch(urls.modelUrl as string, { method: 'PUT', headers: { cookie: sdk.cookie, 'content-type': 'application/octet-stream' }, body: glb })
    expect(put.status).toBe(200)
    const stored = await sdk.call('/character/v1/storeModel', { method: 'POST', body: { modelUrl: urls.modelUrl, modelName: 'Hero' } })
    expect(stored.status, JSON.stringify(stored.body)).toBe(200)
    const custom = stored.body.modelId as string
    const listed = (await sdk.call('/character/v1/listModels?searchToken=Hero')).body as Json[]
    expect(listed.map((m) => m.Id)).toEqual([custom])
    const rid = await sdk.process('text2motion', ['prompt=jump twice', `model=${custom}`, 'skipFBX=1'])
    rids.push(rid)
    expect(await sdk.wait(rid)).toMatchObject({ status: 'SUCCESS' })
    expectGlb((await sdk.download(rid)).glb)
    expect((await sdk.call(`/character/v1/deleteModel/${custom}`, { method: 'DELETE' })).body).toEqual({ count: 1 })
    expect((await sdk.call('/character/v1/listModels')).body).toEqual([])
  }, STEP_TIMEOUT)

  it('lists by status only and cancels a waiting job', async () => {
    const busy = await sdk.process('text2motion', ['prompt=dance for 40 seconds', `model=${model}`, 'numVariant=4'])
    const waiting = await sdk.process('text2motion', ['prompt=walk forward', `model=${model}`])
    const cancelled = await sdk.call(`/job/v1/cancel/${waiting}`)
    expect(cancelled.body).toEqual({ result: true })
    expect(await sdk.wait(waiting)).toMatchObject({ status: 'FAILURE', details: { exc_type: 'Cancelled' } })
    await sdk.call(`/job/v1/cancel/${busy}`)
    const success = (await sdk.call('/job/v1/list/SUCCESS')).body
    expect(success.count).toBe(success.list.length)
    expect(success.list.map((j: Json) => j.rid)).toEqual(expect.arrayContaining(rids))
    const failures = (await sdk.call('/job/v1/list/FAILURE')).body.list.map((j: Json) => j.rid)
    expect(failures).toContain(waiting)
    const unknown = await sdk.call('/job/v1/list/FINISHED')
    expect(unknown.status).toBe(400)
    expect(typeof unknown.body.message).toBe('string')
  }, STEP_TIMEOUT)

  it('optimizes a prompt into actionable sub-prompts', async () => {
    const { body } = await sdk.call('/prompt/v1/optimize', {
      method: 'POST',
      body: { params: ['prompt="A person walks forward then jumps and waves"', 'breakIntoActionablePrompts=1'] }
    })
    const record = await sdk.wait(body.rid as string, '/prompt/v1/status/')
    expect(record).toMatchObject({ status: 'SUCCESS' })
    expect(record.details.actionablePrompts).toEqual(['walk forward', 'jump', 'wave'])
    expect(record.details.optimizedPrompt).toBe('walk forward, then jump, then wave')
  }, STEP_TIMEOUT)
}

describe('SayMotion client, in-process worker', () => { suite('in-process') })
describe.skipIf(REDIS_URL === undefined || DATABASE_URL === undefined)('SayMotion client, API and worker over the Redis queue', () => { suite('redis') })
