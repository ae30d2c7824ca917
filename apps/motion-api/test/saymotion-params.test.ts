// The parameters SayMotion clients send (motion-api-public-extensions.md): numVariant, quoting, floats,
// requestedAnimationDuration, and the rerun, loop and refine requests.
import { describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { localPath, useSignedInApp, waitForJob } from './helper.js'

let app: AppInstance
let cookie: string

useSignedInApp((built, session) => { app = built; cookie = session })

const MODEL = 'model=openmotion_mannequin'
const process = (params: string[]) => app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params } })

async function run (params: string[]): Promise<{ rid: string, record: Record<string, unknown>, job: Record<string, unknown> }> {
  const response = await process(params)
  expect(response.statusCode, response.body).toBe(200)
  const { rid } = response.json()
  const record = await waitForJob(app, cookie, rid)
  expect(record, JSON.stringify(record)).toMatchObject({ status: 'SUCCESS' })
  const job = (await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().list.find((j: { rid: string }) => j.rid === rid)
  return { rid, record, job }
}

function seconds (job: Record<string, unknown>): number[] {
  return (job.processingInfo as { motionSeconds: number[] }).motionSeconds
}

async function bvh (rid: string, variant = '1'): Promise<string> {
  const link = (await app.inject({ url: `/job/v1/download/${rid}?variant_id=${variant}`, headers: { cookie } })).json().links[0]
  const url = Object.assign({}, ...link.urls[0].files).bvh as string
  return (await app.inject({ url: localPath(url) })).body
}

/** Root (first joint) position per frame from a BVH, centimetres: its first three channels are positions. */
function bvhRoot (text: string): Array<[number, number, number]> {
  const motion = text.slice(text.indexOf('Frame Time:'))
  return motion.split('\n').slice(1).filter((l) => l.trim() !== '').map((l) => l.trim().split(/\s+/).slice(0, 3).map(Number) as [number, number, number])
}

describe('parameter syntax', () => {
  it('accepts numVariant, numVariants and a float count, capped by maxVariantsGeneration', async () => {
    const { job } = await run(['prompt=nod', MODEL, 'numVariant=2.0', 'skipFBX=1'])
    expect(Object.keys(job.variants as object)).toEqual(['1', '2'])
    expect((await process(['prompt=nod', MODEL, 'numVariants=2'])).statusCode).toBe(200)
    const over = await process(['prompt=nod', MODEL, 'numVariant=5'])
    expect(over.statusCode).toBe(400)
    expect(over.json().error).toMatchObject({ code: 1102, details: { parameter: 'numVariant' } })
    expect(over.json().error.message).toContain('maxVariantsGeneration (4)')
    expect((await process(['prompt=nod', MODEL, 'numVariant=2', 'numVariants=2'])).json().error.code).toBe(1102)
  })

  it('unquotes quoted values and keeps values that contain "="', async () => {
    const quoted = await run(['prompt="A person walks forward three steps"', MODEL, 'skipFBX=1'])
    expect(quoted.record.details).toMatchObject({ In: 'A person walks forward three steps' })
    const withEquals = await run(['prompt=wave, then nod (speed=slow)', MODEL, 'skipFBX=1'])
    expect(withEquals.record.details).toMatchObject({ In: 'wave, then nod (speed=slow)' })
  })

  it('takes floats where integers are meant: flags, camera mode, frame intervals', async () => {
    const source = await run(['prompt=walk forward for 3 seconds', MODEL, 'skipFBX=1.0', 'rootAtOrigin=1.0'])
    expect(await bvh(source.rid)).toContain('HIERARCHY')
    await run([MODEL, `t2m_rid=${source.rid}`, 'variant_id=1.0', 'editRequest={"numTrimLeft":2.0,"numTrimRight":3.0}',
      'inPaintingRequest={"prompt":"wave","intervals":[{"start":10.0,"end":40.4}]}'])
  })
})

describe('requestedAnimationDuration', () => {
  it.each([
    ['walk forward three steps', 5],
    ['jump', 5.0],
    ['wave', 2.5],
    ['run forward for 10 seconds', 3]
  ])('makes "%s" last %f s', async (prompt, duration) => {
    const { job } = await run([`prompt=${prompt}`, MODEL, `requestedAnimationDuration=${duration.toFixed(1)}`, 'skipFBX=1'])
    for (const length of seconds(job)) expect(Math.abs(length - duration)).toBeLessThanOrEqual(Math.max(0.2, duration * 0.05))
  })

  it.each(['0.2', '61', 'five'])('refuses %s with 1102 naming the parameter', async (value) => {
    const response = await process(['prompt=walk', MODEL, `requestedAnimationDuration=${value}`])
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ code: 1102, details: { parameter: 'requestedAnimationDuration' } })
    expect(response.json().error.message).toContain('0.5 to 60')
  })
})

