// A hostile or careless client: every malformed request is a 400 with code 1102 (or 413 for an oversized body),
// never a 5xx, and it changes nothing.
import { describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { useSignedInApp } from './helper.js'

let app: AppInstance
let cookie: string

useSignedInApp((built, session) => { app = built; cookie = session })

const NUL = '\u0000'
const valid = ['prompt=walk', 'model=openmotion_mannequin']
const json = (payload: unknown) => JSON.stringify(payload)

interface Case { method?: 'GET' | 'POST' | 'DELETE', url: string, body?: string, contentType?: string }

const cases: Array<[string, Case]> = [
  ['NUL in a prompt', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: [`prompt=walk${NUL}`, 'model=openmotion_mannequin'] }) }],
  ['NUL in a parameter name', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: [...valid, `x${NUL}=1`] }) }],
  [
    'NUL in an inpainting JSON parameter',
    {
      method: 'POST',
      url: '/job/v1/process/text2motion',
      body: json({
        params: ['model=openmotion_mannequin', 't2m_rid=a', 'variant_id=1', `inPaintingRequest={"prompt":"a${NUL}","intervals":[{"start":0,"end":5}]}`]
      })
    }
  ],
  [
    'a lone surrogate in a prompt',
    { method: 'POST', url: '/job/v1/process/text2motion', body: '{"params":["prompt=walk\\ud800","model=openmotion_mannequin"]}' }
  ],
  ['a lone low surrogate in a body key', { method: 'POST', url: '/character/v1/storeModel', body: '{"modelId":"x","\\udc00":1}' }],
  ['NUL in listModels searchToken', { url: '/character/v1/listModels?searchToken=a%00b' }],
  ['NUL in listModels modelId', { url: '/character/v1/listModels?modelId=%00' }],
  ['NUL in getModelUploadUrl modelExt', { url: '/character/v1/getModelUploadUrl?modelExt=glb%00' }],
  ['NUL in storeModel modelId', { method: 'POST', url: '/character/v1/storeModel', body: json({ modelId: `m${NUL}` }) }],
  ['NUL in storeModel modelName', { method: 'POST', url: '/character/v1/storeModel', body: json({ modelId: 'x', modelName: `n${NUL}` }) }],
  ["invalid UTF-8 and NUL in deleteModel's id", { method: 'DELETE', url: '/character/v1/deleteModel/%ED%A0%80x%00' }],
  ['NUL in the list statuses', { url: '/job/v1/list/SUCCESS%00/text2motion' }],
  ['NUL in a download variant_id', { url: '/job/v1/download/abc?variant_id=1%00' }],
  [
    'a 1 MB prompt',
    { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: [`prompt=${'a'.repeat(1_000_000)}`, 'model=openmotion_mannequin'] }) }
  ],
  ['10,000 params', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: Array.from({ length: 10_000 }, (_, i) => `p${i}=1`) }) }],
  ['10,000 query parameters', { url: `/character/v1/listModels?${Array.from({ length: 10_000 }, () => 'searchToken=a').join('&')}` }],
  ['a 1 MB query parameter', { url: `/character/v1/listModels?searchToken=${'a'.repeat(1_000_000)}` }],
  ['malformed JSON', { method: 'POST', url: '/job/v1/process/text2motion', body: '{"params": ["prompt=walk",' }],
  ['a JSON array body', { method: 'POST', url: '/character/v1/storeModel', body: '[1,2,3]' }],
  ['deeply nested JSON', { method: 'POST', url: '/character/v1/storeModel', body: `{"modelId":"x","deep":${'['.repeat(5000)}${']'.repeat(5000)}}` }],
  ['a text/plain body', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: valid }), contentType: 'text/plain' }],
  ['an XML body', { method: 'POST', url: '/character/v1/storeModel', body: '<modelId>x</modelId>', contentType: 'application/xml' }],
  ['a form body', { method: 'POST', url: '/job/v1/process/text2motion', body: 'params=prompt%3Dwalk', contentType: 'application/x-www-form-urlencoded' }],
  ['params as a string', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: 'prompt=walk' }) }],
  ['a negative numVariants', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: [...valid, 'numVariants=-1'] }) }],
  ['NaN poseFilteringStrength', { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: [...valid, 'poseFilteringStrength=NaN'] }) }],
  [
    'Infinity poseFilteringStrength',
    { method: 'POST', url: '/job/v1/process/text2motion', body: json({ params: [...valid, 'poseFilteringStrength=Infinity'] }) }
  ],
  ['a negative camMode', { method: 'POST', url: '/job/v1/process/render', body: json({ params: ['t2m_rid=a', 'variant_id=1', 'camMode=-1'] }) }],
  [
    'NaN camHorizontalAngle',
    { method: 'POST', url: '/job/v1/process/render', body: json({ params: ['t2m_rid=a', 'variant_id=1', 'camHorizontalAngle=NaN'] }) }
  ],
  ['a negative bgColor channel', { method: 'POST', url: '/job/v1/process/render', body: json({ params: ['t2m_rid=a', 'variant_id=1', 'bgColor=-1,0,0,0'] }) }],
  [
    'a negative trim',
    {
      method: 'POST',
      url: '/job/v1/process/text2motion',
      body: json({
        params: [
          'model=openmotion_mannequin',
          't2m_rid=a',
          'variant_id=1',
          'editRequest={"numTrimLeft":-3}',
          'inPaintingRequest={"prompt":"wave","intervals":[{"start":0,"end":5}]}'
        ]
      })
    }
  ],
  [
    'an infinite interval',
    {
      method: 'POST',
      url: '/job/v1/process/text2motion',
      body: json({
        params: ['model=openmotion_mannequin', 't2m_rid=a', 'variant_id=1', 'inPaintingRequest={"prompt":"wave","intervals":[{"start":0,"end":1e999}]}']
      })
    }
  ],
  [
    'a negative blendDuration',
    {
      method: 'POST',
      url: '/job/v1/process/text2motion',
      body: json({
        params: ['model=openmotion_mannequin', 't2m_rid=a', 'variant_id=1', 'mergingRequest={"t2m_rid":"b","variant_id":1,"prompt":"x","blendDuration":-1}']
      })
    }
  ],
  ['a negative createThumb', { method: 'POST', url: '/character/v1/storeModel', body: json({ modelId: 'x', createThumb: -1 }) }],
  ['an object as modelName', { method: 'POST', url: '/character/v1/storeModel', body: json({ modelId: 'x', modelName: { a: 1 } }) }],
  ['a resumable of NaN', { url: '/character/v1/getModelUploadUrl?resumable=NaN' }]
]

describe('hostile input', () => {
  it.each(cases)('answers %s with 400/1102 or 413, never 5xx', async (_name, c) => {
    const response = await app.inject({
      method: c.method ?? 'GET',
      url: c.url,
      headers: { cookie, ...(c.body === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }) },
      ...(c.body === undefined ? {} : { payload: c.body })
    })
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500)
    if (response.statusCode === 413) return
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400)
    expect(response.json().error.code).toBe(1102)
  })

  it('stores nothing for a refused submission', async () => {
    const before = (await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().count
    await app.inject({
      method: 'POST',
      url: '/job/v1/process/text2motion',
      headers: { cookie },
      payload: { params: [`prompt=${NUL}`, 'model=openmotion_mannequin'] }
    })
    expect((await app.inject({ url: '/job/v1/list', headers: { cookie } })).json().count).toBe(before)
  })
})
