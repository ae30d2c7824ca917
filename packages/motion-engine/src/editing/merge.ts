// Merging: an earlier clip (trimmed), a newly prompted section, and optionally a second earlier clip, joined by
// generated transition frames. blendFrames counts those transition frames at each seam.
import type { MotionClip } from '../clip.js'
import { concatClips } from '../clip-ops.js'
import type { GenerateContext, MotionEngine } from '../engine.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import type { EditGenerateOptions } from './inpaint.js'
import { bridge } from './seam.js'
import { trim } from './trim.js'
import type { EditRequest } from './trim.js'

export interface MergeRequest {
  prompt: string
  /** Transition frames generated at each seam (frames, not seconds; 0 joins directly). */
  blendFrames: number
  /** A second earlier clip appended after the new section, and its trimming. */
  clipB?: MotionClip
  editB?: EditRequest
}

export async function merge (
  clipA: MotionClip,
  editA: EditRequest,
  request: MergeRequest,
  engine: MotionEngine,
  opts: EditGenerateOptions = {}
): Promise<MotionClip> {
  const n = request.blendFrames
  if (!Number.isInteger(n) || n < 0 || n > 10 * clipA.fps) {
    throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, `blendFrames must be an integer number of frames from 0 to ${10 * clipA.fps}`)
  }
  const a = trim(clipA, editA)
  const b = request.clipB ? trim(request.clipB, request.editB) : undefined
  const ctx: GenerateContext = { signal: opts.signal }
  if (opts.onProgress) ctx.onProgress = opts.onProgress
  const section = await engine.generate(
    { prompt: request.prompt, seed: opts.seed, variantIndex: opts.variantIndex, fps: a.fps, options: { ...opts.options, rootAtOrigin: true } },
    ctx
  )
  const first = bridge(a, section, n)
  const parts = [a, first.transition, first.placed]
  if (b !== undefined) {
    const second = bridge(first.placed, b, n)
    parts.push(second.transition, second.placed)
  }
  return concatClips(parts.filter((p) => p.frameCount > 0))
}
