// Anatomical joint limits: local rotation ranges in degrees as intrinsic Euler angles (the pose-channel convention:
// X flexes forward, Y turns left, Z rolls). Used to clamp synthesized and received rotations. The joint's main
// hinge axis is decomposed first ('xyz' for knees, hips and spine, 'yxz' for elbows) because the middle angle of
// an Euler decomposition only spans ±90°, and knees and elbows bend further than that.
import type { Quat, Skeleton } from './clip.js'
import { quatFromAxisAngleRad, quatMultiply } from './math/quat.js'

export interface JointLimit { x: [number, number], y: [number, number], z: [number, number], order?: 'xyz' | 'yxz' }

function toEuler (q: Quat, order: 'xyz' | 'yxz'): [number, number, number] {
  const [x, y, z, w] = q
  const m00 = 1 - 2 * (y * y + z * z)
  const m01 = 2 * (x * y - w * z)
  const m02 = 2 * (x * z + w * y)
  const m10 = 2 * (x * y + w * z)
  const m11 = 1 - 2 * (x * x + z * z)
  const m12 = 2 * (y * z - w * x)
  const m22 = 1 - 2 * (x * x + y * y)
  if (order === 'xyz') {
    const ey = Math.asin(Math.max(-1, Math.min(1, m02)))
    return [Math.atan2(-m12, m22), ey, Math.atan2(-m01, m00)]
  }
  const ex = Math.asin(Math.max(-1, Math.min(1, -m12)))
  return [ex, Math.atan2(m02, m22), Math.atan2(m10, m11)]
}

function fromEuler (ex: number, ey: number, ez: number, order: 'xyz' | 'yxz'): Quat {
  const qx = quatFromAxisAngleRad([1, 0, 0], ex)
  const qy = quatFromAxisAngleRad([0, 1, 0], ey)
  const qz = quatFromAxisAngleRad([0, 0, 1], ez)
  return order === 'xyz' ? quatMultiply(quatMultiply(qx, qy), qz) : quatMultiply(quatMultiply(qy, qx), qz)
}

const SPINE: JointLimit = { x: [-25, 45], y: [-30, 30], z: [-25, 25] }
const NECK: JointLimit = { x: [-45, 50], y: [-60, 60], z: [-35, 35] }

/** Limits for the left side; the right side mirrors them (y and z ranges negated). */
const LEFT: Record<string, JointLimit> = {
  LeftShoulder: { x: [-20, 20], y: [-30, 30], z: [-20, 40] },
  LeftForeArm: { x: [-30, 30], y: [-155, 5], z: [-15, 15], order: 'yxz' },
  LeftHand: { x: [-80, 80], y: [-45, 45], z: [-80, 80] },
  LeftUpLeg: { x: [-130, 35], y: [-50, 50], z: [-35, 60] },
  LeftLeg: { x: [-2, 155], y: [-20, 20], z: [-20, 20] },
  LeftFoot: { x: [-40, 55], y: [-30, 30], z: [-30, 30] },
  LeftToeBase: { x: [-65, 25], y: [-10, 10], z: [-10, 10] }
}

export const JOINT_LIMITS: Readonly<Record<string, JointLimit>> = Object.freeze({
  Spine: SPINE,
  Spine1: SPINE,
  Spine2: SPINE,
  Neck: NECK,
  Head: NECK,
  ...LEFT,
  ...Object.fromEntries(Object.entries(LEFT).map(([name, l]) => [
    name.replace(/^Left/, 'Right'),
    { ...l, y: [-l.y[1], -l.y[0]], z: [-l.z[1], -l.z[0]] } as JointLimit
  ]))
})

const D = Math.PI / 180

function clamp (v: number, [lo, hi]: [number, number]): number {
  return Math.min(hi * D, Math.max(lo * D, v))
}

/** Per-joint limits in skeleton order (undefined = unconstrained: hips, ball-jointed upper arms, end sites). */
export function limitsFor (skeleton: Skeleton): (JointLimit | undefined)[] {
  return skeleton.joints.map(j => JOINT_LIMITS[j.name])
}

/** Clamps one frame's local rotations in place; returns how many joints were outside their range. */
export function clampFrame (limits: (JointLimit | undefined)[], local: Float32Array, base: number): number {
  let clamped = 0
  for (let j = 0; j < limits.length; j++) {
    const l = limits[j]
    if (l === undefined) continue
    const o = base + j * 4
    const order = l.order ?? 'xyz'
    const [x, y, z] = toEuler([local[o]!, local[o + 1]!, local[o + 2]!, local[o + 3]!], order)
    const cx = clamp(x, l.x)
    const cy = clamp(y, l.y)
    const cz = clamp(z, l.z)
    if (Math.abs(cx - x) + Math.abs(cy - y) + Math.abs(cz - z) < 1e-6) continue
    clamped++
    const q = fromEuler(cx, cy, cz, order)
    local[o] = q[0]; local[o + 1] = q[1]; local[o + 2] = q[2]; local[o + 3] = q[3]
  }
  return clamped
}
