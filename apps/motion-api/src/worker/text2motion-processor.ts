// Runs a text2motion job: makes each variant's clip (generated, or derived from earlier variants), exports its
// files and stores them with the clip; returns the outputs and the price of the motion made.
import { createHash } from 'node:crypto'
import type { MotionOptions } from '@openmotion/motion-engine'
import { text2motionPrice, type Pricing } from '../domain/pricing.js'
import { clipKey } from '../domain/modes/motion-mode.js'
import { modeOf, primarySource, type StoredText2Motion } from '../domain/modes/stored-modes.js'
import { storedText2Motion } from '../domain/stored-requests.js'
import type { JobProcessor } from './job-worker.js'
import { stockCharacterOf } from '../domain/stock-models.js'
import { CharacterError, CHARACTER_ERROR } from '@openmotion/motion-characters/errors'
import type { BlobStore, ModelRepository, MotionPipeline } from '../domain/ports.js'
import type { VariantOutput } from '../domain/records.js'
import { serializeClip } from '../domain/modes/clip-bytes.js'

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
  blobs: BlobStore
  models: ModelRepository
  pipeline: MotionPipeline
  pricing: Pricing
}): JobProcessor {
  return async (job, { signal, progress }) => {
    const request = storedText2Motion(job)
    const mode = modeOf(request)
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
      const clip = await mode.clip(request, { pipeline: deps.pipeline, blobs: deps.blobs, seed, variant: v, options, context })
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
    const variants = Object.fromEntries(Object.keys(outputs).map((id) => [id, { download: false }]))
    return {
      outputs,
      variants,
      details: {
        In: inputOf(request),
        out: Object.values(outputs).map((o) => o.name).join(','),
        ...understoodIn(request, deps.pipeline)
      },
      processingInfo: { motionSeconds: durations },
      price: { amount: text2motionPrice(deps.pricing, durations), note: `text2motion ${durations.map((d) => d.toFixed(1)).join('+')} s` }
    }
  }
}

/** SUCCESS details' `understood`: how words outside the vocabulary of the job's prompt were read, when any were. */
function understoodIn (request: StoredText2Motion, pipeline: MotionPipeline): { understood?: string[] } {
  const prompt = modeOf(request).prompt(request)
  const understood = prompt === undefined ? [] : pipeline.understand(prompt)
  return understood.length === 0 ? {} : { understood }
}

/** SUCCESS details' `In`: the earlier variant a derived clip was made from, or the prompt of a generated one. */
function inputOf (request: StoredText2Motion): string {
  const source = primarySource(request)
  return source === undefined ? modeOf(request).prompt(request) ?? '' : `${source.rid}/${source.variantId}`
}
