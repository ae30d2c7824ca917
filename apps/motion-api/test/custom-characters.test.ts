// Custom characters end to end through the API: an upload is analysed at storeModel (rig, hands, face; files that
// cannot be animated are refused with their codes), and text2motion with its model id animates their skeleton.
import { WebIO } from '@gltf-transform/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { createHumanoidSkeleton, restPoseClip } from '@openmotion/motion-engine'
import { writeFbx } from '@openmotion/motion-formats'
import { NAMING } from '@openmotion/motion-characters/testing'
import { buildTestApp, localPath, login, waitForJob } from './helper.js'

let app: AppInstance
let cookie: string
let stockGlb: Uint8Array

beforeAll(async () => {
  app = await buildTestApp()
  cookie = await login(app)
  const stock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json()
  stockGlb = (await app.inject({ url: localPath(stock.find((m: { Id: string }) => m.Id === 'openmotion_athlete').glb) })).rawPayload
})
afterAll(async () => { await app.close() })

/** The stock character re-saved as another tool would: other bone names, no animation, optionally no skin. */
async function customCharacter (options: { skinned: boolean }): Promise<Uint8Array> {
  const io = new WebIO()
  const doc = await io.readBinary(stockGlb)
  for (const node of doc.getRoot().listNodes()) {
    // The corpus's Unreal names (pelvis, thigh_l, upperarm_r…); nodes that are not joints keep theirs.
    if (node.getSkin() === null && node.getMesh() === null) node.setName(NAMING.unreal(node.getName()))
    if (!options.skinned) node.setSkin(null)
  }
  for (const animation of doc.getRoot().listAnimations()) animation.dispose()
  if (!options.skinned) for (const skin of doc.getRoot().listSkins()) skin.dispose()
  return await io.writeBinary(doc)
}

async function store (bytes: Uint8Array): Promise<{ statusCode: number, body: Record<string, unknown> }> {
  const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl?name=hero&modelExt=glb&resumable=0', headers: { cookie } })).json()
  await app.inject({ method: 'PUT', url: localPath(urls.modelUrl), payload: Buffer.from(bytes), headers: { 'content-type': 'application/octet-stream' } })
  const response = await app.inject({
    method: 'POST',
    url: '/character/v1/storeModel',
    headers: { cookie },
    payload: { modelUrl: urls.modelUrl, modelName: 'Hero' }
  })
  return { statusCode: response.statusCode, body: response.json() }
}

