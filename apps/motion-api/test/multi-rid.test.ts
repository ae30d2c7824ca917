// Status and download of several rids: one stale or foreign rid must not hide the records of the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildTestApp, login, waitForJob } from './helper.js'

let app: AppInstance
let cookie: string
let rids: string[]

beforeAll(async () => {
  app = await buildTestApp()
  cookie = await login(app)
  rids = []
  for (const prompt of ['nod', 'wave']) {
    const response = await app.inject({
      method: 'POST',
      url: '/job/v1/process/text2motion',
      headers: { cookie },
      payload: { params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] }
    })
    rids.push(response.json().rid)
  }
  for (const rid of rids) await waitForJob(app, cookie, rid)
})
afterAll(async () => { await app.close() })

const UNKNOWN = '00000000-0000-0000-0000-000000000000'

describe('multi-rid status and download', () => {
  it('returns the known rids\' status records in request order and leaves unknown ones out', async () => {
    const response = await app.inject({ url: `/job/v1/status/${rids[1]},${UNKNOWN},${rids[0]}`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json().count).toBe(2)
    expect(response.json().status.map((s: { rid: string }) => s.rid)).toEqual([rids[1], rids[0]])
  })

  it('returns download links of the known rids, variant ids still paired by position', async () => {
    const response = await app.inject({ url: `/job/v1/download/${UNKNOWN},${rids[0]}?variant_id=7,1`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json().count).toBe(1)
    expect(response.json().links[0]).toMatchObject({ rid: rids[0], variantDownloadStatus: true })
  })

  it('answers 404 (4041) only when no rid is known', async () => {
    for (const route of ['status', 'download']) {
      const response = await app.inject({ url: `/job/v1/${route}/${UNKNOWN},also-unknown`, headers: { cookie } })
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe(4041)
    }
  })
})
