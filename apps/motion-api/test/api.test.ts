import { describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { ADMIN, localPath, login, useSignedInApp, waitForJob } from './helper.js'

let app: AppInstance
let cookie: string

useSignedInApp((built, session) => { app = built; cookie = session })

const process = (params: string[], processor = 'text2motion', session = cookie) =>
  app.inject({ method: 'POST', url: `/job/v1/process/${processor}`, headers: { cookie: session }, payload: { params } })

describe('account', () => {
  it('sets an HttpOnly dmsess cookie for valid Basic credentials and 401s otherwise', async () => {
    const ok = await app.inject({ url: '/account/v1/auth', headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
    const set = ok.cookies.find((c) => c.name === 'dmsess')!
    expect(set).toMatchObject({ path: '/', httpOnly: true })
    expect(set.expires).toBeInstanceOf(Date)
    const wrong = await app.inject({ url: '/account/v1/auth', headers: { authorization: `Basic ${Buffer.from('dev-client:nope').toString('base64')}` } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.code).toBe(4011)
    expect((await app.inject('/account/v1/auth')).statusCode).toBe(401)
  })

  it('rejects every other route without a valid session', async () => {
    for (const url of ['/account/v1/creditBalance', '/job/v1/list', '/character/v1/listModels']) {
      const response = await app.inject({ url, headers: { cookie: 'dmsess=forged' } })
      expect(response.statusCode).toBe(401)
      expect(response.json().error.code).toBe(401)
    }
  })

  it('reports credits and the subscription', async () => {
    const body = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json()
    expect(body).toMatchObject({ credits: 1000, subscription: { name: 'dev', credits: 1000, featureLimits: { maxVariantsGeneration: 4 } } })
    expect(body.subscription.currentPeriod.end).toBeGreaterThan(body.subscription.currentPeriod.start)
  })
})

describe('text2motion', () => {
  it('generates variants, charges by motion length and serves GLB, BVH downloads through signed URLs', async () => {
    const before = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits
    const { rid } = (await process(['prompt=a person walks forward three steps then waves', 'model=openmotion_mannequin', 'numVariants=2'])).json()
    const record = await waitForJob(app, cookie, rid)
    expect(record).toMatchObject({ rid, status: 'SUCCESS' })
    const listed = (await app.inject({ url: '/job/v1/list/SUCCESS/text2motion', headers: { cookie } })).json()
    const job = listed.list.find((j: { rid: string }) => j.rid === rid)
    expect(job.variants).toEqual({ 1: { download: false }, 2: { download: false } })
    expect(job.chargedAmount).toBeGreaterThanOrEqual(2)
    const after = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits
    expect(before - after).toBe(job.chargedAmount)

    const download = (await app.inject({ url: `/job/v1/download/${rid}?variant_id=2`, headers: { cookie } })).json()
    expect(download.count).toBe(1)
    const link = download.links[0]
    expect(link).toMatchObject({ rid, variantDownloadStatus: true, renderJobList: [] })
    const files = Object.assign({}, ...link.urls[0].files) as Record<string, string>
    expect(Object.keys(files).sort()).toEqual(['bvh', 'fbx', 'glb'])
    const fbx = await app.inject({ url: localPath(files.fbx!) })
    expect(fbx.rawPayload.subarray(0, 20).toString('latin1')).toBe('Kaydara FBX Binary  ')
    const glb = await app.inject({ url: localPath(files.glb!) })
    expect(glb.statusCode).toBe(200)
    expect(glb.headers['content-type']).toBe('model/gltf-binary')
    expect(glb.rawPayload.readUInt32LE(0)).toBe(0x46546c67)
    expect(glb.rawPayload.readUInt32LE(4)).toBe(2)
    const bvh = await app.inject({ url: localPath(files.bvh!), headers: { range: 'bytes=0-8' } })
    expect(bvh.statusCode).toBe(206)
    expect(bvh.body).toBe('HIERARCHY')
    const tampered = await app.inject({ url: localPath(files.glb!).replace('signature=', 'signature=x') })
    expect(tampered.statusCode).toBe(403)
  })

  it('charges the extra-variant price for a second variant download, once', async () => {
    const { rid } = (await process(['prompt=jump twice', 'model=openmotion_mannequin', 'numVariants=2'])).json()
    await waitForJob(app, cookie, rid)
    const balance = async () => (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits
    await app.inject({ url: `/job/v1/download/${rid}?variant_id=1`, headers: { cookie } })
    const b1 = await balance()
    await app.inject({ url: `/job/v1/download/${rid}?variant_id=2`, headers: { cookie } })
    expect(await balance()).toBe(b1 - 1)
    await app.inject({ url: `/job/v1/download/${rid}?variant_id=2`, headers: { cookie } })
    expect(await balance()).toBe(b1 - 1)
    const wrong = (await app.inject({ url: `/job/v1/download/${rid}?variant_id=9`, headers: { cookie } })).json()
    expect(wrong.links[0].variantDownloadStatus).toBe(false)
  })

  it('skips FBX with skipFBX=1', async () => {
    const { rid } = (await process(['prompt=clap', 'model=openmotion_mannequin', 'skipFBX=1'])).json()
    await waitForJob(app, cookie, rid)
    const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
    expect(link.urls[0].files.map((f: Record<string, string>) => Object.keys(f)[0]).sort()).toEqual(['bvh', 'glb'])
  })

  it('inpaints an earlier variant', async () => {
    const { rid } = (await process(['prompt=walk forward for 4 seconds', 'model=openmotion_mannequin'])).json()
    await waitForJob(app, cookie, rid)
    const edit = await process(['model=openmotion_mannequin', `t2m_rid=${rid}`, 'variant_id=1', 'editRequest={"numTrimLeft":5,"numTrimRight":5}',
      'inPaintingRequest={"prompt":"wave with the right hand","intervals":[{"start":20,"end":60}]}'])
    expect(edit.statusCode).toBe(200)
    expect(await waitForJob(app, cookie, edit.json().rid)).toMatchObject({ status: 'SUCCESS' })
  })

  it('fails a prompt with no recognisable action with 494 and refunds it', async () => {
    const before = (await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits
    const { rid } = (await process(['prompt=qwerty zxcv', 'model=openmotion_mannequin'])).json()
    const record = await waitForJob(app, cookie, rid)
    expect(record).toMatchObject({ status: 'FAILURE', details: { code: 494, exc_type: 'EngineError' } })
    expect((await app.inject({ url: '/account/v1/creditBalance', headers: { cookie } })).json().credits).toBe(before)
    expect((await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]).toEqual({ rid })
  })

  it.each([
    [['model=openmotion_mannequin'], 'prompt'],
    [['prompt=walk', 'model=nope'], 'model'],
    [['prompt=walk', 'model=openmotion_mannequin', 'poseFilteringStrength=1.5'], 'poseFilteringStrength'],
    [['prompt=walk', 'model=openmotion_mannequin', 'footLockingMode=sometimes'], 'footLockingMode'],
    [['prompt=walk', 'model=openmotion_mannequin', 'numVariants=5'], 'numVariant'],
    [['prompt=walk', 'model=openmotion_mannequin', 'colour=red'], 'colour'],
    [['prompt=walk', 'model=openmotion_mannequin', 'dis=x'], 'dis'],
    [['walk'], 'walk']
  ])('rejects %j with 1102 naming %s', async (params, parameter) => {
    const response = await process(params)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe(1102)
    expect(response.json().error.message).toContain(parameter)
  })

  it('rejects unparsable JSON parameters with 502 and unknown processors with 404', async () => {
    const bad = await process(['model=openmotion_mannequin', 't2m_rid=x', 'variant_id=1', 'inPaintingRequest={oops'])
    expect(bad.json().error.code).toBe(502)
    expect((await process(['prompt=walk'], 'dance')).statusCode).toBe(404)
  })

  it('answers status and download for several rids in one call', async () => {
    const rids: string[] = []
    for (let i = 0; i < 4; i++) rids.push((await process(['prompt=nod', 'model=openmotion_mannequin', 'skipFBX=1'])).json().rid)
    for (const rid of rids) await waitForJob(app, cookie, rid)
    const status = (await app.inject({ url: `/job/v1/status/${rids.join(',')}`, headers: { cookie } })).json()
    expect(status.count).toBe(4)
    expect(status.status.map((s: { rid: string, status: string }) => [s.rid, s.status])).toEqual(rids.map((rid) => [rid, 'SUCCESS']))
    const download = (await app.inject({ url: `/job/v1/download/${rids.join(',')}?variant_id=1,1,1,1`, headers: { cookie } })).json()
    expect(download.links.map((l: { rid: string }) => l.rid)).toEqual(rids)
  })

  it('validates render parameters at submission', async () => {
    for (const params of [
      ['t2m_rid=a', 'variant_id=1', 'camHorizontalAngle=120'],
      ['t2m_rid=a', 'variant_id=1', 'bgColor=300,0,0,0'],
      ['t2m_rid=a', 'variant_id=1', 'backdrop=Moon']
    ]) {
      const response = await process(params, 'render')
      expect(response.json().error.code).toBe(1102)
    }
  })

  it('hides other accounts\' jobs and 404s unknown rids', async () => {
    await app.inject({ method: 'POST', url: '/admin/v1/clients', headers: { authorization: `Bearer ${ADMIN}` }, payload: { id: 'other-client', plan: 'dev' } })
    const { rid } = (await process(['prompt=nod', 'model=openmotion_mannequin'])).json()
    const secret = (await app.inject({ method: 'POST', url: '/admin/v1/clients/other-client/secret', headers: { authorization: `Bearer ${ADMIN}` } })).json()
      .clientSecret
    const other = await login(app, 'other-client', secret)
    const response = await app.inject({ url: `/job/v1/status/${rid}`, headers: { cookie: other } })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe(4041)
  })

  it('fails with 101 when the balance is short, and cancels with a refund', async () => {
    await app.inject({ method: 'POST', url: '/admin/v1/clients', headers: { authorization: `Bearer ${ADMIN}` }, payload: { id: 'poor-client', plan: 'dev' } })
    const secret = (await app.inject({ method: 'POST', url: '/admin/v1/clients/poor-client/secret', headers: { authorization: `Bearer ${ADMIN}` } })).json()
      .clientSecret
    const poor = await login(app, 'poor-client', secret)
    await app.inject({ method: 'POST', url: '/admin/v1/clients/poor-client/credits', headers: { authorization: `Bearer ${ADMIN}` }, payload: { set: 0 } })
    const refused = await process(['prompt=walk', 'model=openmotion_mannequin'], 'text2motion', poor)
    expect(refused.statusCode).toBe(402)
    expect(refused.json().error.code).toBe(101)

    await app.inject({ method: 'POST', url: '/admin/v1/clients/poor-client/credits', headers: { authorization: `Bearer ${ADMIN}` }, payload: { set: 10 } })
    const rids = []
    for (let i = 0; i < 3; i++) rids.push((await process(['prompt=run for 5 seconds', 'model=openmotion_mannequin'], 'text2motion', poor)).json().rid)
    const last = rids[2]
    const cancel = await app.inject({ url: `/job/v1/cancel/${last}`, headers: { cookie: poor } })
    expect(cancel.json()).toEqual({ result: true })
    const status = (await app.inject({ url: `/job/v1/status/${last}`, headers: { cookie: poor } })).json().status[0]
    expect(status).toMatchObject({ status: 'FAILURE', details: { exc_type: 'Cancelled' } })
    const again = await app.inject({ url: `/job/v1/cancel/${last}`, headers: { cookie: poor } })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ result: false })
  })
})

describe('characters', () => {
  it('uploads a model resumably, stores, lists and deletes it', async () => {
    const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl?name=hero&modelExt=glb&resumable=1', headers: { cookie } })).json()
    const listedStock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json()
    const stock = listedStock.find((m: { Id: string }) => m.Id === 'openmotion_mannequin')
    expect(stock).toMatchObject({ platform: 'openmotion', rigId: 'openmotion_humanoid' })
    const glb = await app.inject({ url: localPath(stock.glb) })
    const start = await app.inject({ method: 'POST', url: localPath(urls.modelUrl), headers: { 'x-storage-resumable': 'start' } })
    expect(start.statusCode).toBe(201)
    const put = await app.inject({
      method: 'PUT',
      url: localPath(start.headers.location as string),
      payload: glb.rawPayload,
      headers: { 'content-type': 'application/octet-stream' }
    })
    expect(put.statusCode).toBe(200)
    const stored = await app.inject({
      method: 'POST',
      url: '/character/v1/storeModel',
      headers: { cookie },
      payload: { modelUrl: urls.modelUrl, modelName: 'Hero' }
    })
    expect(stored.statusCode).toBe(200)
    const { modelId } = stored.json()
    expect(stored.json()).toMatchObject({ faceDataType: 0, handDataType: 1 }) // the mannequin has middle-finger bones
    const mine = (await app.inject({ url: '/character/v1/listModels?searchToken=her', headers: { cookie } })).json()
    expect(mine.map((m: { Id: string }) => m.Id)).toEqual([modelId])
    expect(mine[0].platform).toBe('custom')
    expect((await app.inject({ method: 'DELETE', url: `/character/v1/deleteModel/${modelId}`, headers: { cookie } })).json()).toEqual({ count: 1 })
    expect((await app.inject({ method: 'DELETE', url: `/character/v1/deleteModel/${modelId}`, headers: { cookie } })).json().error.code).toBe(4042)
  })

  it('rejects a storeModel without modelUrl or modelId, and a corrupt GLB with 901', async () => {
    expect((await app.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie }, payload: {} })).json().error.code).toBe(1102)
    const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl?modelExt=glb&resumable=0', headers: { cookie } })).json()
    await app.inject({
      method: 'PUT',
      url: localPath(urls.modelUrl),
      payload: Buffer.from('not a model at all'),
      headers: { 'content-type': 'application/octet-stream' }
    })
    const response = await app.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie }, payload: { modelUrl: urls.modelUrl } })
    expect(response.json().error.code).toBe(901)
  })
})

