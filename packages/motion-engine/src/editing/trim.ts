// editRequest trimming: drop frames from both ends.
import type { MotionClip } from '../clip.js'
import { sliceClip } from '../clip-ops.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'

export interface EditRequest {
  /** Frames removed from the start; the spec says positive integers, 0 (no trim) is accepted too. */
  numTrimLeft?: number
  numTrimRight?: number
}

export function trim (clip: MotionClip, edit: EditRequest = {}): MotionClip {
  const left = edit.numTrimLeft ?? 0
  const right = edit.numTrimRight ?? 0
  for (const [name, v] of [['numTrimLeft', left], ['numTrimRight', right]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, `${name} must be a non-negative integer frame count`)
  }
  if (clip.frameCount - left - right < 2) {
    throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, `trimming ${left} + ${right} frames leaves fewer than 2 of ${clip.frameCount}`)
  }
  return sliceClip(clip, left, clip.frameCount - right)
}
