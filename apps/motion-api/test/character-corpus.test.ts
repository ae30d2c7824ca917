// Custom characters as people export them, uploaded the way a client does (getModelUploadUrl resumable=0 → PUT →
// storeModel → text2motion → download): Draco and meshopt compression, quantized attributes, RobotExpressive-style
// and side-less bone names, unnormalised skin weights with a texture, FBX with pivots, pre/post-rotations, every
// rotation order, a geometric transform, an embedded texture and blendshapes, and an FBX Blender writes. Every exported GLB
// passes the Khronos glTF validator; the GLB and FBX open in assimp (assimp and blender are required in CI, skipped on a
// machine without them).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebIO } from '@gltf-transform/core'
import { validateBytes } from 'gltf-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import {
  asciiFbx,
  blenderFbx,
  buildCharacter,
  dracoGlb,
  glb,
  hasBlender,
  mayaStyleFbx,
  meshoptGlb,
  NAMING,
  quantizedGlb
} from '@openmotion/motion-characters/testing'
import { requireTool } from '@openmotion/test-services'
import { buildTestApp, localPath, login, waitForJob } from './helper.js'

function hasAssimp (): boolean {
  try {
    execFileSync('assimp', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const assimp = hasAssimp()
const blender = hasBlender()
requireTool('assimp', assimp, 'Debian assimp-utils')
requireTool('blender', blender, 'Debian blender')

/** assimp's `info` summary as name → number ("Meshes: 1", "Animations: 1"…). */
function assimpInfo (file: string): Map<string, number> {
  const out = execFileSync('assimp', ['info', file], { encoding: 'utf8' })
  return new Map([...out.matchAll(/^\s*([A-Za-z ]+?):\s+(\d+)\s*$/gm)].map((m) => [m[1]!.trim(), Number(m[2])]))
}

interface Upload { name: string, ext: 'glb' | 'fbx', rigId: string, faceDataType: number, file: () => Promise<Uint8Array> }

const CORPUS: Upload[] = [
  {
    name: 'Draco-compressed GLB (KHR_draco_mesh_compression)',
    ext: 'glb',
    rigId: 'mixamo',
    faceDataType: 0,
    file: async () => await dracoGlb(buildCharacter({ rename: NAMING.mixamo }))
  },
  {
    name: 'meshopt-compressed, quantized, textured GLB',
    ext: 'glb',
    rigId: 'unreal',
    faceDataType: 0,
    file: async () => await meshoptGlb(buildCharacter({ rename: NAMING.unreal, texture: true }))
  },
  {
    name: 'quantized GLB in centimetres (KHR_mesh_quantization)',
    ext: 'glb',
    rigId: 'rigify',
    faceDataType: 0,
    file: async () => await quantizedGlb(buildCharacter({ rename: NAMING.rigify, unitsPerMetre: 100 }))
  },
  {
    name: 'RobotExpressive-style names (UpperArmL, LowerLegR, FootL, Palm2L)',
    ext: 'glb',
    rigId: 'generic',
    faceDataType: 0,
    file: async () => await glb(buildCharacter({ rename: NAMING.robot }))
  },
  {
    name: 'side-less names (UpperArm, UpperArm.001) facing −Z',
    ext: 'glb',
    rigId: 'generic',
    faceDataType: 0,
    file: async () => await glb(buildCharacter({ rename: NAMING.sideless, facingBack: true }))
  },
  {
    name: 'unnormalised skin weights in two sets, textured with KHR_texture_transform',
    ext: 'glb',
    rigId: 'mixamo',
    faceDataType: 0,
    file: async () => await glb(buildCharacter({ rename: NAMING.mixamo, unnormalisedWeights: true, texture: true }))
  },
  {
    name: 'FBX with pivots, pre/post-rotations, all rotation orders, geometric transform, embedded texture, blendshapes',
    ext: 'fbx',
    rigId: 'mixamo',
    faceDataType: 2,
    file: async () => mayaStyleFbx({ texture: 'embedded', blendshapes: true })
  },
  { name: 'ASCII FBX with Unreal names', ext: 'fbx', rigId: 'unreal', faceDataType: 0, file: async () => asciiFbx(NAMING.unreal) },
  // Written by Blender itself (when installed): painted weights, shape keys, an embedded texture, two materials.
  ...(blender
    ? [
        {
          name: 'FBX exported by Blender with RobotExpressive names',
          ext: 'fbx' as const,
          rigId: 'generic',
          faceDataType: 2,
          file: async () => blenderFbx('robot')
        }
      ]
    : [])
]

let app: AppInstance
let cookie: string
let dir: string
beforeAll(async () => {
  app = await buildTestApp()
  cookie = await login(app)
  dir = mkdtempSync(join(tmpdir(), 'character-corpus-'))
})
afterAll(async () => { await app.close() })

async function download (url: string): Promise<Buffer> {
  return (await app.inject({ url: localPath(url) })).rawPayload
}

describe.each(CORPUS.map((upload, i) => ({ ...upload, rootAtOrigin: i % 2 === 1 })))('$name', ({ ext, rigId, faceDataType, file, rootAtOrigin }) => {
  it(`is stored, animated${rootAtOrigin ? ' with rootAtOrigin=1' : ''} and exported as a valid GLB and an FBX that assimp opens`, async () => {
    const urls = (await app.inject({ url: `/character/v1/getModelUploadUrl?name=corpus&modelExt=${ext}&resumable=0`, headers: { cookie } })).json()
    const put = await app.inject({
      method: 'PUT',
      url: localPath(urls.modelUrl),
      payload: Buffer.from(await file()),
      headers: { 'content-type': 'application/octet-stream' }
    })
    expect(put.statusCode).toBeLessThan(300)
    const stored = await app.inject({
      method: 'POST',
      url: '/character/v1/storeModel',
      headers: { cookie },
      payload: { modelUrl: urls.modelUrl, modelName: 'Corpus', createThumb: 1 }
    })
    expect(stored.statusCode, stored.body).toBe(200)
    expect(stored.json()).toMatchObject({ handDataType: 1, faceDataType })
    const modelId = stored.json().modelId as string
    const [listed] = (await app.inject({ url: `/character/v1/listModels?modelId=${modelId}`, headers: { cookie } })).json()
    expect(listed.rigId).toBe(rigId)
    // The stored GLB form is what the renderer reads (createThumb drew it): compressed uploads are kept decoded.
    expect((await validateBytes(await download(listed.glb), { maxIssues: 10, writeTimestamp: false })).info?.extensionsRequired ?? []).toEqual([])
    expect((await download(listed.thumb)).subarray(1, 4).toString()).toBe('PNG')

    const params = ['prompt=walk forward then wave', `model=${modelId}`, `rootAtOrigin=${rootAtOrigin ? 1 : 0}`]
    const { rid } = (await app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params } })).json()
    const status = await waitForJob(app, cookie, rid)
    expect(status.status, JSON.stringify(status.details)).toBe('SUCCESS')
    const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
    const files = Object.assign({}, ...link.urls[0].files) as Record<string, string>
    const exported = { glb: await download(files.glb!), fbx: await download(files.fbx!) }

    const report = await validateBytes(exported.glb, { maxIssues: 20, writeTimestamp: false })
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages.filter((m) => m.severity === 0))).toBe(0)
    const names = (await new WebIO().readBinary(exported.glb)).getRoot().listNodes().map((n) => n.getName())
    expect(names.includes('Root')).toBe(rootAtOrigin)

    if (!assimp) return
    for (const [type, bytes] of Object.entries(exported)) {
      const path = join(dir, `${rid}.${type}`)
      writeFileSync(path, bytes)
      const summary = assimpInfo(path)
      expect(summary.get('Meshes') ?? 0, type).toBeGreaterThanOrEqual(1)
      expect(summary.get('Animations'), type).toBe(1)
    }
  }, 60_000)
})
