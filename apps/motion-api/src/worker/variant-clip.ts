// The motion of one variant of a text2motion job, by kind of job: generated from the prompt, or derived from
// earlier variants (inpainting, merging, loop, refine). requestedAnimationDuration fits the generated clip, the
// refined clip and, for loops, one repetition.
import type { MotionClip, MotionOptions } from '@openmotion/motion-engine'
import type { SourceRef, StoredText2Motion } from '../domain/job-params.js'
import type { BlobStore, MotionPipeline, StepContext } from '../domain/ports.js'
import { deserializeClip } from './clip-bytes.js'

export function clipKey (rid: string, variantId: string): string {
  return `jobs/${rid}/v${variantId}/clip.json`
}

export async function loadVariantClip (blobs: BlobStore, source: SourceRef): Promise<MotionClip> {
  return deserializeClip(await blobs.readAll(clipKey(source.rid, source.variantId)))
}

export interface VariantInput { pipeline: MotionPipeline, blobs: BlobStore, seed: number, variant: number, options: MotionOptions, context: StepContext }

async function fitted (input: VariantInput, clip: MotionClip, seconds: number | undefined): Promise<MotionClip> {
  if (seconds === undefined) return clip
  return await input.pipeline.fitDuration(clip, seconds, input.seed, input.variant, input.options, input.context)
}

export async function variantClip (request: StoredText2Motion, input: VariantInput): Promise<MotionClip> {
  const { pipeline, blobs, seed, variant: v, options, context } = input
  const seconds = request.settings.durationSeconds
  switch (request.mode) {
    case 'generate':
      return await fitted(input, await pipeline.generate(request.prompt, seed, v, options, context), seconds)
    case 'inpaint': {
      const source = pipeline.trim(await loadVariantClip(blobs, request.source), request.edit)
      return await pipeline.inpaint(source, request.inpaint, seed, v, options, context)
    }
    case 'merge': {
      const clipA = await loadVariantClip(blobs, request.source)
      const clipB = await loadVariantClip(blobs, request.merge.source)
      const blendFrames = Math.round(request.merge.blendDuration * clipA.fps)
      return await pipeline.merge(
        clipA,
        request.edit,
        { prompt: request.merge.prompt, blendFrames, clipB, editB: request.merge.edit },
        seed,
        v,
        options,
        context
      )
    }
    case 'loop': {
      const base = request.source !== undefined
        ? await loadVariantClip(blobs, request.source)
        : await pipeline.generate(request.prompt ?? '', seed, v, options, context)
      const cycle = await fitted(input, base, seconds)
      const { blendDuration, ...flags } = request.loop
      return pipeline.loop(cycle, { ...flags, blendFrames: Math.round(blendDuration * cycle.fps) })
    }
    case 'refine': {
      const source = await loadVariantClip(blobs, request.source)
      const refined = await pipeline.refine(source, { prompt: request.refine.prompt ?? '', creativity: request.refine.creativity }, seed, v, options, context)
      return await fitted(input, refined, seconds)
    }
  }
}
