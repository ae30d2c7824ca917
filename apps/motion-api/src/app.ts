import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import type {} from '@fastify/swagger'
import { ConfigError, adminGuardFromConfig, corsPlugin, createCorsPolicy, createLogger, createServer, openAppDatabase, type AppInstance, type Database, type Logger } from '@openmotion/common'
import { createCharacterImporter } from './adapters/character-importer.js'
import { createDiskBlobStore, UrlSigner, type BlobStore } from './adapters/blob-store.js'
import { createRelayJobEvents } from './adapters/job-events.js'
import { noJobEvents, type JobEvents } from './domain/ports.js'
import { createMotionPipeline, type MotionPipeline } from './adapters/motion-pipeline.js'
import { createFfmpegVideoRenderer, type VideoRenderer } from './adapters/video-renderer.js'
import { createEngine } from '@openmotion/motion-engine'
import { playgroundAssetsDir } from '@openmotion/motion-playground'
import type { MotionConfig } from './config.js'
import type { Processor } from './domain/job-submission.js'
import type { Pricing } from './domain/pricing.js'
import { rejectHostileInput } from './domain/input-guard.js'
import { installStockModels } from './domain/stock-models.js'
import { errors, frameworkErrorCodes } from './errors.js'
import { accountRoutes } from './routes/account.js'
import { adminRoutes } from './routes/admin.js'
import { characterRoutes } from './routes/characters.js'
import { fileRoutes } from './routes/files.js'
import { jobRoutes } from './routes/jobs.js'
import { promptRoutes } from './routes/prompts.js'
import { sessionGuard } from './session.js'
import { addTopLevelErrorMessage } from './error-message.js'
import { AccountStore } from './adapters/account-store.js'
import { CreditLedger } from './adapters/credit-ledger.js'
import { JobStore } from './adapters/job-store.js'
import { migrations } from './adapters/migrations.js'
import { ModelStore } from './adapters/model-store.js'
import { PromptStore } from './adapters/prompt-store.js'
import { UploadStore } from './adapters/upload-store.js'
import { JobWorker } from './worker/job-worker.js'
import { createText2MotionProcessor } from './worker/text2motion-processor.js'
import { createRenderProcessor } from './worker/render-processor.js'
import { startMaintenance, type Maintenance } from './worker/maintenance.js'
import { createMemoryCancelBus, createMemoryJobQueue, type CancelBus, type JobQueue } from './adapters/job-queue.js'
import { createRedisCancelBus, createRedisJobQueue } from './adapters/redis-job-queue.js'

const READ_CACHE_MS = 1000

export interface AppOverrides {
  logger?: Logger
  database?: Database
  blobs?: BlobStore
  pipeline?: MotionPipeline
  renderer?: VideoRenderer
  queue?: { queue: JobQueue, cancels: CancelBus }
}

