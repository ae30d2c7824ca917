// The render processor's job flow with a stand-in renderer (the real one, with ffmpeg, runs in the integration
// end-to-end test): parameters reach the renderer, progress is reported, the MP4 and poster are downloadable,
// renderer failures keep their code and refund the credits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { RenderError, RENDER_ERROR, type SceneOptions } from '@openmotion/motion-render'
import type { VideoRenderer } from '../src/adapters/video-renderer.js'
import { buildTestApp, localPath, login, waitForJob } from './helper.js'

const calls: Array<{ glbMagic: string, scene: SceneOptions }> = []
let failWith: RenderError | undefined
const renderer: VideoRenderer = {
  async render (glb, scene, { onProgress }) {
    calls.push({ glbMagic: Buffer.from(glb.subarray(0, 4)).toString('latin1'), scene })
    if (failWith !== undefined) throw failWith
    for (let f = 1; f <= 3; f++) onProgress(f, 3)
    return { video: Buffer.from('....ftypisom fake mp4 bytes'), poster: Buffer.from('\x89PNG fake'), frameCount: 3, durationSeconds: 0.1 }
  }
}

let app: AppInstance
let cookie: string
let t2m: string

beforeAll(async () => {
  app = await buildTestApp({}, { renderer })
  cookie = await login(app)
  t2m = (
    await app.inject({
      method: 'POST',
      url: '/job/v1/process/text2motion',
      headers: { cookie },
      payload: { params: ['prompt=walk forward', 'model=openmotion_mannequin'] }
    })
  ).json().rid
  expect((await waitForJob(app, cookie, t2m)).status).toBe('SUCCESS')
})
afterAll(async () => { await app.close() })

const balance = async (): Promise<number> => (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits

describe('render jobs', () => {
  it('renders the variant GLB with every scene parameter and serves the MP4 and poster', async () => {
    const params = [`t2m_rid=${t2m}`, 'variant_id=1', 'bgColor=10,20,30,255', 'backdrop=Red_Carpet', 'shadow=1', 'camMode=2', 'camHorizontalAngle=-45']
    const { rid } = (await app.inject({ method: 'POST', url: '/job/v1/process/render', headers: { cookie }, payload: { params } })).json()
    const status = await waitForJob(app, cookie, rid)
    expect(status).toMatchObject({ status: 'SUCCESS', details: { In: `${t2m}/1` } })
    expect(calls.at(-1)).toEqual({
      glbMagic: 'glTF',
      scene: { bgColor: [10, 20, 30], backdrop: 'Red_Carpet', shadow: true, camMode: 2, camHorizontalAngle: -45 }
    })

    const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
    expect(link).toMatchObject({ rid, variantDownloadStatus: true })
    const files = Object.assign({}, ...link.urls[0].files) as Record<string, string>
    const mp4 = await app.inject({ url: localPath(files.mp4!) })
    expect(mp4.headers['content-type']).toBe('video/mp4')
    expect(mp4.body).toContain('fake mp4')
    expect((await app.inject({ url: localPath(files.png!) })).headers['content-type']).toBe('image/png')

    const t2mLink = (await app.inject({ url: `/job/v1/download/${t2m}`, headers: { cookie } })).json().links[0]
    expect(t2mLink.renderJobList).toContain(rid)
    const listed = (await app.inject({ url: '/job/v1/list/SUCCESS/render', headers: { cookie } })).json()
    expect(listed.list.map((j: { rid: string }) => j.rid)).toContain(rid)
  })

  it('fails with the renderer\'s code (1107 backdrop) and refunds the render price', async () => {
    failWith = new RenderError(RENDER_ERROR.backdrop, 'backdrop image could not be drawn')
    try {
      const before = await balance()
      const { rid } = (
        await app.inject({
          method: 'POST',
          url: '/job/v1/process/render',
          headers: { cookie },
          payload: { params: [`t2m_rid=${t2m}`, 'variant_id=1', 'backdrop=studio'] }
        })
      ).json()
      const status = await waitForJob(app, cookie, rid)
      expect(status).toMatchObject({
        status: 'FAILURE',
        details: { code: 1107, exc_type: 'RenderError', exc_message: '1107: backdrop image could not be drawn' }
      })
      expect(await balance()).toBe(before)
    } finally {
      failWith = undefined
    }
  })

  it('refuses a render of a variant that does not exist', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/job/v1/process/render',
      headers: { cookie },
      payload: { params: [`t2m_rid=${t2m}`, 'variant_id=9'] }
    })
    expect(response.json().error).toMatchObject({ code: 1102 })
  })
})

describe('render disabled', () => {
  it('answers 494 for render jobs when RENDER_ENABLED=false', async () => {
    const plain = await buildTestApp()
    try {
      const c = await login(plain)
      const response = await plain.inject({
        method: 'POST',
        url: '/job/v1/process/render',
        headers: { cookie: c },
        payload: { params: ['t2m_rid=abc', 'variant_id=1'] }
      })
      expect(response.json().error.code).toBe(494)
    } finally {
      await plain.close()
    }
  })
})
