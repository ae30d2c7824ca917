// Euler conversions the writers share (degrees, as BVH and FBX store them). Quaternion algebra is the engine's
// (math/quat.ts), one module with the units in its names. Quaternions are [x, y, z, w] like the clip contract.
import { quatFromAxisAngleDeg, quatMultiply, type Quat, type Vec3 } from '@openmotion/motion-engine'

const RAD = 180 / Math.PI

/** Row-major 3×3 rotation matrix of a unit quaternion. */
function quatToMatrix (q: Quat): number[] {
  const [x, y, z, w] = q
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)
  ]
}

/**
 * Euler angles in degrees [x, y, z] such that R = Rz(z) · Rx(x) · Ry(y): the BVH channel order
 * "Zrotation Xrotation Yrotation", where each channel rotates about the axes already turned by those before it.
 */
export function quatToEulerZXY (q: Quat): Vec3 {
  const m = quatToMatrix(q)
  const sx = Math.max(-1, Math.min(1, m[7]!))
  const x = Math.asin(sx)
  if (Math.abs(sx) < 0.999999) {
    return [x * RAD, Math.atan2(-m[6]!, m[8]!) * RAD, Math.atan2(-m[1]!, m[4]!) * RAD]
  }
  // Gimbal lock: y and z turn about the same axis, so y takes nothing and z takes the whole turn.
  return [x * RAD, 0, Math.atan2(m[3]!, m[0]!) * RAD]
}

/**
 * Euler angles in degrees [x, y, z] for FBX's default rotation order eEulerXYZ, which applies X first, then Y,
 * then Z about fixed axes: R = Rz(z) · Ry(y) · Rx(x).
 */
export function quatToEulerXYZ (q: Quat): Vec3 {
  const m = quatToMatrix(q)
  const sy = Math.max(-1, Math.min(1, -m[6]!))
  const y = Math.asin(sy)
  if (Math.abs(sy) < 0.999999) {
    return [Math.atan2(m[7]!, m[8]!) * RAD, y * RAD, Math.atan2(m[3]!, m[0]!) * RAD]
  }
  return [Math.atan2(-m[5]!, m[4]!) * RAD, y * RAD, 0]
}

/** Rebuilds the quaternion for angles read back in the order the given axes were applied (first listed = outermost). */
export function quatFromEulerOrder (order: string, degrees: Record<string, number>): Quat {
  let q: Quat = [0, 0, 0, 1]
  for (const axis of order) {
    const v: Vec3 = axis === 'X' ? [1, 0, 0] : axis === 'Y' ? [0, 1, 0] : [0, 0, 1]
    q = quatMultiply(q, quatFromAxisAngleDeg(v, degrees[axis] ?? 0))
  }
  return q
}

/**
 * Makes consecutive keys take the shorter way round. Euler tracks interpolate per channel, so a jump from 179° to
 * -179° would spin the bone the long way between two frames.
 */
export function unwrapDegrees (previous: number, next: number): number {
  let v = next
  while (v - previous > 180) v -= 360
  while (v - previous < -180) v += 360
  return v
}
