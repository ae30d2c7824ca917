// The default engine: procedural text-to-motion on the humanoid skeleton, CPU only, deterministic.
import type { MotionClip } from '../clip.js'
import { resampleClip } from '../clip-ops.js'
import { normalizeRequest } from '../engine.js'
import type { GenerateContext, GenerateRequest, MotionEngine } from '../engine.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { checkPlan, DEFAULT_MAX_SECONDS, readPrompt } from '../prompt/read-prompt.js'
import type { TimelineEntry } from '../prompt/plan.js'
import type { ContactPlan } from '../post/contact-plan.js'
import { POSTPROCESS_STEPS, postprocess } from '../post/pipeline.js'
import { resamplePlan } from '../post/plan-resample.js'
import { createHumanoidSkeleton } from '../skeleton.js'
import type { HumanoidOptions } from '../skeleton.js'
import { compose } from '../synth/compose.js'
import { stepper } from './steps.js'
import { phase, phaseSync } from '../phase-spans.js'

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
  const maxSeconds = engineOptions.maxSeconds ?? DEFAULT_MAX_SECONDS
  // `timeline` is already checked and expanded (posture changes between its actions) by checkPlan.
  const synthesize = async (timeline: TimelineEntry[], req: ReturnType<typeof normalizeRequest>, context?: GenerateContext): Promise<MotionClip> => {
    const step = stepper(1 + timeline.length + POSTPROCESS_STEPS + 1, context)
    await step()
    let clip: MotionClip
    let plan: ContactPlan | undefined
    try {
      ({ clip, contacts: plan } = await phase('engine.synthesise', async () =>
        await compose({ timeline, skeleton, fps: req.fps, seed: req.seed, variantIndex: req.variantIndex, afterAction: step })))
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
      const frames = Math.max(2, Math.round(req.durationSeconds * req.fps))
      plan = resamplePlan(plan, clip.frameCount, frames)
      clip = resampleClip(clip, frames)
    }
    const synthesised = clip
    clip = await phase('engine.postprocess', async () => await postprocess(synthesised, req.options, step, plan))
    await step()
    return clip
  }
  const generateTimeline = async (entries: TimelineEntry[], request: GenerateRequest, context?: GenerateContext): Promise<MotionClip> =>
    synthesize(checkPlan(entries, [], maxSeconds).timeline, normalizeRequest(request), context)
  return {
    kind: 'builtin',
    generateTimeline,
    async generate (request: GenerateRequest, context?: GenerateContext): Promise<MotionClip> {
      const req = normalizeRequest(request)
      return synthesize(phaseSync('engine.read_prompt', () => readPrompt(req.prompt, maxSeconds)).timeline, req, context)
    }
  }
}
