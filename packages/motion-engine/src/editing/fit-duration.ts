// Fits a generated clip to a requested length (the API's requestedAnimationDuration) for any engine and any prompt.
// Small differences are absorbed by a tempo change a viewer does not notice; a clip much shorter than asked is
// slowed by at most MAX_SLOWDOWN and then continues into generated idle motion (breathing, weight shifts) rather than
// slow motion; a clip much longer is sped up by at most MAX_SPEEDUP and then cut at the requested length.
import type { MotionClip } from '../clip.js'
import { concatClips, resampleClip, sliceClip } from '../clip-ops.js'
import type { GenerateContext, MotionEngine, MotionOptions } from '../engine.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { bridge } from './seam.js'

export const MAX_SLOWDOWN = 1.25
export const MAX_SPEEDUP = 1.6
/** Prompt of the filler that lengthens a short clip; the builtin engine understands it for every emotion. */
const FILLER_PROMPT = 'stand idle'

export interface FitDurationOptions extends GenerateContext {
  seed?: number
  variantIndex?: number
  options?: Partial<MotionOptions>
}

export async function fitDuration (clip: MotionClip, seconds: number, engine: MotionEngine, opts: FitDurationOptions = {}): Promise<MotionClip> {
  if (!(Number.isFinite(seconds) && seconds > 0)) { throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'the requested duration must be a positive number of seconds') }
  const target = Math.max(2, Math.round(seconds * clip.fps))
  const natural = clip.frameCount
  if (target === natural) return clip
  const ratio = target / natural
  if (ratio >= 1 / MAX_SPEEDUP && ratio <= MAX_SLOWDOWN) return resampleClip(clip, target)
  if (ratio < 1 / MAX_SPEEDUP) return sliceClip(resampleClip(clip, Math.max(target, Math.round(natural / MAX_SPEEDUP))), 0, target)
  const slowed = resampleClip(clip, Math.round(natural * MAX_SLOWDOWN))
  const blendFrames = Math.min(Math.round(clip.fps * 0.3), target - slowed.frameCount)
  const fillFrames = target - slowed.frameCount - blendFrames
  if (fillFrames < 2) return resampleClip(clip, target)
  const context: GenerateContext = { signal: opts.signal }
  const filler = await engine.generate({
    prompt: FILLER_PROMPT,
    seed: opts.seed,
    variantIndex: opts.variantIndex,
    fps: clip.fps,
    options: { ...opts.options, rootAtOrigin: true },
    durationSeconds: fillFrames / clip.fps
  }, context)
  const fitted = filler.frameCount === fillFrames ? filler : resampleClip(filler, fillFrames)
  const joined = bridge(slowed, fitted, blendFrames)
  return concatClips([slowed, joined.transition, joined.placed].filter((c) => c.frameCount > 0))
}
