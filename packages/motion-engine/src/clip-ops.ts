// Frame-level clip operations shared by engines and editing: slicing, resampling, rigid placement.
import type { MotionClip, Quat, Skeleton, Vec3 } from './clip.js'
import { quatFromAxisAngleRad, quatMultiply, quatRotate, quatSlerp } from './math/quat.js'

export function readRoot (clip: MotionClip, f: number): Vec3 {
  return [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
}

export function readRotation (clip: MotionClip, f: number, j: number): Quat {
  const o = (f * clip.skeleton.joints.length + j) * 4
  const r = clip.rotations
  return [r[o]!, r[o + 1]!, r[o + 2]!, r[o + 3]!]
}

export function sliceClip (clip: MotionClip, start: number, end: number): MotionClip {
  const J = clip.skeleton.joints.length
  const s = Math.max(0, start)
  const e = Math.min(clip.frameCount, end)
  return {
    skeleton: clip.skeleton,
    fps: clip.fps,
    frameCount: Math.max(0, e - s),
    rootTranslation: clip.rootTranslation.slice(s * 3, e * 3),
    rotations: clip.rotations.slice(s * J * 4, e * J * 4)
  }
}

export function concatClips (clips: MotionClip[]): MotionClip {
  const first = clips[0]!
  const frameCount = clips.reduce((a, c) => a + c.frameCount, 0)
  const root = new Float32Array(frameCount * 3)
  const rot = new Float32Array(frameCount * first.skeleton.joints.length * 4)
  let f = 0
  for (const c of clips) {
    root.set(c.rootTranslation, f * 3)
    rot.set(c.rotations, f * first.skeleton.joints.length * 4)
    f += c.frameCount
  }
  return { skeleton: first.skeleton, fps: first.fps, frameCount, rootTranslation: root, rotations: rot }
}

/** Time-warps a clip to `frames` frames (root lerp, rotation slerp). */
export function resampleClip (clip: MotionClip, frames: number): MotionClip {
  const J = clip.skeleton.joints.length
  const root = new Float32Array(frames * 3)
  const rot = new Float32Array(frames * J * 4)
  for (let f = 0; f < frames; f++) {
    const t = frames === 1 ? 0 : (f * (clip.frameCount - 1)) / (frames - 1)
    const a = Math.floor(t)
    const b = Math.min(clip.frameCount - 1, a + 1)
    const u = t - a
    const ra = readRoot(clip, a)
    const rb = readRoot(clip, b)
    for (let c = 0; c < 3; c++) root[f * 3 + c] = ra[c]! + (rb[c]! - ra[c]!) * u
    for (let j = 0; j < J; j++) {
      const q = quatSlerp(readRotation(clip, a, j), readRotation(clip, b, j), u)
      rot.set(q, (f * J + j) * 4)
    }
  }
  return { ...clip, frameCount: frames, rootTranslation: root, rotations: rot }
}

/** Yaw of the hips (heading) at a frame, radians. */
export function headingAt (clip: MotionClip, f: number): number {
  const f3 = quatRotate(readRotation(clip, f, 0), [0, 0, 1])
  return Math.atan2(f3[0], f3[2])
}

/**
 * Rigidly moves a clip on the floor: rotates it by `yaw` about the vertical through its first frame's root and
 * translates that root to `to` (x, z; heights are kept).
 */
export function placeClip (clip: MotionClip, to: Vec3, yaw: number): MotionClip {
  const J = clip.skeleton.joints.length
  const q = quatFromAxisAngleRad([0, 1, 0], yaw)
  const o = readRoot(clip, 0)
  const root = new Float32Array(clip.rootTranslation.length)
  const rot = Float32Array.from(clip.rotations)
  for (let f = 0; f < clip.frameCount; f++) {
    const r = readRoot(clip, f)
    const d = quatRotate(q, [r[0] - o[0], 0, r[2] - o[2]])
    root[f * 3] = to[0] + d[0]
    root[f * 3 + 1] = r[1]
    root[f * 3 + 2] = to[2] + d[2]
    rot.set(quatMultiply(q, readRotation(clip, f, 0)), f * J * 4)
  }
  return { ...clip, rootTranslation: root, rotations: rot }
}

/** One frame of the skeleton's rest pose (identity rotations, hips at their rest offset): a still character. */
export function restPoseClip (skeleton: Skeleton, fps = 30): MotionClip {
  const rotations = new Float32Array(skeleton.joints.length * 4)
  for (let j = 0; j < skeleton.joints.length; j++) rotations[j * 4 + 3] = 1
  return { skeleton, fps, frameCount: 1, rootTranslation: Float32Array.from(skeleton.joints[0]!.offset), rotations }
}
