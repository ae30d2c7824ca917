// The files of this process, as FILE_STORE says: the disk under DATA_DIR/files with links through this API, or an
// S3 bucket with pre-signed links. The bucket is required for readiness (`files`): without it the API can take no
// upload and hand out no file a client could fetch, and a worker can finish no job, so an unreachable store answers
// /readyz 503 naming the variable to check. It does not stop the start: the process serves, and the bucket is
// created and the stock characters written as soon as the store answers (a retry every few seconds, and on each
// /readyz).
import { join } from 'node:path'
import { BackgroundTasks, retryUntilDone, type AppInstance, type Logger } from '@openmotion/common'
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
  const unreachable = (error: unknown): Error =>
    new Error(`bucket ${config.S3_BUCKET} cannot be reached at ${whereToLook(config)}: ${(error as Error).message}`, { cause: error })
  let ready = false
  let attempt: Promise<void> | undefined
  const setUpOnce = async (): Promise<void> => {
    attempt ??= (async () => {
      try {
        await store.ensureBucket()
        await deps.setUp(store)
        ready = true
      } catch (error) {
        throw unreachable(error)
      } finally {
        attempt = undefined
      }
    })()
    await attempt
  }
  const background = new BackgroundTasks(deps.logger)
  try {
    await setUpOnce()
  } catch (error) {
    deps.logger.error({ err: error }, `${(error as Error).message}; /readyz answers 503 until it can`)
    background.run(async (signal) => {
      await retryUntilDone(async () => { if (!ready) await setUpOnce() }, SETUP_RETRY_MS, signal)
      if (ready) deps.logger.info(`bucket ${config.S3_BUCKET} reached at ${whereToLook(config)}`)
    }, { message: 'setting up the bucket failed' })
  }
  app.readiness.requires('files', async () => {
    if (!ready) return await setUpOnce()
    await store.ping().catch((error: unknown) => { throw unreachable(error) })
  })
  app.addHook('onClose', async () => {
    await background.close()
    store.close()
  })
  return { blobs: store, links: store.links, ping: store.ping }
}