describe('rerun, loop and refine', () => {
  it('reruns the earlier prompt and settings with new randomness, explicit parameters overriding, and records the lineage', async () => {
    const first = await run(['prompt=dance happily', MODEL, 'skipFBX=1', 'requestedAnimationDuration=3'])
    const again = await run(['rerunRequest={"rerun":1}', `t2m_rid=${first.rid}`, 'variant_id=1', MODEL])
    expect(again.record.details).toMatchObject({ In: 'dance happily' })
    expect(again.job.processingInfo).toMatchObject({ lineage: { t2m_rid: first.rid, variant_id: '1' } })
    expect(seconds(again.job)[0]).toBeCloseTo(3, 0) // the earlier duration setting is kept
    const files = (await app.inject({ url: `/job/v1/download/${again.rid}`, headers: { cookie } })).json().links[0].urls[0].files
    expect(files.map((f: object) => Object.keys(f)[0])).toEqual(['glb', 'bvh']) // skipFBX kept
    expect(await bvh(again.rid)).not.toBe(await bvh(first.rid)) // new randomness
    const overridden = await run(['rerunRequest={"rerun":1}', `t2m_rid=${first.rid}`, 'variant_id=1', MODEL, 'requestedAnimationDuration=5', 'skipFBX=0'])
    expect(seconds(overridden.job)[0]).toBeCloseTo(5, 0)
    expect((await app.inject({ url: `/job/v1/download/${overridden.rid}`, headers: { cookie } })).json().links[0].urls[0].files).toHaveLength(3)
  })

  it('loops an earlier variant numReps times and charges for the resulting length', async () => {
    const source = await run(['prompt=walk forward for 3 seconds', MODEL, 'skipFBX=1'])
    const loop = await run([
      'loopRequest={"numReps":2,"blendDuration":0.4,"fixRootPositionHorizontal":1,"fixRootMode":"INTERPOLATION"}',
      `t2m_rid=${source.rid}`,
      'variant_id=1',
      MODEL
    ])
    expect(seconds(loop.job)[0]).toBeCloseTo(2 * seconds(source.job)[0]!, 1)
    expect(loop.job.chargedAmount).toBe(Math.ceil(seconds(loop.job)[0]! - 1e-9))
    // The fix flags reach the engine: the root's ground drift over one repetition, free vs pinned.
    const frames = bvhRoot(await bvh(source.rid)).length
    const drift = async (flags: string) => {
      const { rid } = await run([`loopRequest={"numReps":2${flags}}`, `t2m_rid=${source.rid}`, 'variant_id=1', MODEL, 'skipFBX=1'])
      const root = bvhRoot(await bvh(rid))
      expect(root).toHaveLength(2 * frames)
      return Math.hypot(root[frames]![0] - root[0]![0], root[frames]![2] - root[0]![2])
    }
    const free = await drift('')
    expect(free).toBeGreaterThan(50) // centimetres walked per repetition
    expect(await drift(',"fixRootPositionHorizontal":1,"fixRootMode":"LOCKED"')).toBeLessThan(free * 0.05)
    const bad = await process(['loopRequest={"numReps":2,"fixRootMode":"FLOATING"}', `t2m_rid=${source.rid}`, 'variant_id=1', MODEL])
    expect(bad.json().error).toMatchObject({ code: 1102, details: { parameter: 'loopRequest' } })
  })

  it('refines an earlier variant into numVariant variations steered by a prompt', async () => {
    const source = await run(['prompt=walk forward for 3 seconds', MODEL, 'skipFBX=1'])
    const refined = await run([
      'refineRequest={"prompt":"walk forward tiredly","creativity":0.3}',
      `t2m_rid=${source.rid}`,
      'variant_id=1',
      MODEL,
      'numVariant=2'
    ])
    expect(Object.keys(refined.job.variants as object)).toEqual(['1', '2'])
    expect(seconds(refined.job)[0]).toBeCloseTo(seconds(source.job)[0]!, 1)
    const bad = await process(['refineRequest={"creativity":1.5}', `t2m_rid=${source.rid}`, 'variant_id=1', MODEL])
    expect(bad.json().error).toMatchObject({ code: 1102 })
    expect(bad.json().error.message).toContain('creativity')
  })
})
