// The file-store contract on the disk store, its links served by this app's signed /files and /uploads routes
// over a real socket.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@openmotion/test-services'
import { afterAll, describe } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { createDiskBlobStore, localFileLinks, UrlSigner } from '../src/adapters/blob-store.js'
import { fileStoreContract } from './contract/file-store-contract.js'
import { buildTestApp } from './helper.js'

describe('disk file store behind signed routes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'disk-store-'))
  const blobs = createDiskBlobStore(dir)
  // One app for the file (building one writes the stock characters): each test works under its own prefix.
  let serving: Promise<{ app: AppInstance, signer: UrlSigner }> | undefined
  const serve = async (): Promise<{ app: AppInstance, signer: UrlSigner }> => {
    const port = await freePort()
    const app = await buildTestApp({ MOTION_PORT: String(port) }, { blobs })
    await app.listen({ port, host: '127.0.0.1' })
    return { app, signer: new UrlSigner('test-signing-secret-0123456789', `http://127.0.0.1:${port}`) }
  }
  afterAll(async () => {
    await (await serving)?.app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  fileStoreContract(async () => {
    serving ??= serve()
    const { signer } = await serving
    const links = localFileLinks(signer)
    return {
      blobs,
      download: links.download,
      upload: async (name, ttl) => signer.sign(`/uploads/${name}`, ttl),
      async cleanup () {}
    }
  })
})
