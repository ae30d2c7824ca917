// The files of this process, as FILE_STORE says: the disk under DATA_DIR/files with links through this API, or an
// S3 bucket with pre-signed links. An unreachable bucket does not stop the start: the process serves, /readyz
// answers 503 naming the variable to check, and the bucket is created and the stock characters written as soon as
// the store answers (a retry every few seconds, and on each /readyz).
import { join } from 'node:path'
import type { AppInstance, Logger } from '@openmotion/common'
import { createDiskBlobStore, localFileLinks } from './adapters/blob-store.js'
import { createS3BlobStore } from './adapters/s3-blob-store.js'
import type { MotionConfig } from './config.js'
import type { BlobStore, FileLinks, UrlSigning } from './domain/ports.js'

const SETUP_RETRY_MS = 2000

export interface FileStore {
  blobs: BlobStore
  links: FileLinks
  /** Answers when the store does; undefined for the disk. */
  ping?: () => Promise<void>
}

/** The variable an operator checks when the bucket cannot be reached. */
function whereToLook (config: MotionConfig): string {
  return config.S3_ENDPOINT === undefined ? `S3_REGION=${config.S3_REGION} (AWS)` : `S3_ENDPOINT=${config.S3_ENDPOINT}`
}

/**
 * Opens the store and runs `setUp` (writing what every start needs, the stock characters) once it can; `given`
 * (tests) replaces the disk store.
 */
export async function openFileStore (
  app: AppInstance,
  config: MotionConfig,
  deps: { signer: UrlSigning, logger: Logger, given?: BlobStore, setUp: (blobs: BlobStore) => Promise<void> }
): Promise<FileStore> {
  if (config.FILE_STORE === 'local' || deps.given !== undefined) {
    const blobs = deps.given ?? createDiskBlobStore(join(config.DATA_DIR, 'files'))
    await deps.setUp(blobs)
    return { blobs, links: localFileLinks(deps.signer) }
  }
  const store = createS3BlobStore({
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined
  })
  let ready = false
  let attempt: Promise<void> | undefined
  const setUpOnce = async (): Promise<void> => {
    attempt ??= (async () => {
      try {
        await store.ensureBucket()
        await deps.setUp(store)
        ready = true
      } catch (error) {
        throw new Error(`bucket ${config.S3_BUCKET} cannot be reached at ${whereToLook(config)}: ${(error as Error).message}`, { cause: error })
      } finally {
        attempt = undefined
      }
    })()
    await attempt
  }
  let retry: NodeJS.Timeout | undefined
  try {
    await setUpOnce()
  } catch (error) {
    deps.logger.error({ err: error }, `${(error as Error).message}; /readyz answers 503 until it can`)
    retry = setInterval(() => {
      if (ready) { clearInterval(retry); return }
      setUpOnce().then(() => {
        clearInterval(retry)
        deps.logger.info(`bucket ${config.S3_BUCKET} reached at ${whereToLook(config)}`)
      }, () => {})
    }, SETUP_RETRY_MS)
    retry.unref()
  }
  app.readiness.register('files', async () => { await (ready ? store.ping() : setUpOnce()) })
  app.addHook('onClose', async () => {
    clearInterval(retry)
    store.close()
  })
  return { blobs: store, links: store.links, ping: store.ping }
}
