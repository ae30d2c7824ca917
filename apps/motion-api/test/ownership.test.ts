// Tenant isolation: client B, using every route that takes an id or a URL, on client A's objects gets 404 — the
// same answer as for an id that never existed, so nothing about A is revealed. B's id is a prefix of A's on
// purpose ("dev" / "dev-client"): upload ids start with the client id, and a prefix check once let B take A's file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import type { VideoRenderer } from '../src/adapters/video-renderer.js'
import { ADMIN, buildTestApp, localPath, login, waitForJob } from './helper.js'

const renderer: VideoRenderer = { render: async () => { throw new Error('not used: submissions are refused') } }

let app: AppInstance
let cookieA: string
let cookieB: string
const a = { rid: '', running: '', modelId: '', modelUrl: '', thumbUrl: '', fileUrl: '' }
let ridB = ''

const submit = async (cookie: string, params: string[], processor = 'text2motion') =>
  await app.inject({ method: 'POST', url: `/job/v1/process/${processor}`, headers: { cookie }, payload: { params } })

async function uploadStockGlb (cookie: string): Promise<{ modelUrl: string, thumbUrl: string }> {
  const stock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json()
  const glb = (await app.inject({ url: localPath(stock.find((m: { Id: string }) => m.Id === 'openmotion_slender').glb) })).rawPayload
  const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl?modelExt=glb&resumable=0', headers: { cookie } })).json()
  await app.inject({ method: 'PUT', url: localPath(urls.modelUrl), payload: glb, headers: { 'content-type': 'application/octet-stream' } })
  await app.inject({ method: 'PUT', url: localPath(urls.thumbUrl), payload: Buffer.from('png'), headers: { 'content-type': 'image/png' } })
  return urls
}

beforeAll(async () => {
  app = await buildTestApp({}, { renderer })
  cookieA = await login(app)
  await app.inject({ method: 'POST', url: '/admin/v1/clients', headers: { authorization: `Bearer ${ADMIN}` }, payload: { id: 'dev', plan: 'dev' } })
  const secret = (await app.inject({ method: 'POST', url: '/admin/v1/clients/dev/secret', headers: { authorization: `Bearer ${ADMIN}` } })).json().clientSecret
  cookieB = await login(app, 'dev', secret)

  a.rid = (await submit(cookieA, ['prompt=wave', 'model=openmotion_mannequin', 'skipFBX=1'])).json().rid
  ridB = (await submit(cookieB, ['prompt=nod', 'model=openmotion_mannequin', 'skipFBX=1'])).json().rid
  await waitForJob(app, cookieA, a.rid)
  await waitForJob(app, cookieB, ridB)
  const stored = await uploadStockGlb(cookieA)
  a.modelId = (
    await app.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie: cookieA }, payload: { modelUrl: stored.modelUrl } })
  ).json().modelId
  Object.assign(a, await uploadStockGlb(cookieA)) // uploaded, not yet stored
  const link = (await app.inject({ url: `/job/v1/download/${a.rid}`, headers: { cookie: cookieA } })).json().links[0]
  a.fileUrl = Object.assign({}, ...link.urls[0].files).glb
}, 180_000)
afterAll(async () => { await app.close() })

interface Request { method?: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown> }
const routes: Array<[string, () => Request]> = [
  ["storeModel with A's modelUrl", () => ({ method: 'POST', url: '/character/v1/storeModel', payload: { modelUrl: a.modelUrl } })],
  ["storeModel with A's thumbUrl", () => ({ method: 'POST', url: '/character/v1/storeModel', payload: { modelUrl: a.modelUrl, thumbUrl: a.thumbUrl } })],
  ["storeModel updating A's modelId", () => ({ method: 'POST', url: '/character/v1/storeModel', payload: { modelId: a.modelId, modelName: 'mine now' } })],
  ["listModels?modelId of A's model", () => ({ url: `/character/v1/listModels?modelId=${a.modelId}` })],
  ["deleteModel of A's model", () => ({ method: 'DELETE', url: `/character/v1/deleteModel/${a.modelId}` })],
  ["status of A's rid", () => ({ url: `/job/v1/status/${a.rid}` })],
  ["download of A's rid", () => ({ url: `/job/v1/download/${a.rid}?variant_id=1` })],
  ["cancel of A's rid", () => ({ url: `/job/v1/cancel/${a.rid}` })],
  ["render of A's job", () => ({ method: 'POST', url: '/job/v1/process/render', payload: { params: [`t2m_rid=${a.rid}`, 'variant_id=1'] } })],
  [
    "inpainting from A's job",
    () => ({
      method: 'POST',
      url: '/job/v1/process/text2motion',
      payload: {
        params: ['model=openmotion_mannequin', `t2m_rid=${a.rid}`, 'variant_id=1', 'inPaintingRequest={"prompt":"wave","intervals":[{"start":2,"end":8}]}']
      }
    })
  ],
  [
    "merging with A's job",
    () => ({
      method: 'POST',
      url: '/job/v1/process/text2motion',
      payload: {
        params: ['model=openmotion_mannequin', `t2m_rid=${ridB}`, 'variant_id=1', `mergingRequest={"t2m_rid":"${a.rid}","variant_id":1,"prompt":"turn"}`]
      }
    })
  ]
]

describe('ownership', () => {
  it.each(routes)('%s as client B is 404, as for an unknown id', async (_name, request) => {
    const { method = 'GET', url, payload } = request()
    const response = await app.inject({ method, url, headers: { cookie: cookieB }, ...(payload === undefined ? {} : { payload }) })
    expect(response.statusCode, response.body).toBe(404)
  })

  it('left every object of A as it was', async () => {
    const models = (await app.inject({ url: `/character/v1/listModels?modelId=${a.modelId}`, headers: { cookie: cookieA } })).json()
    expect(models).toMatchObject([{ Id: a.modelId, name: 'Custom character' }])
    expect((await app.inject({ url: `/job/v1/status/${a.rid}`, headers: { cookie: cookieA } })).json().status[0].status).toBe('SUCCESS')
    const stored = await app.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie: cookieA }, payload: { modelUrl: a.modelUrl } })
    expect(stored.statusCode).toBe(200)
  })

  it('lists only the caller\'s jobs and models', async () => {
    const jobs = (await app.inject({ url: '/job/v1/list', headers: { cookie: cookieB } })).json().list.map((j: { rid: string }) => j.rid)
    expect(jobs).toEqual([ridB])
    const models = (await app.inject({ url: '/character/v1/listModels', headers: { cookie: cookieB } })).json()
    expect(models).toEqual([])
  })

  it('refuses A\'s custom model as B\'s job model', async () => {
    const response = await submit(cookieB, ['prompt=walk', `model=${a.modelId}`])
    expect(response.json().error).toMatchObject({ code: 1102, details: { parameter: 'model' } })
  })

  it('answers a file path of A\'s without A\'s signature exactly as a file that does not exist', async () => {
    const forged = (url: string) => localPath(url).replace(/signature=[^&]+/, 'signature=forged')
    const real = await app.inject({ url: forged(a.fileUrl), headers: { cookie: cookieB } })
    const missing = await app.inject({ url: forged(a.fileUrl.replace('/jobs/', '/jobs/x')), headers: { cookie: cookieB } })
    expect(real.statusCode).toBe(missing.statusCode)
    expect(real.json().error.code).toBe(missing.json().error.code)
  })
})