export async function buildApp (config: MotionConfig, overrides: AppOverrides = {}): Promise<AppInstance> {
  const logger = overrides.logger ?? createLogger({ name: 'motion-api', level: config.LOG_LEVEL })
  const events = jobEvents(config, logger)
  const role = config.MOTION_ROLE
  const consume = role !== 'api'
  // Only processes that run jobs need ffmpeg; an API-only process accepts render jobs when RENDER_ENABLED is set.
  const renderer = consume ? videoRenderer(config, overrides) : undefined
  const app = await createServer({
    name: 'motion-api',
    version: '0.1.0',
    description: 'Text-to-motion REST API',
    logger,
    errorCodes: frameworkErrorCodes
  })
  addTopLevelErrorMessage(app)
  const production = config.NODE_ENV === 'production'
  if (config.URL_SIGNING_SECRET === undefined) logger.warn('URL_SIGNING_SECRET is unset: signed URLs use a random key and stop working after a restart')

  const db = await openAppDatabase(app, { app: 'motion-api', migrations, url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db'), given: overrides.database })
  const blobs = overrides.blobs ?? createDiskBlobStore(join(config.DATA_DIR, 'files'))
  const signer = new UrlSigner(config.URL_SIGNING_SECRET ?? randomBytes(32).toString('hex'), publicBaseUrl(config))
  // Hot polling reads (sessions, finished jobs, lists) are served from memory; writes made here invalidate at once,
  // another process's writes are seen within READ_CACHE_MS (see the README's "Speed").
  const accounts = new AccountStore(db, READ_CACHE_MS)
  const ledger = new CreditLedger(db, accounts)
  const jobs = new JobStore(db, READ_CACHE_MS)
  const models = new ModelStore(db)
  const prompts = new PromptStore(db)
  const pricing: Pricing = { perSecond: config.PRICE_PER_SECOND, minJob: config.PRICE_MIN_JOB, extraVariantDownload: config.PRICE_EXTRA_VARIANT_DOWNLOAD, render: config.PRICE_RENDER }
  const engine = config.ENGINE === 'http'
    ? createEngine({ kind: 'http', url: config.ENGINE_URL ?? '', timeoutMs: config.JOB_TIMEOUT_MS })
    : createEngine({ kind: 'builtin' })
  const pipeline = overrides.pipeline ?? createMotionPipeline(engine)

  await installStockModels(models, blobs)
  // Only API processes: a worker has no MOTION_CLIENT_SECRET of its own and would create the client with the default.
  if (role !== 'worker') await bootstrapClient(config, accounts)

  const { queue, cancels } = overrides.queue ?? jobQueue(config)
  if (config.STORAGE_TYPE === 'redis') app.readiness.register('queue', async () => { await queue.positions([]) })
  const worker = new JobWorker(db, jobs, ledger, {
    text2motion: createText2MotionProcessor({ db, jobs, ledger, blobs, models, pipeline, pricing }),
    ...(renderer === undefined ? {} : { render: createRenderProcessor({ db, jobs, blobs, renderer }) })
  }, { concurrency: config.WORKER_CONCURRENCY, timeoutMs: config.JOB_TIMEOUT_MS, logger, events, queue, cancels, consume })
  const renderAccepted = consume ? renderer !== undefined : config.RENDER_ENABLED
  const enabledProcessors = new Set<Processor>(renderAccepted ? ['text2motion', 'render'] : ['text2motion'])

  const cors = createCorsPolicy({
    origins: config.CORS_ORIGINS,
    production,
    alsoAllowed: async (origin) => (await accounts.listClients()).some((c) => !c.disabled && c.corsOrigins.includes(origin))
  })
  await app.register(cookie)
  // Every method and header a browser client needs: uploads PUT with Content-Range, deleteModel is a DELETE,
  // resumable upload sessions answer with Location and Range.
  await app.register(corsPlugin, {
    policy: cors,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['content-type', 'content-range', 'x-storage-resumable', 'authorization', 'x-request-id'],
    exposedHeaders: ['location', 'range', 'x-request-id']
  })
  app.decorateRequest('client', undefined)
  app.addHook('preValidation', async (request) => { rejectHostileInput({ params: request.params, query: request.query, body: request.body }) })
  // JSON is the only body the API parses (the signed upload routes take raw bytes in their own context): any
  // other content type is a client mistake, 1102 like every other invalid input.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(errors.INVALID_PARAMETER(`content-type ${request.headers['content-type'] ?? '(none)'} is not accepted: send application/json`, { parameter: 'content-type' }))
  })
  const requireSession = sessionGuard(accounts)

  // A worker process serves only health, readiness and metrics.
  if (role !== 'worker') {
    await app.register(accountRoutes({ accounts, ledger, config, crossOrigin: cors.configured.length > 0, requireSession }))
    await app.register(jobRoutes({ db, accounts, ledger, jobs, models, pricing, enabledProcessors, worker, signer, downloadTtl: config.DOWNLOAD_URL_TTL, requireSession }))
    await app.register(promptRoutes({ prompts, requireSession }))
    const importer = createCharacterImporter({ maxBytes: config.MAX_MODEL_BYTES, timeoutMs: config.CHARACTER_IMPORT_TIMEOUT_MS })
    await app.register(characterRoutes({ models, uploads: new UploadStore(db), blobs, signer, importer, ttl: config.DOWNLOAD_URL_TTL, requireSession }))
    await app.register(fileRoutes({ blobs, signer, maxBytes: config.MAX_MODEL_BYTES, uploadTtl: config.DOWNLOAD_URL_TTL }))
    await app.register(adminRoutes({ accounts, ledger, admin: adminGuardFromConfig(config) }))
    // The browser playground (packages/motion-playground), built with the app; it calls the routes above.
    await app.register(fastifyStatic, { root: playgroundAssetsDir, prefix: '/playground', redirect: true, decorateReply: false })
  }

  let maintenance: Maintenance | undefined
  app.addHook('onReady', async () => {
    await worker.start()
    if (role === 'worker') return
    await worker.recover(config.STORAGE_TYPE === 'memory' ? 'restart' : 'requeue')
    maintenance = startMaintenance({ jobs, blobs, worker, logger, intervalMs: config.MAINTENANCE_INTERVAL_MS, stuckJobMs: config.STUCK_JOB_MS, retentionDays: config.RETENTION_DAYS, failedRetentionDays: config.FAILED_RETENTION_DAYS, uploadRetentionMs: config.UPLOAD_RETENTION_HOURS * 3_600_000, prompts })
  })
  app.addHook('onClose', async () => {
    await maintenance?.stop()
    await worker.close()
    if (overrides.queue === undefined) { await queue.close(); await cancels.close() }
  })
  return app
}