describe('custom characters', () => {
  it('analyses the upload and animates its own skeleton in text2motion', async () => {
    const stored = await store(await customCharacter({ skinned: true }))
    expect(stored.statusCode).toBe(200)
    expect(stored.body).toMatchObject({ faceDataType: 0, handDataType: 1 })
    const modelId = stored.body.modelId as string
    const [listed] = (await app.inject({ url: `/character/v1/listModels?modelId=${modelId}`, headers: { cookie } })).json()
    expect(listed).toMatchObject({ Id: modelId, rigId: 'unreal', platform: 'custom' })

    const { rid } = (
      await app.inject({
        method: 'POST',
        url: '/job/v1/process/text2motion',
        headers: { cookie },
        payload: { params: ['prompt=walk forward then wave', `model=${modelId}`] }
      })
    ).json()
    expect((await waitForJob(app, cookie, rid)).status).toBe('SUCCESS')
    const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
    const files = Object.assign({}, ...link.urls[0].files) as Record<string, string>
    expect(Object.keys(files).sort()).toEqual(['bvh', 'fbx', 'glb'])
    const doc = await new WebIO().readBinary((await app.inject({ url: localPath(files.glb!) })).rawPayload)
    const targets = new Set(doc.getRoot().listAnimations()[0]!.listChannels().map((c) => c.getTargetNode()!.getName()))
    expect([...targets]).toEqual(expect.arrayContaining(['pelvis', 'thigh_l', 'calf_r', 'upperarm_r', 'hand_r']))
    const bvh = (await app.inject({ url: localPath(files.bvh!) })).body
    expect(bvh).toContain('ROOT pelvis')
  })

  it('puts a static Root at the origin above their hips with rootAtOrigin=1 (GLB and BVH)', async () => {
    const stored = await store(await customCharacter({ skinned: true }))
    const { rid } = (
      await app.inject({
        method: 'POST',
        url: '/job/v1/process/text2motion',
        headers: { cookie },
        payload: { params: ['prompt=walk', `model=${stored.body.modelId as string}`, 'rootAtOrigin=1', 'skipFBX=1'] }
      })
    ).json()
    expect((await waitForJob(app, cookie, rid)).status).toBe('SUCCESS')
    const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
    const files = Object.assign({}, ...link.urls[0].files) as Record<string, string>
    const doc = await new WebIO().readBinary((await app.inject({ url: localPath(files.glb!) })).rawPayload)
    const pelvis = doc.getRoot().listNodes().find((n) => n.getName() === 'pelvis')!
    expect(pelvis.getParentNode()?.getName()).toBe('Root')
    expect(pelvis.getParentNode()!.getWorldMatrix().slice(12, 15)).toEqual([0, 0, 0])
    expect((await app.inject({ url: localPath(files.bvh!) })).body).toMatch(/ROOT Root\s*\{\s*OFFSET 0(\.0+)? 0(\.0+)? 0(\.0+)?/)
  })

  it('takes an FBX character (binary, Mixamo names in centimetres), lists its GLB form and animates it', async () => {
    const fbx = writeFbx(restPoseClip(createHumanoidSkeleton()), { name: 'Hero', bonePrefix: 'mixamorig:' })
    const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl?name=hero&modelExt=fbx&resumable=0', headers: { cookie } })).json()
    await app.inject({ method: 'PUT', url: localPath(urls.modelUrl), payload: Buffer.from(fbx), headers: { 'content-type': 'application/octet-stream' } })
    const stored = (
      await app.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie }, payload: { modelUrl: urls.modelUrl, createThumb: 1 } })
    ).json()
    const [listed] = (await app.inject({ url: `/character/v1/listModels?modelId=${stored.modelId}`, headers: { cookie } })).json()
    expect(listed.rigId).toBe('mixamo')
    expect((await app.inject({ url: localPath(listed.glb) })).rawPayload.subarray(0, 4).toString()).toBe('glTF')
    expect((await app.inject({ url: localPath(listed.thumb) })).rawPayload.subarray(1, 4).toString()).toBe('PNG')
    const { rid } = (
      await app.inject({
        method: 'POST',
        url: '/job/v1/process/text2motion',
        headers: { cookie },
        payload: { params: ['prompt=jump', `model=${stored.modelId}`, 'skipFBX=1'] }
      })
    ).json()
    expect((await waitForJob(app, cookie, rid)).status).toBe('SUCCESS')
  })

  it('refuses with 901 a character that takes longer to read than CHARACTER_IMPORT_TIMEOUT_MS', async () => {
    const hurried = await buildTestApp({ CHARACTER_IMPORT_TIMEOUT_MS: '1' })
    try {
      const c = await login(hurried)
      const urls = (await hurried.inject({ url: '/character/v1/getModelUploadUrl?name=hero&modelExt=glb&resumable=0', headers: { cookie: c } })).json()
      await hurried.inject({
        method: 'PUT',
        url: localPath(urls.modelUrl),
        payload: Buffer.from(await customCharacter({ skinned: true })),
        headers: { 'content-type': 'application/octet-stream' }
      })
      const refused = await hurried.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie: c }, payload: { modelUrl: urls.modelUrl } })
      expect(refused.json().error).toMatchObject({ code: 901, message: expect.stringContaining('took longer than 1 ms') })
    } finally {
      await hurried.close()
    }
  })

  it('refuses a character without a skinned mesh with 905 and stores nothing', async () => {
    const before = (await app.inject({ url: '/character/v1/listModels', headers: { cookie } })).json().length
    const refused = await store(await customCharacter({ skinned: false }))
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 905 } })
    expect((await app.inject({ url: '/character/v1/listModels', headers: { cookie } })).json()).toHaveLength(before)
  })
})
