// Resumable uploads in chunks over a real socket, the way a client on a flaky network sends a large character:
// open the session, send chunks with Content-Range, lose the connection, ask what arrived, resume, then store.
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { buildTestApp } from '../helper.js'

let app: AppInstance
let base: string
let cookie: string
const local = (url: string): string => url.replace('http://localhost:8080', base)

beforeAll(async () => {
  app = await buildTestApp({ MAX_MODEL_BYTES: String(1 << 20) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
  cookie = auth.headers.get('set-cookie')!.split(';')[0]!
})
afterAll(async () => { await app.close() })

async function openSession (): Promise<{ modelUrl: string, location: string }> {
  const urls = (await (await fetch(`${base}/character/v1/getModelUploadUrl?name=big&modelExt=glb&resumable=1`, { headers: { cookie } })).json()) as {
    modelUrl: string
  }
  const start = await fetch(local(urls.modelUrl), { method: 'POST', headers: { 'x-storage-resumable': 'start' } })
  expect(start.status).toBe(201)
  return { modelUrl: urls.modelUrl, location: local(start.headers.get('location')!) }
}

const put = async (location: string, range: string, body?: Uint8Array): Promise<Response> =>
  await fetch(location, { method: 'PUT', redirect: 'manual', headers: { 'content-range': range, 'content-type': 'application/octet-stream' }, body })

/** Sends the headers and part of a chunk's body, then drops the connection, as a client losing its network does. */
async function putCut (location: string, range: string, sent: Uint8Array, announced: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const req = httpRequest(location, {
      method: 'PUT',
      headers: { 'content-range': range, 'content-type': 'application/octet-stream', 'content-length': announced }
    })
    req.on('error', () => { resolve() })
    req.on('close', () => { resolve() })
    req.write(sent, () => { setTimeout(() => { req.destroy() }, 100) })
  })
}

describe('chunked resumable upload', () => {
  it('takes a model in three chunks with 308 in between, survives an interruption, then stores it', async () => {
    const stock = await (await fetch(`${base}/character/v1/listModels?stockModel=1`, { headers: { cookie } })).json() as Array<{ Id: string, glb: string }>
    const glb = new Uint8Array(await (await fetch(local(stock.find((m) => m.Id === 'openmotion_mannequin')!.glb))).arrayBuffer())
    const total = glb.length
    const cut1 = Math.floor(total / 3); const cut2 = Math.floor((2 * total) / 3)
    const { modelUrl, location } = await openSession()

    const first = await put(location, `bytes 0-${cut1 - 1}/${total}`, glb.subarray(0, cut1))
    expect(first.status).toBe(308)
    expect(first.headers.get('range')).toBe(`bytes=0-${cut1 - 1}`)
    // The connection drops halfway through the second chunk: none of it counts.
    await putCut(location, `bytes ${cut1}-${cut2 - 1}/${total}`, glb.subarray(cut1, cut1 + 1000), cut2 - cut1)
    const afterCut = await put(location, `bytes */${total}`)
    expect(afterCut.status).toBe(308)
    expect(afterCut.headers.get('range')).toBe(`bytes=0-${cut1 - 1}`)
    // The second chunk arrives but its answer is "lost": the client asks what arrived and resends from there.
    await put(location, `bytes ${cut1}-${cut2 - 1}/*`, glb.subarray(cut1, cut2))
    const status = await put(location, `bytes */${total}`)
    expect(status.status).toBe(308)
    expect(status.headers.get('range')).toBe(`bytes=0-${cut2 - 1}`)
    // A retry that overlaps what already arrived only adds its new tail.
    const overlap = await put(location, `bytes ${cut1}-${total - 1}/${total}`, glb.subarray(cut1))
    expect(overlap.status).toBe(200)
    expect((await put(location, `bytes */${total}`)).status).toBe(200)
    // A finished upload takes no more bytes: a late retry of the last chunk hears "complete" again.
    expect((await put(location, `bytes ${cut2}-${total - 1}/${total}`, glb.subarray(cut2))).status).toBe(200)

    const stored = await fetch(`${base}/character/v1/storeModel`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ modelUrl, modelName: 'Chunked' })
    })
    expect(stored.status).toBe(200)
    const { modelId } = await stored.json() as { modelId: string }
    const [model] = await (await fetch(`${base}/character/v1/listModels?modelId=${modelId}`, { headers: { cookie } })).json() as Array<{ glb: string }>
    expect(Buffer.from(await (await fetch(local(model!.glb))).arrayBuffer()).equals(Buffer.from(glb))).toBe(true)
  })

  it('refuses a chunk that leaves a gap, a body that does not match its range, and a file over MAX_MODEL_BYTES', async () => {
    const { location } = await openSession()
    expect((await put(location, 'bytes 0-9/100', new Uint8Array(10))).status).toBe(308)
    const gap = await put(location, 'bytes 20-29/100', new Uint8Array(10))
    expect(gap.status).toBe(400)
    expect(await gap.json()).toMatchObject({ error: { code: 1102, message: expect.stringContaining('resume from 10') } })
    expect((await put(location, 'bytes 10-19/100', new Uint8Array(5))).status).toBe(400)
    expect((await put(location, 'bytes 10-5/100', new Uint8Array(5))).status).toBe(400)
    const status = await put(location, 'bytes */100')
    expect(status.headers.get('range')).toBe('bytes=0-9') // nothing lost by the refused chunks
    const huge = await put(location, `bytes 10-19/${(1 << 20) + 1}`, new Uint8Array(10))
    expect(huge.status).toBe(413)
  })

  it('refuses an overlapping chunk whose bytes differ from those received, keeping what arrived', async () => {
    const { location } = await openSession()
    const file = Uint8Array.from({ length: 100 }, (_, i) => i)
    expect((await put(location, 'bytes 0-39/100', file.subarray(0, 40))).status).toBe(308)
    const other = Uint8Array.from(file.subarray(30, 60)); other[5] = 255
    const mismatch = await put(location, 'bytes 30-59/100', other)
    expect(mismatch.status).toBe(400)
    expect(await mismatch.json()).toMatchObject({ error: { code: 1102, message: expect.stringContaining('differ'), details: { parameter: 'content-range' } } })
    expect((await put(location, 'bytes */100')).headers.get('range')).toBe('bytes=0-39')
    expect((await put(location, 'bytes 30-99/100', file.subarray(30))).status).toBe(200)
  })

  it('appends a chunk sent twice at the same time only once', async () => {
    const { location } = await openSession()
    const file = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) & 0xff)
    expect((await put(location, 'bytes 0-999/3000', file.subarray(0, 1000))).status).toBe(308)
    const answers = await Promise.all([1, 2, 3].map(async () => await put(location, 'bytes 1000-1999/3000', file.subarray(1000, 2000))))
    expect(answers.map((a) => a.headers.get('range'))).toEqual(['bytes=0-1999', 'bytes=0-1999', 'bytes=0-1999'])
    expect((await put(location, 'bytes 2000-2999/3000', file.subarray(2000))).status).toBe(200)
  })
})