/** Where clients reach this process: PUBLIC_BASE_URL, or this machine on the port it listens on. */
export function publicBaseUrl (config: MotionConfig): string {
  return config.PUBLIC_BASE_URL ?? `http://localhost:${config.MOTION_PORT}`
}

function jobQueue (config: MotionConfig): { queue: JobQueue, cancels: CancelBus } {
  if (config.STORAGE_TYPE === 'memory') return { queue: createMemoryJobQueue(), cancels: createMemoryCancelBus() }
  const options = { url: config.REDIS_URL ?? '', prefix: config.QUEUE_PREFIX }
  return { queue: createRedisJobQueue(options), cancels: createRedisCancelBus(options) }
}

function videoRenderer (config: MotionConfig, overrides: AppOverrides): VideoRenderer | undefined {
  if (overrides.renderer !== undefined) return overrides.renderer
  if (!config.RENDER_ENABLED) return undefined
  try {
    return createFfmpegVideoRenderer({ ffmpegPath: config.FFMPEG_PATH, width: config.RENDER_WIDTH, height: config.RENDER_HEIGHT, fps: config.RENDER_FPS, tempDir: join(config.DATA_DIR, 'tmp') })
  } catch (error) {
    throw new ConfigError('FFMPEG_PATH', `${(error as Error).message}; or set RENDER_ENABLED=false to run without render jobs`)
  }
}

function jobEvents (config: MotionConfig, logger: Logger): JobEvents {
  if (config.RELAY_URL === undefined || config.RELAY_URL === '') return noJobEvents
  return createRelayJobEvents({ url: config.RELAY_URL, apiKey: config.RELAY_API_KEY ?? '', logger })
}

/** The quick-start client: created with a dev plan the first time, so `./run start` is usable at once. */
async function bootstrapClient (config: MotionConfig, accounts: AccountStore): Promise<void> {
  if (config.MOTION_CLIENT_ID === '' || await accounts.getClient(config.MOTION_CLIENT_ID) !== undefined) return
  const plan = await accounts.upsertPlan({ name: 'dev', credits: config.DEV_PLAN_CREDITS, maxVariants: config.DEV_PLAN_MAX_VARIANTS, periodDays: 30 })
  try {
    await accounts.createClient({ id: config.MOTION_CLIENT_ID, secret: config.MOTION_CLIENT_SECRET, plan })
  } catch (error) {
    // Another API replica starting at the same moment created it first.
    if (await accounts.getClient(config.MOTION_CLIENT_ID) === undefined) throw error
  }
}

export { motionConfig, type MotionConfig } from './config.js'
