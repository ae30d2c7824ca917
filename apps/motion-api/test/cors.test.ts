// A page on http://localhost (outside production) must be able to make every call the API has: the preflight
// allows PUT (uploads) and DELETE (deleteModel) with the headers uploads send, and pages may read Location/Range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildTestApp } from './helper.js'

describe('CORS', () => {
  let app: AppInstance
  beforeAll(async () => { app = await buildTestApp() })
  afterAll(async () => { await app.close() })

  const preflight = async (method: string, url: string, headers: string) => await app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': method, 'access-control-request-headers': headers }
  })

  it.each([
    ['DELETE', '/character/v1/deleteModel/some-model', 'content-type'],
    ['PUT', '/files/uploads/some-upload', 'content-type,content-range,x-storage-resumable'],
    ['POST', '/job/v1/process/text2motion', 'content-type']
  ])('allows a %s preflight to %s from a localhost page, with credentials', async (method, url, headers) => {
    const response = await preflight(method, url, headers)
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method)
    for (const header of headers.split(',')) expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain(header)
  })

  it('lets a page read Location and Range, and refuses an unknown origin', async () => {
    const allowed = await app.inject({ url: '/healthz', headers: { origin: 'http://localhost:5173' } })
    expect(String(allowed.headers['access-control-expose-headers']).toLowerCase()).toContain('location')
    expect(String(allowed.headers['access-control-expose-headers']).toLowerCase()).toContain('range')
    const foreign = await app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } })
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  })
})
