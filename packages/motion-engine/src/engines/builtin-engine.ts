// The default engine: procedural text-to-motion on the humanoid skeleton, CPU only, deterministic.
import type { MotionClip } from '../clip.js'
import { resampleClip } from '../clip-ops.js'
import { normalizeRequest } from '../engine.js'
import type { GenerateContext, GenerateRequest, MotionEngine } from '../engine.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { parsePrompt } from '../prompt/parser.js'
import type { TimelineEntry } from '../prompt/parser.js'
import { UNDERSTOOD_PHRASES } from '../prompt/vocabulary.js'
import type { ContactPlan } from '../post/contact-plan.js'
import { POSTPROCESS_STEPS, postprocess } from '../post/pipeline.js'
import { createHumanoidSkeleton } from '../skeleton.js'
import type { HumanoidOptions } from '../skeleton.js'
import { compose } from '../synth/compose.js'
import { expandTimeline } from '../synth/posture-flow.js'
import { stepper } from './steps.js'

export interface BuiltinEngineOptions {
  skeleton?: HumanoidOptions
  /** Longest clip the engine will produce, seconds; longer timelines fail with 502. Default 120. */
  maxSeconds?: number
}

export interface BuiltinEngine extends MotionEngine {
  /**
   * Generates the motion of an explicit plan (the timeline a prompt analysis produces) instead of a prompt; the
   * request's `prompt` is only a label. The plan goes through the same posture flow and post-processing.
   */
  generateTimeline (timeline: TimelineEntry[], request: GenerateRequest, context?: GenerateContext): Promise<MotionClip>
}

export function createBuiltinEngine (engineOptions: BuiltinEngineOptions = {}): BuiltinEngine {
  const skeleton = createHumanoidSkeleton(engineOptions.skeleton)
  const maxSeconds = engineOptions.maxSeconds ?? 120
  const generateTimeline = async (entries: TimelineEntry[], request: GenerateRequest, context?: GenerateContext): Promise<MotionClip> => {
    const req = normalizeRequest(request)
    const timeline = expandTimeline(entries)
    if (timeline.length === 0) {
      // Unknown verbs and typos already fell back to the closest action: only text with no movement gets here.
      throw new EngineError(ENGINE_ERROR.INVALID_INPUT, `the prompt describes no movement; describe one, for example: ${UNDERSTOOD_PHRASES.join(', ')}`)
    }
    // Refuse absurd requests before spending CPU on them ("walk for 10 hours", "jump 5000 times").
    for (const { action } of timeline) {
      if ((action.durationSeconds ?? 0) > maxSeconds || (action.count ?? 0) > 500 || (action.distance ?? 0) > maxSeconds * 6) {
        throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, `"${action.kind}" asks for more than the ${maxSeconds} s limit`)
      }
    }
    const step = stepper(1 + timeline.length + POSTPROCESS_STEPS + 1, context)
    await step()
    let clip: MotionClip
    let plan: ContactPlan | undefined
    try {
      ({ clip, contacts: plan } = await compose({ timeline, skeleton, fps: req.fps, seed: req.seed, variantIndex: req.variantIndex, afterAction: step }))
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') throw err
      throw new EngineError(ENGINE_ERROR.GENERATION, `motion synthesis failed: ${(err as Error).message}`, { cause: err })
    }
    if (clip.frameCount / req.fps > maxSeconds) {
      throw new EngineError(
        ENGINE_ERROR.BAD_PARAMETERS,
        `the prompt asks for ${(clip.frameCount / req.fps).toFixed(1)} s of motion; the limit is ${maxSeconds} s`
      )
    }
    if (req.durationSeconds !== undefined) {
      clip = resampleClip(clip, Math.max(2, Math.round(req.durationSeconds * req.fps)))
      // Resampled frames no longer line up with the planned contacts; they are detected instead.
      plan = undefined
    }
    clip = await postprocess(clip, req.options, step, plan)
    await step()
    return clip
  }
  return {
    kind: 'builtin',
    generateTimeline,
    async generate (request: GenerateRequest, context?: GenerateContext): Promise<MotionClip> {
      const req = normalizeRequest(request)
      return generateTimeline(parsePrompt(req.prompt), req, context)
    }
  }
}
