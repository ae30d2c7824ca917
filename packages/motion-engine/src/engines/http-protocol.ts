// The JSON protocol of an external model server, validated here so a malformed reply becomes a 501, not a crash.
import type { MotionClip, Skeleton } from '../clip.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { smplToClip } from './smpl-retarget.js'

/** Body of POST {url}/generate. */
export interface HttpGenerateBody {
  prompt: string
  seed: number
  variantIndex: number
  fps: number
  options: Record<string, unknown>
  durationSeconds?: number
}

export type HttpGenerateReply =
  | { format: 'rotations', fps: number, joints: string[], rootTranslation: number[][], rotations: number[][][] }
  | { format: 'smpl22', fps: number, positions: number[][][] }

function fail (message: string): never {
  throw new EngineError(ENGINE_ERROR.GENERATION, `model server reply: ${message}`)
}

function isNumberArray (v: unknown, length: number): v is number[] {
  return Array.isArray(v) && v.length === length && v.every(x => typeof x === 'number' && Number.isFinite(x))
}

function rotationsToClip (reply: Record<string, unknown>, skeleton: Skeleton, fps: number): MotionClip {
  const joints = reply.joints
  const root = reply.rootTranslation
  const rots = reply.rotations
  if (!Array.isArray(joints) || !joints.every(j => typeof j === 'string')) fail('joints must be an array of names')
  if (!Array.isArray(root) || !Array.isArray(rots) || root.length !== rots.length || root.length < 1) { fail('rootTranslation and rotations need the same, non-zero frame count') }
  const J = skeleton.joints.length
  const n = root.length
  // Names may carry an exporter prefix ("mixamorig:Hips"); joints we do not have are dropped, missing ones stay at rest.
  const map = (joints as string[]).map(name => skeleton.joints.findIndex(j => j.name === name.replace(/^.*:/, '')))
  const rotations = new Float32Array(n * J * 4)
  const rootTranslation = new Float32Array(n * 3)
  for (let f = 0; f < n; f++) {
    for (let j = 0; j < J; j++) rotations[(f * J + j) * 4 + 3] = 1
    const r = root[f]
    if (!isNumberArray(r, 3)) fail(`rootTranslation[${f}] must be 3 numbers`)
    rootTranslation.set(r, f * 3)
    const frame = rots[f]
    if (!Array.isArray(frame) || frame.length !== map.length) fail(`rotations[${f}] must hold one quaternion per joint`)
    frame.forEach((q: unknown, i: number) => {
      if (!isNumberArray(q, 4)) fail(`rotations[${f}][${i}] must be 4 numbers [x, y, z, w]`)
      const j = map[i]!
      const len = Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!)
      if (j >= 0 && len > 1e-6) rotations.set([q[0]! / len, q[1]! / len, q[2]! / len, q[3]! / len], (f * J + j) * 4)
    })
  }
  return { skeleton, fps, frameCount: n, rootTranslation, rotations }
}

function smplReplyToClip (reply: Record<string, unknown>, skeleton: Skeleton, fps: number): MotionClip {
  const frames = reply.positions
  if (!Array.isArray(frames) || frames.length < 1) fail('positions must be a non-empty frames × 22 × 3 array')
  const flat = new Float64Array(frames.length * 66)
  frames.forEach((frame: unknown, f: number) => {
    if (!Array.isArray(frame) || frame.length !== 22) fail(`positions[${f}] must hold 22 joints`)
    frame.forEach((p: unknown, i: number) => {
      if (!isNumberArray(p, 3)) fail(`positions[${f}][${i}] must be 3 numbers`)
      flat.set(p, (f * 22 + i) * 3)
    })
  })
  return smplToClip(flat, frames.length, fps, skeleton)
}

export function replyToClip (reply: unknown, skeleton: Skeleton): MotionClip {
  if (typeof reply !== 'object' || reply === null) fail('not a JSON object')
  const r = reply as Record<string, unknown>
  const fps = r.fps
  if (typeof fps !== 'number' || !(fps > 0 && fps <= 240)) fail('fps must be a number in (0, 240]')
  if (r.format === 'rotations') return rotationsToClip(r, skeleton, fps)
  if (r.format === 'smpl22') return smplReplyToClip(r, skeleton, fps)
  return fail("format must be 'rotations' or 'smpl22'")
}
