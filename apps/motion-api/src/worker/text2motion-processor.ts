// Runs a text2motion job: generate (or inpaint/merge from earlier variants) each variant, export its files,
// store them with the clip, then settle the price and mark the job SUCCESS in one transaction.
import { createHash } from 'node:crypto'
import type { Database } from '@openmotion/common'
import type { MotionOptions } from '@openmotion/motion-engine'
import { text2motionPrice, type Pricing } from '../domain/pricing.js'
import type { StoredText2Motion } from '../domain/job-params.js'
import { storedText2Motion } from '../domain/stored-requests.js'
import { clipKey, variantClip } from './variant-clip.js'
import type { JobProcessor } from './job-worker.js'
import { stockCharacterOf } from '../domain/stock-models.js'
import { CharacterError, CHARACTER_ERROR } from '@openmotion/motion-characters'
import type { BlobStore, JobRepository, Ledger, ModelRepository, MotionPipeline } from '../domain/ports.js'
import type { VariantOutput } from '../domain/records.js'
import { serializeClip } from './clip-bytes.js'

const STEPS_PER_VARIANT = 10

function seedOf (rid: string): number {
  return createHash('sha256').update(rid).digest().readUInt32BE(0)
}

/** The GLB form of the job's custom character (FBX and glTF uploads were converted at storeModel). */
async function customCharacterGlb (deps: { models: ModelRepository, blobs: BlobStore }, clientId: string, modelId: string): Promise<Uint8Array> {
  const model = await deps.models.visible(clientId, modelId)
  if (model === undefined) throw new CharacterError(CHARACTER_ERROR.meshLoad, `model ${modelId} no longer exists`)
  if (model.glbKey === null) throw new CharacterError(CHARACTER_ERROR.meshLoad, `model ${modelId} has no GLB form; store it again`)
  return await deps.blobs.readAll(model.glbKey)
}

export function createText2MotionProcessor (deps: {
  db: Database
  jobs: JobRepository
  ledger: Ledger
  blobs: BlobStore
  models: ModelRepository
  pipeline: MotionPipeline
  pricing: Pricing
}): JobProcessor {
  return async (job, { signal, progress }) => {
    const request = storedText2Motion(job)
    const settings = request.settings
    const options: MotionOptions = {
      footLockingMode: settings.footLockingMode,
      poseFilteringStrength: settings.poseFilteringStrength,
      simulation: settings.simulation,
      rootAtOrigin: settings.rootAtOrigin
    }
    const total = settings.numVariants * STEPS_PER_VARIANT
    const outputs: Record<string, VariantOutput> = {}
    const durations: number[] = []
    const seed = seedOf(job.rid)
    for (let v = 0; v < settings.numVariants; v++) {
      const base = v * STEPS_PER_VARIANT
      const context = {
        signal,
        onProgress: ({ step, total: engineTotal }: { step: number, total: number }) => {
          progress(base + Math.floor((step / Math.max(1, engineTotal)) * (STEPS_PER_VARIANT - 2)), total).catch(() => undefined)
        }
      }
      const clip = await variantClip(request, { pipeline: deps.pipeline, blobs: deps.blobs, seed, variant: v, options, context })
      signal.throwIfAborted()
      const variantId = String(v + 1)
      const name = `${job.rid}_v${variantId}`
      const stock = stockCharacterOf(settings.model)
      const files =
        stock !== undefined
          ? await deps.pipeline.export(clip, { name, skipFBX: settings.skipFBX, rootAtOrigin: settings.rootAtOrigin, character: stock })
          : await deps.pipeline.exportOnCharacter(clip, await customCharacterGlb(deps, job.clientId, settings.model), {
            name,
            skipFBX: settings.skipFBX,
            rootAtOrigin: settings.rootAtOrigin
          })
      for (const file of files) await deps.blobs.put(`jobs/${job.rid}/v${variantId}/${file.fileName}`, file.bytes)
      await deps.blobs.put(clipKey(job.rid, variantId), serializeClip(clip))
      outputs[variantId] = { name, files: files.map((f) => ({ type: f.type, key: `jobs/${job.rid}/v${variantId}/${f.fileName}` })) }
      durations.push(clip.frameCount / clip.fps)
      await progress(base + STEPS_PER_VARIANT, total)
    }
    signal.throwIfAborted()
    await deps.db.transaction(async (tx) => {
      const current = await deps.jobs.lockForUpdate(tx, job.rid)
      if (current === undefined || current.status !== 'PROGRESS') return
      const price = text2motionPrice(deps.pricing, durations)
      await deps.ledger.charge(
        tx,
        job.clientId,
        Math.max(0, price - current.chargedAmount),
        job.rid,
        `text2motion ${durations.map((d) => d.toFixed(1)).join('+')} s`
      )
      const variants = Object.fromEntries(Object.keys(outputs).map((id) => [id, { download: false }]))
      await deps.jobs.update(tx, job.rid, {
        status: 'SUCCESS',
        chargedAmount: Math.max(price, current.chargedAmount),
        variants,
        outputs,
        details: {
          In: inputOf(request),
          out: Object.values(outputs)
            .map((o) => o.name)
            .join(','),
          ...understoodIn(request, deps.pipeline)
        },
        processingInfo: { ...current.processingInfo, finishedAt: Date.now(), motionSeconds: durations }
      })
    })
  }
}

/** SUCCESS details' `understood`: how words outside the vocabulary of the job's prompts were read, when any were. */
function understoodIn (request: StoredText2Motion, pipeline: MotionPipeline): { understood?: string[] } {
  const prompts = request.mode === 'generate' || request.mode === 'loop'
    ? [request.prompt]
    : request.mode === 'inpaint' ? [request.inpaint.prompt] : request.mode === 'merge' ? [request.merge.prompt] : [request.refine.prompt]
  const understood = prompts.flatMap((prompt) => prompt === undefined ? [] : pipeline.understand(prompt))
  return understood.length === 0 ? {} : { understood }
}

/** SUCCESS details' `In`: the prompt of a generated clip, or the earlier variant a derived one was made from. */
function inputOf (request: StoredText2Motion): string {
  if (request.mode === 'generate') return request.prompt
  if (request.mode === 'loop' && request.source === undefined) return request.prompt ?? ''
  const source = request.source!
  return `${source.rid}/${source.variantId}`
}
