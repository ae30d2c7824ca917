// Everything the API and the worker share, built once from the configuration: the database (opened and
// migrated with the server's lifecycle), the stores, files, queue and job control, and in a process that runs jobs
// the renderer and the job worker (worker-context.ts, loaded only then). Tests replace any outside piece through
// AppOverrides.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { ConfigError, openAppDatabase, type AppInstance, type Database, type Logger } from '@openmotion/common'
import { AccountStore } from './adapters/account-store.js'
import { UrlSigner } from './adapters/blob-store.js'
import { createCharacterImporter } from './adapters/character-importer.js'
import { CreditLedger } from './adapters/credit-ledger.js'
import { createRelayJobEvents } from './adapters/job-events.js'
import { createMemoryCancelBus, createMemoryJobQueue } from './adapters/job-queue.js'
import { JobOutboxStore } from './adapters/job-outbox-store.js'
import { JobStore } from './adapters/job-store.js'
import { migrations } from './adapters/migrations.js'
import { ModelStore } from './adapters/model-store.js'
import { PromptStore } from './adapters/prompt-store.js'
import { createRedisCancelBus, createRedisJobQueue } from './adapters/redis-job-queue.js'
import { UploadStore } from './adapters/upload-store.js'
import type { MotionConfig } from './config.js'
import { openFileStore } from './file-store-context.js'
import type { CharacterDeps } from './domain/custom-characters.js'
import { JobControl } from './domain/job-control.js'
import type { Processor } from './domain/job-submission.js'
import { noJobEvents, type BlobStore, type CancelBus, type JobEvents, type JobQueue, type MotionPipeline, type VideoRenderer } from './domain/ports.js'
import type { Pricing } from './domain/pricing.js'
import { installStockModels } from './domain/stock-models.js'
import { createJobPublisher } from './worker/job-publisher.js'

// Hot polling reads (sessions, finished jobs, lists) are served from memory; writes made here invalidate at once,
// another process's writes are seen within READ_CACHE_MS (see the README's "Speed").
const READ_CACHE_MS = 1000

export interface AppOverrides {
  logger?: Logger
  database?: Database
  blobs?: BlobStore
  pipeline?: MotionPipeline
  renderer?: VideoRenderer
  queue?: { queue: JobQueue, cancels: CancelBus }
}

export type MotionContext = Awaited<ReturnType<typeof createMotionContext>>