describe('stock characters', () => {
  it('lists the three bundled characters and exports the chosen one', async () => {
    const stock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json()
    expect(stock.map((m: { Id: string }) => m.Id)).toEqual(expect.arrayContaining(['openmotion_mannequin', 'openmotion_athlete', 'openmotion_slender']))
    const colours: unknown[] = []
    for (const model of ['openmotion_mannequin', 'openmotion_athlete']) {
      const { rid } = (await process(['prompt=wave', `model=${model}`, 'skipFBX=1'])).json()
      await waitForJob(app, cookie, rid)
      const link = (await app.inject({ url: `/job/v1/download/${rid}`, headers: { cookie } })).json().links[0]
      const glb = (await app.inject({ url: localPath(Object.assign({}, ...link.urls[0].files).glb) })).rawPayload
      const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'))
      colours.push(json.materials[0].pbrMetallicRoughness.baseColorFactor)
    }
    expect(colours[0]).not.toEqual(colours[1])
  })

  it('links a rendered PNG thumbnail for each stock character', async () => {
    const stock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json()
    for (const model of stock.filter((m: { platform: string }) => m.platform === 'openmotion')) {
      const png = await app.inject({ url: localPath(model.thumb) })
      expect(png.headers['content-type']).toBe('image/png')
      expect(png.rawPayload.readUInt32BE(16)).toBe(256) // IHDR width
    }
  })
})

describe('createThumb', () => {
  it('renders a thumbnail of an uploaded GLB when createThumb=1', async () => {
    const stock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json()
    const glb = (await app.inject({ url: localPath(stock.find((m: { Id: string }) => m.Id === 'openmotion_slender').glb) })).rawPayload
    const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl?name=thin&modelExt=glb&resumable=0', headers: { cookie } })).json()
    await app.inject({ method: 'PUT', url: localPath(urls.modelUrl), payload: glb, headers: { 'content-type': 'application/octet-stream' } })
    const { modelId } = (
      await app.inject({ method: 'POST', url: '/character/v1/storeModel', headers: { cookie }, payload: { modelUrl: urls.modelUrl, createThumb: 1 } })
    ).json()
    const [model] = (await app.inject({ url: `/character/v1/listModels?modelId=${modelId}`, headers: { cookie } })).json()
    const png = await app.inject({ url: localPath(model.thumb) })
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG')
  })
})
