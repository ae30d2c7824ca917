// What only a process that runs jobs builds: the animation engine, the motion pipeline, the job processors and the
// job worker. motion-context.ts imports this module only when MOTION_ROLE is not `api`, so an API-only process
// constructs no engine and no worker and loads none of their modules.
import { createEngine } from '@openmotion/motion-engine'
import type { Database, Logger } from '@openmotion/common'
import { createMotionPipeline } from './adapters/motion-pipeline.js'
import type { MotionConfig } from './config.js'
import type { JobControl } from './domain/job-control.js'
import type { BlobStore, CancelBus, JobQueue, JobRepository, ModelRepository, MotionPipeline, VideoRenderer } from './domain/ports.js'
import type { Pricing } from './domain/pricing.js'
import { JobWorker } from './worker/job-worker.js'
import { createRenderProcessor } from './worker/render-processor.js'
import { createText2MotionProcessor } from './worker/text2motion-processor.js'

export interface WorkerDeps {
  db: Database
  jobs: JobRepository
  control: JobControl
  blobs: BlobStore
  models: ModelRepository
  pricing: Pricing
  logger: Logger
  queue: JobQueue
  cancels: CancelBus
  /** Render jobs run only with one (RENDER_ENABLED and ffmpeg found, or a test's). */
  renderer?: VideoRenderer
  /** A test's engine and exporters instead of the configured engine. */
  pipeline?: MotionPipeline
  /** Services besides the database a job needs (the object store's ping): their outages are waited out. */
  dependencies?: Array<() => Promise<void>>
}

export function createJobWorker (config: MotionConfig, deps: WorkerDeps): JobWorker {
  const { db, jobs, control, blobs, models, pricing, renderer } = deps
  const pipeline = deps.pipeline ?? createMotionPipeline(config.ENGINE === 'http'
    ? createEngine({ kind: 'http', url: config.ENGINE_URL ?? '', timeoutMs: config.JOB_TIMEOUT_MS })
    : createEngine({ kind: 'builtin' }))
  return new JobWorker(db, jobs, control, {
    text2motion: createText2MotionProcessor({ blobs, models, pipeline, pricing }),
    ...(renderer === undefined ? {} : { render: createRenderProcessor({ jobs, blobs, renderer }) })
  }, {
    concurrency: config.WORKER_CONCURRENCY,
    timeoutMs: config.JOB_TIMEOUT_MS,
    logger: deps.logger,
    queue: deps.queue,
    cancels: deps.cancels,
    dependencies: deps.dependencies
  })
}
