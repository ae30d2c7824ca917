// Helpers for joining motion at seams: heading alignment and blended transition frames.
import type { MotionClip, Vec3 } from '../clip.js'
import { headingAt, placeClip, readRoot, readRotation } from '../clip-ops.js'
import { quatFromAxisAngleRad, quatRotate, quatSlerp } from '../math/quat.js'
import { smootherstep } from '../synth/easing.js'

/** Root displacement from frame f-1 to f (XZ and Y), or zero for the first frame. */
export function rootVelocity (clip: MotionClip, f: number): Vec3 {
  if (f <= 0 || clip.frameCount < 2) return [0, 0, 0]
  const a = readRoot(clip, f - 1)
  const b = readRoot(clip, f)
  return [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
}

/**
 * Places `next` so it continues `prev` after `frames` transition frames, and builds those frames: poses slerp from
 * the last pose of `prev` to the first of `next`, the root moves with a velocity blended between both sides.
 */
export function bridge (prev: MotionClip, next: MotionClip, frames: number): { transition: MotionClip, placed: MotionClip } {
  const J = prev.skeleton.joints.length
  const last = prev.frameCount - 1
  const yaw = headingAt(prev, last) - headingAt(next, 0)
  const turn = quatFromAxisAngleRad([0, 1, 0], yaw)
  const vPrev = rootVelocity(prev, last)
  const vNextRaw = rootVelocity(next, 1)
  const vNext = quatRotate(turn, [vNextRaw[0], 0, vNextRaw[2]])
  const aligned = placeClip(next, [0, 0, 0], yaw)
  const start = readRoot(prev, last)
  const root = new Float32Array(frames * 3)
  const rot = new Float32Array(frames * J * 4)
  let pos: Vec3 = [start[0], start[1], start[2]]
  const yEnd = readRoot(next, 0)[1]
  for (let i = 0; i < frames; i++) {
    const u = (i + 1) / (frames + 1)
    const w = smootherstep(u)
    pos = [pos[0] + vPrev[0] + (vNext[0] - vPrev[0]) * u, 0, pos[2] + vPrev[2] + (vNext[2] - vPrev[2]) * u]
    root.set([pos[0], start[1] + (yEnd - start[1]) * w, pos[2]], i * 3)
    for (let j = 0; j < J; j++) rot.set(quatSlerp(readRotation(prev, last, j), readRotation(aligned, 0, j), w), (i * J + j) * 4)
  }
  const to: Vec3 = [pos[0] + vNext[0], 0, pos[2] + vNext[2]]
  return {
    transition: { skeleton: prev.skeleton, fps: prev.fps, frameCount: frames, rootTranslation: root, rotations: rot },
    placed: placeClip(next, to, yaw)
  }
}
