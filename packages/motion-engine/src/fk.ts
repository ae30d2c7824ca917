// Forward kinematics: world-space joint positions and rotations of one clip frame.
import type { MotionClip, Quat, Skeleton, Vec3 } from './clip.js'
import { quatMultiply, quatRotate } from './math/quat.js'

export interface WorldPose {
  positions: Vec3[]
  rotations: Quat[]
}

/** Computes world transforms from a root position and local rotations laid out like `MotionClip.rotations`. */
export function fkPose (skeleton: Skeleton, root: Vec3, local: ArrayLike<number>, base = 0): WorldPose {
  const n = skeleton.joints.length
  const positions: Vec3[] = new Array<Vec3>(n)
  const rotations: Quat[] = new Array<Quat>(n)
  for (let j = 0; j < n; j++) {
    const joint = skeleton.joints[j]!
    const o = base + j * 4
    const q: Quat = [local[o]!, local[o + 1]!, local[o + 2]!, local[o + 3]!]
    if (joint.parent < 0) {
      positions[j] = [root[0], root[1], root[2]]
      rotations[j] = q
    } else {
      const pr = rotations[joint.parent]!
      const pp = positions[joint.parent]!
      const off = quatRotate(pr, joint.offset)
      positions[j] = [pp[0] + off[0], pp[1] + off[1], pp[2] + off[2]]
      rotations[j] = quatMultiply(pr, q)
    }
  }
  return { positions, rotations }
}

/** World positions and rotations of every joint at `frame` of `clip`. */
export function fk (clip: MotionClip, frame: number): WorldPose {
  if (!Number.isInteger(frame) || frame < 0 || frame >= clip.frameCount) {
    throw new RangeError(`frame ${frame} outside 0..${clip.frameCount - 1}`)
  }
  const r = clip.rootTranslation
  const root: Vec3 = [r[frame * 3]!, r[frame * 3 + 1]!, r[frame * 3 + 2]!]
  return fkPose(clip.skeleton, root, clip.rotations, frame * clip.skeleton.joints.length * 4)
}
