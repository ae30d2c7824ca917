// Refinement (the API's refineRequest): a variation of an earlier clip. A fresh clip is generated (from the new
// prompt when one is given, which is how the prompt steers the change), time-warped to the source's length and
// placed on the source's start; the result moves from the source toward it by `creativity`. At 0 only a trace of
// the fresh motion remains, at 1 the result is the fresh variant itself.
import type { MotionClip } from '../clip.js'
import { headingAt, placeClip, readRoot, readRotation, resampleClip } from '../clip-ops.js'
import type { MotionEngine, MotionOptions } from '../engine.js'
import { DEFAULT_OPTIONS } from '../engine.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { quatSlerp } from '../math/quat.js'
import { postprocess } from '../post/pipeline.js'
import type { EditGenerateOptions } from './inpaint.js'

/** The share of fresh motion at creativity 0: small, so that every refined variant differs a little. */
export const MIN_REFINE_WEIGHT = 0.08

export interface RefineRequest {
  /** The prompt of the fresh motion: the refine prompt, or the source's own prompt. */
  prompt: string
  creativity: number
}

export async function refine (source: MotionClip, request: RefineRequest, engine: MotionEngine, opts: EditGenerateOptions = {}): Promise<MotionClip> {
  const c = request.creativity
  if (!(Number.isFinite(c) && c >= 0 && c <= 1)) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'creativity must be a number from 0 to 1')
  const fresh = await engine.generate(
    { prompt: request.prompt, seed: opts.seed, variantIndex: opts.variantIndex, fps: source.fps, options: { ...opts.options, rootAtOrigin: true } },
    { signal: opts.signal }
  )
  const warped = fresh.frameCount === source.frameCount ? fresh : resampleClip(fresh, source.frameCount)
  const placed = placeClip(warped, readRoot(source, 0), headingAt(source, 0) - headingAt(warped, 0))
  const w = MIN_REFINE_WEIGHT + (1 - MIN_REFINE_WEIGHT) * c
  const J = source.skeleton.joints.length
  const root = new Float32Array(source.rootTranslation.length)
  const rot = new Float32Array(source.rotations.length)
  for (let f = 0; f < source.frameCount; f++) {
    const a = readRoot(source, f)
    const b = readRoot(placed, f)
    root.set([a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w, a[2] + (b[2] - a[2]) * w], f * 3)
    for (let j = 0; j < J; j++) rot.set(quatSlerp(readRotation(source, f, j), readRotation(placed, f, j), w), (f * J + j) * 4)
  }
  // Blending two gaits can make feet slide; the usual clean-up (without moving the root's placement) fixes it.
  const options: MotionOptions = { ...DEFAULT_OPTIONS, ...opts.options, rootAtOrigin: false, simulation: false }
  return await postprocess({ ...source, rootTranslation: root, rotations: rot }, options, async () => {})
}
