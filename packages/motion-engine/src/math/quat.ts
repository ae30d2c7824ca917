// Quaternion helpers on plain tuples ([x, y, z, w], unit length), matching the clip contract's layout.
import type { Quat, Vec3 } from '../clip.js'

export const IDENTITY: Quat = [0, 0, 0, 1]

export function quatMultiply (a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a
  const [bx, by, bz, bw] = b
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz
  ]
}

export function quatConjugate (q: Quat): Quat {
  return [-q[0], -q[1], -q[2], q[3]]
}

export function quatNormalize (q: Quat): Quat {
  const len = Math.hypot(q[0], q[1], q[2], q[3])
  if (len < 1e-12) return [0, 0, 0, 1]
  return [q[0] / len, q[1] / len, q[2] / len, q[3] / len]
}

export function quatFromAxisAngleRad (axis: Vec3, angle: number): Quat {
  const len = Math.hypot(axis[0], axis[1], axis[2])
  if (len < 1e-12) return [0, 0, 0, 1]
  const s = Math.sin(angle / 2) / len
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)]
}

/** The same with the angle in degrees (Euler angles in BVH and FBX files are in degrees). */
export function quatFromAxisAngleDeg (axis: Vec3, degrees: number): Quat {
  return quatFromAxisAngleRad(axis, degrees * Math.PI / 180)
}

export function quatRotate (q: Quat, v: Vec3): Vec3 {
  const [qx, qy, qz, qw] = q
  const [vx, vy, vz] = v
  const tx = 2 * (qy * vz - qz * vy)
  const ty = 2 * (qz * vx - qx * vz)
  const tz = 2 * (qx * vy - qy * vx)
  return [
    vx + qw * tx + (qy * tz - qz * ty),
    vy + qw * ty + (qz * tx - qx * tz),
    vz + qw * tz + (qx * ty - qy * tx)
  ]
}

export function quatDot (a: Quat, b: Quat): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
}

/** Shortest-path spherical interpolation. */
export function quatSlerp (a: Quat, b: Quat, t: number): Quat {
  let d = quatDot(a, b)
  let bb: Quat = b
  if (d < 0) {
    d = -d
    bb = [-b[0], -b[1], -b[2], -b[3]]
  }
  if (d > 0.9995) {
    return quatNormalize([
      a[0] + (bb[0] - a[0]) * t,
      a[1] + (bb[1] - a[1]) * t,
      a[2] + (bb[2] - a[2]) * t,
      a[3] + (bb[3] - a[3]) * t
    ])
  }
  const theta = Math.acos(d)
  const s = Math.sin(theta)
  const wa = Math.sin((1 - t) * theta) / s
  const wb = Math.sin(t * theta) / s
  return [a[0] * wa + bb[0] * wb, a[1] * wa + bb[1] * wb, a[2] * wa + bb[2] * wb, a[3] * wa + bb[3] * wb]
}

/** Rotation taking unit direction `from` onto unit direction `to` (shortest arc). */
export function quatFromTo (from: Vec3, to: Vec3): Quat {
  const d = from[0] * to[0] + from[1] * to[1] + from[2] * to[2]
  if (d < -0.999999) {
    // Opposite vectors: rotate half a turn about any axis perpendicular to `from`.
    const axis: Vec3 = Math.abs(from[0]) < 0.9 ? [0, -from[2], from[1]] : [from[2], 0, -from[0]]
    return quatFromAxisAngleRad(axis, Math.PI)
  }
  const c: Vec3 = [from[1] * to[2] - from[2] * to[1], from[2] * to[0] - from[0] * to[2], from[0] * to[1] - from[1] * to[0]]
  return quatNormalize([c[0], c[1], c[2], 1 + d])
}

/** Rotation angle of a unit quaternion, radians in [0, π]. */
export function quatAngle (q: Quat): number {
  return 2 * Math.acos(Math.min(1, Math.abs(q[3])))
}

/** Quaternion of a rotation matrix given by its columns (orthonormal basis vectors). */
export function quatFromBasis (x: Vec3, y: Vec3, z: Vec3): Quat {
  const m00 = x[0]; const m10 = x[1]; const m20 = x[2]
  const m01 = y[0]; const m11 = y[1]; const m21 = y[2]
  const m02 = z[0]; const m12 = z[1]; const m22 = z[2]
  const trace = m00 + m11 + m22
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1)
    return quatNormalize([(m21 - m12) * s, (m02 - m20) * s, (m10 - m01) * s, 0.25 / s])
  }
  if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22)
    return quatNormalize([0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s])
  }
  if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22)
    return quatNormalize([(m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s])
  }
  const s = 2 * Math.sqrt(1 + m22 - m00 - m11)
  return quatNormalize([(m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s])
}
