// SMPL-style 22-joint positions (HumanML3D order: Y up, facing +Z, the same axes as our clips) → local rotations on
// the humanoid skeleton, by aiming each bone at its SMPL counterpart in hierarchy order (minimal-twist aiming).
import type { MotionClip, Quat, Skeleton, Vec3 } from '../clip.js'
import { quatConjugate, quatFromBasis, quatFromTo, quatMultiply, quatRotate } from '../math/quat.js'
import { cross, distance, normalize, sub } from '../math/vec3.js'

/** SMPL joint order used by HumanML3D, MoMask, T2M-GPT and MDM outputs. */
export const SMPL22 = [
  'pelvis', 'left_hip', 'right_hip', 'spine1', 'left_knee', 'right_knee', 'spine2', 'left_ankle', 'right_ankle', 'spine3',
  'left_foot', 'right_foot', 'neck', 'left_collar', 'right_collar', 'head', 'left_shoulder', 'right_shoulder',
  'left_elbow', 'right_elbow', 'left_wrist', 'right_wrist'
] as const

/** Our joint → the SMPL joint at the same place (used for aiming and by tests that build SMPL data). */
export const SMPL_FOR_JOINT: Readonly<Record<string, number>> = {
  Hips: 0,
  LeftUpLeg: 1,
  RightUpLeg: 2,
  Spine: 3,
  LeftLeg: 4,
  RightLeg: 5,
  Spine1: 6,
  LeftFoot: 7,
  RightFoot: 8,
  Spine2: 9,
  LeftToeBase: 10,
  RightToeBase: 11,
  Neck: 12,
  LeftShoulder: 13,
  RightShoulder: 14,
  Head: 15,
  LeftArm: 16,
  RightArm: 17,
  LeftForeArm: 18,
  RightForeArm: 19,
  LeftHand: 20,
  RightHand: 21
}

/** joint → child joint whose direction is aimed along the SMPL bone between their counterparts. */
const AIM: Readonly<Record<string, string>> = {
  Spine: 'Spine1',
  Spine1: 'Spine2',
  Spine2: 'Neck',
  Neck: 'Head',
  LeftShoulder: 'LeftArm',
  LeftArm: 'LeftForeArm',
  LeftForeArm: 'LeftHand',
  RightShoulder: 'RightArm',
  RightArm: 'RightForeArm',
  RightForeArm: 'RightHand',
  LeftUpLeg: 'LeftLeg',
  LeftLeg: 'LeftFoot',
  LeftFoot: 'LeftToeBase',
  RightUpLeg: 'RightLeg',
  RightLeg: 'RightFoot',
  RightFoot: 'RightToeBase'
}

function legLength (s: Skeleton): number {
  const j = (n: string) => s.joints.find(x => x.name === n)!
  return Math.hypot(...j('LeftLeg').offset) + Math.hypot(...j('LeftFoot').offset)
}

/** `positions` is frames × 22 × 3. Root translation is scaled by our leg length over the source's. */
export function smplToClip (positions: ArrayLike<number>, frameCount: number, fps: number, skeleton: Skeleton): MotionClip {
  const J = skeleton.joints.length
  const P = (f: number, i: number): Vec3 => {
    const o = (f * 22 + i) * 3
    return [positions[o]!, positions[o + 1]!, positions[o + 2]!]
  }
  let src = 0
  for (let f = 0; f < frameCount; f++) src += distance(P(f, 1), P(f, 4)) + distance(P(f, 4), P(f, 7))
  const scale = src > 0 ? legLength(skeleton) / (src / frameCount) : 1
  const index = new Map(skeleton.joints.map((j, i) => [j.name, i]))
  const rotations = new Float32Array(frameCount * J * 4)
  const root = new Float32Array(frameCount * 3)
  const world: Quat[] = new Array<Quat>(J)
  for (let f = 0; f < frameCount; f++) {
    const pelvis = P(f, 0)
    root.set([pelvis[0] * scale, pelvis[1] * scale, pelvis[2] * scale], f * 3)
    const left = normalize(sub(P(f, 1), P(f, 2)))
    const upRaw = normalize(sub(P(f, 3), pelvis))
    const fwd = normalize(cross(left, upRaw))
    const up = cross(fwd, left)
    skeleton.joints.forEach((joint, j) => {
      if (joint.parent < 0) {
        world[j] = quatFromBasis(left, up, fwd)
      } else {
        const parentWorld = world[joint.parent]!
        let w = parentWorld
        const child = AIM[joint.name]
        const a = SMPL_FOR_JOINT[joint.name]
        const b = child !== undefined ? SMPL_FOR_JOINT[child] : undefined
        if (child !== undefined && a !== undefined && b !== undefined) {
          const offset = skeleton.joints[index.get(child)!]!.offset
          const current = normalize(quatRotate(w, offset))
          const target = normalize(sub(P(f, b), P(f, a)))
          if (Math.hypot(...target) > 0.5) w = quatMultiply(quatFromTo(current, target), w)
        }
        world[j] = w
      }
      const parentWorld: Quat = joint.parent < 0 ? [0, 0, 0, 1] : world[joint.parent]!
      rotations.set(quatMultiply(quatConjugate(parentWorld), world[j]!), (f * J + j) * 4)
    })
  }
  return { skeleton, fps, frameCount, rootTranslation: root, rotations }
}
