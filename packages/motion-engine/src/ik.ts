// Analytic two-bone IK (hip-knee-ankle, shoulder-elbow-wrist) working directly on a frame's local rotations.
import type { Quat, Skeleton, Vec3 } from './clip.js'
import { fkPose } from './fk.js'
import { quatConjugate, quatFromTo, quatMultiply, quatNormalize, quatRotate } from './math/quat.js'
import { add, distance, dot, normalize, scale, sub } from './math/vec3.js'

export interface TwoBoneChain { upper: number, mid: number, end: number }

function readQuat (a: ArrayLike<number>, o: number): Quat {
  return [a[o]!, a[o + 1]!, a[o + 2]!, a[o + 3]!]
}

function writeQuat (a: Float32Array, o: number, q: Quat): void {
  const n = quatNormalize(q)
  a[o] = n[0]; a[o + 1] = n[1]; a[o + 2] = n[2]; a[o + 3] = n[3]
}

/**
 * Moves the chain's end joint to `target` (world) by rotating the upper and middle joints; the bend plane follows
 * `pole` (a world direction the middle joint should point to, e.g. forward for knees). When `endWorld` is given the
 * end joint keeps that world orientation (a planted foot stays flat). Returns the distance left to the target.
 */
export function solveTwoBone (
  skeleton: Skeleton, root: Vec3, local: Float32Array, base: number, chain: TwoBoneChain,
  target: Vec3, pole: Vec3, endWorld?: Quat
): number {
  const { positions: p, rotations: r } = fkPose(skeleton, root, local, base)
  const a = p[chain.upper]!
  const b = p[chain.mid]!
  const c = p[chain.end]!
  const l1 = distance(a, b)
  const l2 = distance(b, c)
  const toTarget = sub(target, a)
  const reach = Math.min(Math.max(Math.hypot(...toTarget), Math.abs(l1 - l2) + 1e-4), (l1 + l2) * 0.9999)
  const dir = normalize(toTarget)
  // Keep the current bend plane when it is well defined; the pole hint decides otherwise and biases it always.
  const dirCur = normalize(sub(c, a))
  const currentBend = sub(b, add(a, scale(dirCur, dot(sub(b, a), dirCur))))
  const bendWeight = Math.min(1, Math.hypot(...currentBend) / (0.05 * l1))
  let side = add(scale(normalize(currentBend), bendWeight), normalize(pole))
  side = sub(side, scale(dir, dot(side, dir)))
  if (Math.hypot(...side) < 1e-6) side = sub(pole, scale(dir, dot(pole, dir)))
  side = normalize(side)
  const cosA = (l1 * l1 + reach * reach - l2 * l2) / (2 * l1 * reach)
  const angA = Math.acos(Math.max(-1, Math.min(1, cosA)))
  const knee = add(a, add(scale(dir, Math.cos(angA) * l1), scale(side, Math.sin(angA) * l1)))
  const end = add(a, scale(dir, reach))

  const d1 = quatFromTo(normalize(sub(b, a)), normalize(sub(knee, a)))
  const upperWorld = quatMultiply(d1, r[chain.upper]!)
  const midPosAfter = knee
  const endAfter = add(midPosAfter, quatRotate(d1, sub(c, b)))
  const d2 = quatFromTo(normalize(sub(endAfter, midPosAfter)), normalize(sub(end, midPosAfter)))
  const midWorld = quatMultiply(d2, quatMultiply(d1, r[chain.mid]!))

  const upperParent = skeleton.joints[chain.upper]!.parent
  const parentWorld = upperParent < 0 ? ([0, 0, 0, 1] as Quat) : r[upperParent]!
  const J = base
  writeQuat(local, J + chain.upper * 4, quatMultiply(quatConjugate(parentWorld), upperWorld))
  writeQuat(local, J + chain.mid * 4, quatMultiply(quatConjugate(upperWorld), midWorld))
  const keep = endWorld ?? r[chain.end]!
  writeQuat(local, J + chain.end * 4, quatMultiply(quatConjugate(midWorld), keep))
  return distance(end, target)
}

/** World forward (+Z of the hips) projected on the ground, for knee pole hints. */
export function hipsForward (skeleton: Skeleton, local: ArrayLike<number>, base: number): Vec3 {
  const q = readQuat(local, base)
  const f = quatRotate(q, [0, 0, 1])
  const g = normalize([f[0], 0, f[2]])
  return Math.hypot(...g) < 1e-6 ? [0, 0, 1] : g
}
