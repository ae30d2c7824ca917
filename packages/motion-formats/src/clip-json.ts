// The clip as JSON for the API's own use (storing a variant, re-editing it later, handing it to the renderer):
// offsets exact, per-frame values to six decimals, versioned so a stored clip can be read after the format grows.
import type { Joint, MotionClip } from '@openmotion/motion-engine'
import { assertValidClip } from './validate-clip.js'

export const CLIP_JSON_VERSION = 1

export interface ClipJson {
  format: 'openmotion-clip'
  version: number
  fps: number
  frameCount: number
  joints: Joint[]
  /** frameCount × 3 numbers, metres. */
  rootTranslation: number[]
  /** frameCount × jointCount × 4 numbers, quaternions [x, y, z, w]. */
  rotations: number[]
}

const round = (v: number): number => Math.round(v * 1e6) / 1e6

export function writeClipJson (clip: MotionClip): string {
  assertValidClip(clip)
  const body: ClipJson = {
    format: 'openmotion-clip',
    version: CLIP_JSON_VERSION,
    fps: clip.fps,
    frameCount: clip.frameCount,
    joints: clip.skeleton.joints.map(j => ({ name: j.name, parent: j.parent, offset: [j.offset[0], j.offset[1], j.offset[2]] })),
    rootTranslation: Array.from(clip.rootTranslation, round),
    rotations: Array.from(clip.rotations, round)
  }
  return JSON.stringify(body)
}

function isNumberArray (v: unknown): v is number[] {
  return Array.isArray(v) && v.every(x => typeof x === 'number' && Number.isFinite(x))
}

function isJoint (v: unknown): v is Joint {
  if (typeof v !== 'object' || v === null) return false
  const j = v as Record<string, unknown>
  return typeof j.name === 'string' && Number.isInteger(j.parent) && isNumberArray(j.offset) && j.offset.length === 3
}

/** Parses and checks a clip written by `writeClipJson`; throws a RangeError saying what is wrong. */
export function readClipJson (text: string): MotionClip {
  const v = JSON.parse(text) as Partial<ClipJson>
  if (v.format !== 'openmotion-clip') throw new RangeError('not an OpenMotion clip JSON')
  if (v.version !== CLIP_JSON_VERSION) throw new RangeError(`unsupported clip JSON version ${String(v.version)}`)
  if (!Array.isArray(v.joints) || !v.joints.every(isJoint)) throw new RangeError('clip JSON joints are malformed')
  if (!isNumberArray(v.rootTranslation) || !isNumberArray(v.rotations)) throw new RangeError('clip JSON arrays must hold finite numbers')
  const clip: MotionClip = {
    skeleton: { joints: v.joints.map(j => ({ name: j.name, parent: j.parent, offset: [j.offset[0], j.offset[1], j.offset[2]] })) },
    fps: Number(v.fps),
    frameCount: Number(v.frameCount),
    rootTranslation: Float32Array.from(v.rootTranslation),
    rotations: Float32Array.from(v.rotations)
  }
  assertValidClip(clip)
  return clip
}