export async function createMotionContext (app: AppInstance, config: MotionConfig, logger: Logger, overrides: AppOverrides) {
  // Only processes that run jobs need ffmpeg; an API-only process accepts render jobs when RENDER_ENABLED is set.
  const consume = config.MOTION_ROLE !== 'api'
  const renderer = consume ? await videoRenderer(config, overrides) : undefined
  if (config.URL_SIGNING_SECRET === undefined) logger.warn('URL_SIGNING_SECRET is unset: signed URLs use a random key and stop working after a restart')

  const db = await openAppDatabase(app, {
    app: 'motion-api',
    migrations,
    url: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, 'db'),
    given: overrides.database
  })
  const signer = new UrlSigner(config.URL_SIGNING_SECRET ?? randomBytes(32).toString('hex'), publicBaseUrl(config))
  const accounts = new AccountStore(db, READ_CACHE_MS)
  const ledger = new CreditLedger(db, accounts)
  const jobs = new JobStore(db, READ_CACHE_MS)
  const models = new ModelStore(db)
  const prompts = new PromptStore(db)
  const pricing: Pricing = {
    perSecond: config.PRICE_PER_SECOND,
    minJob: config.PRICE_MIN_JOB,
    extraVariantDownload: config.PRICE_EXTRA_VARIANT_DOWNLOAD,
    render: config.PRICE_RENDER
  }
  const setUp = async (store: BlobStore): Promise<void> => { await installStockModels(models, store) }
  const files = await openFileStore(app, config, { signer, logger, given: overrides.blobs, setUp })
  const { blobs, links } = files

  const { queue, cancels } = overrides.queue ?? jobQueue(config, logger)
  app.readiness.absorbs('queue', async () => { await queue.ping() })
  const jobControl = new JobControl(db, jobs, ledger, { logger, events: jobEvents(config, logger), queue, cancels })
  const worker = consume
    ? (await import('./worker-context.js')).createJobWorker(config, {
        db,
        jobs,
        control: jobControl,
        blobs,
        models,
        pricing,
        logger,
        queue,
        cancels,
        renderer,
        pipeline: overrides.pipeline,
        dependencies: files.ping === undefined ? [] : [files.ping]
      })
    : undefined
  const handOver = createJobPublisher({ outbox: new JobOutboxStore(db), queue, logger })
  const renderAccepted = consume ? renderer !== undefined : config.RENDER_ENABLED
  const characters: CharacterDeps = {
    models,
    uploads: new UploadStore(db),
    blobs,
    signer,
    links,
    maxBytes: config.MAX_MODEL_BYTES,
    importer: createCharacterImporter({ maxBytes: config.MAX_MODEL_BYTES, timeoutMs: config.CHARACTER_IMPORT_TIMEOUT_MS }),
    ttl: config.DOWNLOAD_URL_TTL
  }
  return {
    logger,
    db,
    blobs,
    links,
    signer,
    accounts,
    ledger,
    jobs,
    models,
    prompts,
    pricing,
    jobControl,
    /** Only in a process that runs jobs (MOTION_ROLE all or worker). */
    worker,
    handOver,
    characters,
    enabledProcessors: new Set<Processor>(renderAccepted ? ['text2motion', 'render'] : ['text2motion']),
    /** A queue given by a test belongs to the test. */
    async closeQueue (): Promise<void> {
      if (overrides.queue === undefined) { await queue.close(); await cancels.close() }
    }
  }
}

/** Where clients reach this process: PUBLIC_BASE_URL, or this machine on the port it listens on. */
export function publicBaseUrl (config: MotionConfig): string {
  return config.PUBLIC_BASE_URL ?? `http://localhost:${config.MOTION_PORT}`
}

function jobQueue (config: MotionConfig, logger: Logger): { queue: JobQueue, cancels: CancelBus } {
  if (config.STORAGE_TYPE === 'memory') return { queue: createMemoryJobQueue(), cancels: createMemoryCancelBus() }
  const options = { url: config.REDIS_URL ?? '', prefix: config.QUEUE_PREFIX }
  return { queue: createRedisJobQueue({ ...options, logger }), cancels: createRedisCancelBus(options) }
}

// The ffmpeg renderer (and @openmotion/motion-render behind it) loads only in a process that renders.
async function videoRenderer (config: MotionConfig, overrides: AppOverrides): Promise<VideoRenderer | undefined> {
  if (overrides.renderer !== undefined) return overrides.renderer
  if (!config.RENDER_ENABLED) return undefined
  const { createFfmpegVideoRenderer } = await import('./adapters/video-renderer.js')
  try {
    return createFfmpegVideoRenderer({
      ffmpegPath: config.FFMPEG_PATH,
      width: config.RENDER_WIDTH,
      height: config.RENDER_HEIGHT,
      fps: config.RENDER_FPS,
      tempDir: join(config.DATA_DIR, 'tmp')
    })
  } catch (error) {
    throw new ConfigError('FFMPEG_PATH', `${(error as Error).message}; or set RENDER_ENABLED=false to run without render jobs`)
  }
}

function jobEvents (config: MotionConfig, logger: Logger): JobEvents {
  if (config.RELAY_URL === undefined || config.RELAY_URL === '') return noJobEvents
  return createRelayJobEvents({ url: config.RELAY_URL, apiKey: config.RELAY_API_KEY ?? '', logger })
}
