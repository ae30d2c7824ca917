// Jobs made from an earlier one (inpainting, merging, loop, refine) as SayMotion clients send them: with t2m_rid
// and variant_id but no model. They take the earlier job's model and settings; what the client gives overrides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance, type Database } from '@openmotion/common'
import type { MotionSettings } from '../src/domain/modes/motion-mode.js'
import { buildTestApp, login, waitForJob } from './helper.js'

const EDIT = 'editRequest={"numTrimLeft":0,"numTrimRight":0}'

/** The parameter lists of motion-api-public-extensions.md and motion-api.md, exactly as such a client sends them. */
function clientRequests (rid: string): Record<string, string[]> {
  return {
    inpainting: [`t2m_rid=${rid}`, 'variant_id=1', EDIT, 'inPaintingRequest={"prompt":"wave","intervals":[{"start":10,"end":40}]}'],
    merging: [`t2m_rid=${rid}`, 'variant_id=1', EDIT,
      `mergingRequest={"t2m_rid":"${rid}","variant_id":"2","editRequest":{"numTrimLeft":0,"numTrimRight":0},"prompt":"turn left","blendDuration":0.5}`],
    loop: [`t2m_rid=${rid}`, 'variant_id=1', 'loopRequest={"numReps":2,"blendDuration":0.5}'],
    refine: [`t2m_rid=${rid}`, 'variant_id=1', 'refineRequest={"prompt":"walk forward tiredly","creativity":0.3}', 'numVariant=2']
  }
}

describe('derived jobs without model', () => {
  let app: AppInstance
  let db: Database
  let cookie: string
  let source: string

  const submit = async (params: string[]) => await app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params } })
  const settingsOf = async (rid: string): Promise<MotionSettings> => {
    const request = (await db.query<{ request: { settings: MotionSettings } }>('SELECT request FROM motion_jobs WHERE rid = $1', [rid])).rows[0]!.request
    // Stored resolved: the settings as run, without the client's overrides on the side.
    expect(request).not.toHaveProperty('overrides')
    return request.settings
  }

  beforeAll(async () => {
    db = await openDatabase({})
    app = await buildTestApp({}, { database: db })
    cookie = await login(app)
    const response = await submit(['prompt=walk forward for 3 seconds', 'model=openmotion_athlete', 'footLockingMode=always', 'rootAtOrigin=1', 'dis=s',
      'poseFilteringStrength=0.4', 'skipFBX=1', 'numVariant=2'])
    source = response.json().rid as string
    expect(await waitForJob(app, cookie, source)).toMatchObject({ status: 'SUCCESS' })
  })
  afterAll(async () => { await app.close() })

  it('runs inpainting, merging, loop and refine from the earlier job\'s model and settings, with their own variant count', async () => {
    const rids: Record<string, string> = {}
    for (const [name, params] of Object.entries(clientRequests(source))) {
      const response = await submit(params)
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200)
      rids[name] = response.json().rid as string
    }
    for (const [name, rid] of Object.entries(rids)) {
      expect(await waitForJob(app, cookie, rid), name).toMatchObject({ status: 'SUCCESS' })
      expect(await settingsOf(rid), name).toMatchObject({
        model: 'openmotion_athlete',
        footLockingMode: 'always',
        rootAtOrigin: true,
        simulation: false,
        poseFilteringStrength: 0.4,
        skipFBX: true,
        numVariants: name === 'refine' ? 2 : 1
      })
    }
  }, 240_000)

  it('lets an explicit model and settings override the earlier job\'s', async () => {
    const params = [...clientRequests(source).inpainting!, 'model=openmotion_slender', 'footLockingMode=never']
    const response = await submit(params)
    expect(response.statusCode, response.body).toBe(200)
    expect(await settingsOf(response.json().rid as string)).toMatchObject({ model: 'openmotion_slender', footLockingMode: 'never', rootAtOrigin: true, simulation: false })
  })

  it('still requires model for a job made from a prompt alone', async () => {
    for (const params of [['prompt=walk forward'], ['prompt=walk forward', 'loopRequest={"numReps":2}']]) {
      const response = await submit(params)
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ code: 1102, details: { parameter: 'model' } })
    }
  })

  it('answers 404 naming t2m_rid for an unknown earlier job, with or without model', async () => {
    const response = await submit(clientRequests('no-such-job').loop!)
    expect(response.statusCode).toBe(404)
    expect(response.json().error.details).toMatchObject({ parameter: 't2m_rid' })
  })
})
