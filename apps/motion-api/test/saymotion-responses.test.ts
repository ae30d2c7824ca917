// What SayMotion clients read back (motion-api-public-extensions.md): a top-level error message, signed URLs
// fetched with the session's headers, lists by status alone, stock models for any stockModel value.
import { describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { localPath, useSignedInApp, waitForJob } from './helper.js'

let app: AppInstance
let cookie: string

useSignedInApp((built, session) => { app = built; cookie = session })

const process = (params: string[]) => app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params } })

describe('error bodies', () => {
  it.each([
    ['an invalid parameter', () => process(['prompt=walk', 'model=openmotion_mannequin', 'numVariant=9']), 400],
    ['a missing session', () => app.inject({ url: '/account/v1/creditBalance' }), 401],
    ['an unknown route', () => app.inject({ url: '/job/v1/nothing', headers: { cookie } }), 404],
    ['a schema violation', () => app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params: 'walk' } }), 400]
  ])('carry a top-level message beside the error object for %s', async (_name, send, status) => {
    const response = await send()
    expect(response.statusCode).toBe(status)
    const body = response.json()
    expect(typeof body.message).toBe('string')
    expect(body.message).toBe(body.error.message)
    expect(body.error).toMatchObject({ code: expect.anything(), requestId: expect.any(String) })
  })
})

describe('signed file URLs', () => {
  it('serve the file when the request also carries a session cookie or Basic credentials, and refuse a bad signature', async () => {
    const { rid } = (await process(['prompt=nod', 'model=openmotion_mannequin', 'skipFBX=1'])).json()
    await waitForJob(app, cookie, rid)
    const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
    const url = localPath(Object.assign({}, ...link.urls[0].files).glb)
    const basic = `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}`
    for (const headers of [
      {},
      { cookie },
      { cookie: 'dmsess=expired-or-foreign' },
      { authorization: basic },
      { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=', cookie }
    ]) {
      const response = await app.inject({ url, headers })
      expect(response.statusCode, JSON.stringify(headers)).toBe(200)
      expect(response.rawPayload.readUInt32LE(0)).toBe(0x46546c67)
    }
    const forged = await app.inject({ url: url.replace(/signature=[^&]+/, 'signature=forged'), headers: { cookie } })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().message).toContain('signed URL')
  })
})

describe('lists', () => {
  it('lists jobs by status alone, across processors', async () => {
    const ok = (await process(['prompt=wave', 'model=openmotion_mannequin', 'skipFBX=1'])).json().rid
    const failed = (await process(['prompt=qwerty', 'model=openmotion_mannequin'])).json().rid
    await waitForJob(app, cookie, ok)
    await waitForJob(app, cookie, failed)
    const success = (await app.inject({ url: '/job/v1/list/SUCCESS', headers: { cookie } })).json()
    expect(success.count).toBe(success.list.length)
    expect(success.list.every((j: { status: string }) => j.status === 'SUCCESS')).toBe(true)
    expect(success.list.map((j: { rid: string }) => j.rid)).toContain(ok)
    const both = (await app.inject({ url: '/job/v1/list/SUCCESS,FAILURE', headers: { cookie } })).json().list.map((j: { rid: string }) => j.rid)
    expect(both).toEqual(expect.arrayContaining([ok, failed]))
    const failure = (await app.inject({ url: `/job/v1/status/${failed}`, headers: { cookie } })).json().status[0]
    expect(failure.details.exc_message).toMatch(/^494: \S/) // clients map the leading code to its text
    const bad = await app.inject({ url: '/job/v1/list/DONE', headers: { cookie } })
    expect(bad.json()).toMatchObject({ error: { code: 1102 }, message: expect.stringContaining('DONE') })
  })

  it.each(['all', 'deepmotion', '1', ''])('includes stock models for stockModel=%j, with the id as Id and id', async (value) => {
    const models = (await app.inject({ url: `/character/v1/listModels?stockModel=${value}`, headers: { cookie } })).json()
    const stock = models.filter((m: { platform: string }) => m.platform !== 'custom')
    expect(stock.length).toBeGreaterThanOrEqual(3)
    for (const m of stock) expect(m.id).toBe(m.Id)
    const own = (await app.inject({ url: '/character/v1/listModels', headers: { cookie } })).json()
    expect(own.filter((m: { platform: string }) => m.platform !== 'custom')).toEqual([])
  })
})

describe('OpenAPI', () => {
  it('describes every accepted parameter of /job/v1/process/{processor}', async () => {
    const doc = (await app.inject('/openapi.json')).json()
    const description: string = doc.paths['/job/v1/process/{processor}'].post.requestBody.content['application/json'].schema.properties.params.description
    const names = ['prompt', 'model', 'dis', 'footLockingMode', 'poseFilteringStrength', 'rootAtOrigin', 'skipFBX', 'numVariant', 'numVariants',
      'requestedAnimationDuration', 't2m_rid', 'variant_id', 'editRequest', 'inPaintingRequest', 'mergingRequest', 'rerunRequest', 'loopRequest',
      'refineRequest', 'bgColor', 'backdrop', 'shadow', 'camMode', 'camHorizontalAngle']
    for (const name of names) expect(description).toContain(`\`${name}\``)
    // And nothing is accepted that is not described: an undocumented name is refused as unknown.
    const unknown = await process(['prompt=walk', 'model=openmotion_mannequin', 'numberOfVariants=2'])
    expect(unknown.json().error.message).toContain('unknown parameter')
  })
})
