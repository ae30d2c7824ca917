// A file removed between the route's look-up and its read (retention deleting a finished job's files, a character
// deleted meanwhile) is a 404 with the error shape, not a stream that fails after the headers (a 500).
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { createDiskBlobStore } from '../src/adapters/blob-store.js'
import type { BlobStore } from '../src/domain/ports.js'
import { localPath, useSignedInApp } from './helper.js'

const root = mkdtempSync(join(tmpdir(), 'motion-blobs-'))
const disk = createDiskBlobStore(root)
let removeAfterStat = false
const served: string[] = []
// The disk store, except that while the flag is set a file disappears right after it was found.
const racing: BlobStore = {
  ...disk,
  async stat (key) {
    const info = await disk.stat(key)
    served.push(key)
    if (removeAfterStat) await rm(join(root, key), { force: true })
    return info
  }
}

describe('a file removed while it is being served', () => {
  let app: AppInstance
  let cookie: string
  useSignedInApp((a, c) => { app = a; cookie = c }, {}, { blobs: racing })
  let glbUrl: string
  let key: string
  let bytes: Buffer
  beforeAll(async () => {
    const stock = (await app.inject({ url: '/character/v1/listModels?stockModel=1', headers: { cookie } })).json() as { glb: string }[]
    glbUrl = localPath(stock[0]!.glb)
    expect((await app.inject({ url: glbUrl })).statusCode).toBe(200)
    key = served.at(-1)!
    bytes = await disk.readAll(key)
    removeAfterStat = true
  })

  it('answers 404 with the error shape, whole or by range', async () => {
    for (const headers of [{}, { range: 'bytes=0-99' }]) {
      await disk.put(key, bytes)
      const response = await app.inject({ url: glbUrl, headers })
      expect(response.statusCode, JSON.stringify(headers)).toBe(404)
      expect(response.json()).toMatchObject({ error: { code: expect.anything(), message: 'No such file' } })
    }
  })
})
