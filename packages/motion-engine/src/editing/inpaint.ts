// Inpainting: regenerate the frames inside each interval from a new prompt; frames outside stay bit-identical.
import type { MotionClip } from '../clip.js'
import { headingAt, placeClip, readRoot, readRotation, resampleClip } from '../clip-ops.js'
import type { GenerateContext, MotionEngine, MotionOptions } from '../engine.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { quatFromAxisAngleRad, quatMultiply, quatSlerp } from '../math/quat.js'
import { smootherstep } from '../synth/easing.js'

export interface Interval {
  /** First regenerated frame (inclusive). */
  start: number
  /** Last regenerated frame (inclusive). */
  end: number
}

export interface InpaintRequest {
  prompt: string
  intervals: Interval[]
}

export interface EditGenerateOptions extends GenerateContext {
  seed?: number
  variantIndex?: number
  options?: Partial<MotionOptions>
  /** Frames at each interval edge over which source and new motion cross-fade; default a quarter second. */
  blendFrames?: number
}

function checkIntervals (intervals: Interval[], frameCount: number): Interval[] {
  if (!Array.isArray(intervals) || intervals.length === 0) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'intervals must be a non-empty array')
  const sorted = [...intervals].sort((a, b) => a.start - b.start)
  sorted.forEach((iv, i) => {
    if (!Number.isInteger(iv.start) || !Number.isInteger(iv.end) || iv.start < 0 || iv.end >= frameCount || iv.end - iv.start < 1) {
      throw new EngineError(
        ENGINE_ERROR.BAD_PARAMETERS,
        `interval ${iv.start}..${iv.end} must be integer frames inside 0..${frameCount - 1}, at least 2 frames long`
      )
    }
    if (i > 0 && iv.start <= sorted[i - 1]!.end) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'intervals overlap')
  })
  return sorted
}

export async function inpaint (clip: MotionClip, request: InpaintRequest, engine: MotionEngine, opts: EditGenerateOptions = {}): Promise<MotionClip> {
  const intervals = checkIntervals(request.intervals, clip.frameCount)
  const J = clip.skeleton.joints.length
  const root = Float32Array.from(clip.rootTranslation)
  const rot = Float32Array.from(clip.rotations)
  for (const [n, iv] of intervals.entries()) {
    const L = iv.end - iv.start + 1
    const ctx: GenerateContext = { signal: opts.signal }
    if (opts.onProgress) ctx.onProgress = p => opts.onProgress!({ step: n * p.total + p.step, total: intervals.length * p.total })
    const generated = await engine.generate({
      prompt: request.prompt,
      seed: opts.seed,
      variantIndex: opts.variantIndex,
      fps: clip.fps,
      options: { ...opts.options, rootAtOrigin: true },
      durationSeconds: L / clip.fps
    }, ctx)
    let g = generated.frameCount === L ? generated : resampleClip(generated, L)
    g = placeClip(g, readRoot(clip, iv.start), headingAt(clip, iv.start) - headingAt(g, 0))
    // Spread the end mismatch (position and heading) over the interval so both edges meet the source.
    const endSrc = readRoot(clip, iv.end)
    const endGen = readRoot(g, L - 1)
    const yawErr = wrap(headingAt(clip, iv.end) - headingAt(g, L - 1))
    const B = Math.max(1, Math.min(opts.blendFrames ?? Math.round(clip.fps / 4), Math.floor(L / 2)))
    for (let i = 0; i < L; i++) {
      const f = iv.start + i
      const s = L === 1 ? 1 : smootherstep(i / (L - 1))
      const w = Math.min(smootherstep((i + 1) / (B + 1)), smootherstep((L - i) / (B + 1)))
      const gr = readRoot(g, i)
      const src = readRoot(clip, f)
      const x = gr[0] + (endSrc[0] - endGen[0]) * s
      const z = gr[2] + (endSrc[2] - endGen[2]) * s
      root.set([src[0] + (x - src[0]) * w, src[1] + (gr[1] - src[1]) * w, src[2] + (z - src[2]) * w], f * 3)
      for (let j = 0; j < J; j++) {
        let q = readRotation(g, i, j)
        if (j === 0) q = quatMultiply(quatFromAxisAngleRad([0, 1, 0], yawErr * s), q)
        rot.set(quatSlerp(readRotation(clip, f, j), q, w), (f * J + j) * 4)
      }
    }
  }
  return { ...clip, rootTranslation: root, rotations: rot }
}

function wrap (a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a))
}
