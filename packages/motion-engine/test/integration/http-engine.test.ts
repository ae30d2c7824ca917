import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBuiltinEngine, createEngine, EngineError, fk, jointIndex } from '../../src/index.js'
import type { HttpGenerateBody, MotionClip } from '../../src/index.js'
import { SMPL_FOR_JOINT } from '../../src/engines/smpl-retarget.js'

// A model server speaking the protocol: the prompt picks the reply so each test drives one behaviour.
const builtin = createBuiltinEngine()
let reference: MotionClip
let server: Server
let url: string
const received: HttpGenerateBody[] = []

function smplPositions (clip: MotionClip): number[][][] {
  const order = Object.entries(SMPL_FOR_JOINT).sort((a, b) => a[1] - b[1]).map(([name]) => jointIndex(clip.skeleton, name))
  return Array.from({ length: clip.frameCount }, (_, f) => {
    const p = fk(clip, f).positions
    return order.map(j => [...p[j]!])
  })
}

function rotationsReply (frames: number) {
  const joints = reference.skeleton.joints.map(j => `mixamorig:${j.name}`)
  const J = joints.length
  return {
    format: 'rotations',
    fps: 30,
    joints,
    rootTranslation: Array.from({ length: frames }, (_, f) => [0, 0.95, f * 0.02]),
    rotations: Array.from({ length: frames }, (_, f) =>
      Array.from({ length: J }, (_, j) => Array.from(reference.rotations.slice((f * J + j) * 4, (f * J + j) * 4 + 4)))
    )
  }
}

async function handle (req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text = ''
  for await (const chunk of req) text += chunk
  const body = JSON.parse(text) as HttpGenerateBody
  received.push(body)
  const send = (status: number, payload: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(payload)) }
  if (req.url !== '/generate' || req.method !== 'POST') return send(404, { error: { message: 'not found' } })
  if (body.prompt === 'crash') return send(500, { error: { message: 'CUDA out of memory' } })
  if (body.prompt === 'gibberish') return send(422, { error: { code: 494, message: 'no action' } })
  if (body.prompt === 'slow') { setTimeout(() => send(200, rotationsReply(10)), 1500); return }
  if (body.prompt === 'broken') return send(200, { format: 'rotations', fps: 30, joints: ['Hips'], rootTranslation: [[0, 1]], rotations: [[[0, 0, 0, 1]]] })
  if (body.prompt === 'smpl') return send(200, { format: 'smpl22', fps: 20, positions: smplPositions(reference) })
  return send(200, rotationsReply(reference.frameCount))
}

beforeAll(async () => {
  reference = await builtin.generate({ prompt: 'walk forward then wave', fps: 20, options: { rootAtOrigin: true } })
  server = createServer((req, res) => { handle(req, res).catch(() => res.destroy()) })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>(resolve => server.close(() => resolve()))
})

describe('http engine adapter (real socket)', () => {
  const raw = { footLockingMode: 'never', simulation: false, rootAtOrigin: true } as const

  it('sends the documented request body and reads a rotations reply', async () => {
    const engine = createEngine({ kind: 'http', url, timeoutMs: 5000 })
    const clip = await engine.generate({ prompt: 'walk', seed: 3, variantIndex: 2, fps: 30, options: raw })
    const body = received.at(-1)!
    expect(body).toMatchObject({
      prompt: 'walk',
      seed: 3,
      variantIndex: 2,
      fps: 30,
      options: { footLockingMode: 'never', simulation: false, rootAtOrigin: true, poseFilteringStrength: 0 }
    })
    expect(clip.frameCount).toBe(reference.frameCount)
    const hand = jointIndex(clip.skeleton, 'RightHand')
    expect(fk(clip, 5).rotations[hand]).toEqual(fk({ ...reference, rootTranslation: clip.rootTranslation }, 5).rotations[hand]!.map(v => expect.closeTo(v, 5)))
    expect(clip.rootTranslation[(clip.frameCount - 1) * 3 + 2]).toBeCloseTo((clip.frameCount - 1) * 0.02, 4)
  })

  it('converts SMPL 22-joint positions to rotations whose joints land where the positions were, at the requested fps', async () => {
    const engine = createEngine({ kind: 'http', url, timeoutMs: 5000 })
    const clip = await engine.generate({ prompt: 'smpl', fps: 20, options: raw })
    expect(clip.frameCount).toBe(reference.frameCount)
    for (const name of ['LeftHand', 'RightHand', 'LeftFoot', 'RightFoot', 'Head']) {
      const j = jointIndex(clip.skeleton, name)
      for (const f of [0, Math.floor(clip.frameCount / 2), clip.frameCount - 1]) {
        const a = fk(clip, f).positions[j]!
        const b = fk(reference, f).positions[j]!
        expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), `${name}@${f}`).toBeLessThan(0.04)
      }
    }
    const resampled = await engine.generate({ prompt: 'smpl', fps: 40, options: raw })
    expect(resampled.frameCount).toBe((reference.frameCount - 1) * 2 + 1)
  })

  it('maps a server failure to 501 and passes a 494 through', async () => {
    const engine = createEngine({ kind: 'http', url, timeoutMs: 5000 })
    await expect(engine.generate({ prompt: 'crash' })).rejects.toMatchObject({
      code: 'ENGINE_ERR_GENERATION',
      message: expect.stringContaining('CUDA out of memory')
    })
    await expect(engine.generate({ prompt: 'gibberish' })).rejects.toMatchObject({ code: 'ENGINE_ERR_INVALID_INPUT' })
    await expect(engine.generate({ prompt: 'broken' })).rejects.toBeInstanceOf(EngineError)
    await expect(engine.generate({ prompt: 'broken' })).rejects.toMatchObject({ code: 'ENGINE_ERR_GENERATION' })
  })

  it('maps a server that takes longer than timeoutMs to 599', async () => {
    const engine = createEngine({ kind: 'http', url, timeoutMs: 200 })
    await expect(engine.generate({ prompt: 'slow' })).rejects.toMatchObject({ code: 'ENGINE_ERR_TIMEOUT' })
  })

  it('maps an unreachable server to 501', async () => {
    const engine = createEngine({ kind: 'http', url: 'http://127.0.0.1:1', timeoutMs: 2000 })
    await expect(engine.generate({ prompt: 'walk' })).rejects.toMatchObject({ code: 'ENGINE_ERR_GENERATION' })
  })

  it('aborts an in-flight request with an AbortError', async () => {
    const engine = createEngine({ kind: 'http', url, timeoutMs: 5000 })
    const controller = new AbortController()
    const pending = engine.generate({ prompt: 'slow' }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('applies the motion options to server clips too', async () => {
    const engine = createEngine({ kind: 'http', url, timeoutMs: 5000 })
    const centred = await engine.generate({ prompt: 'walk', options: { ...raw, rootAtOrigin: false } })
    const atOrigin = await engine.generate({ prompt: 'walk', options: raw })
    expect(atOrigin.rootTranslation[2]).toBeCloseTo(0, 5)
    expect(centred.rootTranslation[2]).toBeLessThan(-0.1)
  })
})
