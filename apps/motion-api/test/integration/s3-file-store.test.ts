// The file-store contract on an S3 bucket of the test S3 server (SeaweedFS), its links pre-signed for the bucket.
import { randomUUID } from 'node:crypto'
import { describeWithService, s3Settings } from '@openmotion/test-services'
import { afterAll } from 'vitest'
import { createS3BlobStore, type S3BlobStore } from '../../src/adapters/s3-blob-store.js'
import { fileStoreContract } from '../contract/file-store-contract.js'

describeWithService('s3', (url) => {
  let store: S3BlobStore | undefined
  afterAll(() => { store?.close() })

  fileStoreContract(async () => {
    if (store === undefined) {
      const s3 = s3Settings(url)
      store = createS3BlobStore({ ...s3, region: 'us-east-1', bucket: `contract-${randomUUID().slice(0, 8)}`, forcePathStyle: true })
      await store.ensureBucket()
    }
    const { links } = store
    return {
      blobs: store,
      download: links.download,
      upload: async (name, ttl) => (await links.directUpload(`uploads/${name}`, ttl))!,
      async cleanup () {}
    }
  })
})
