// Column-major 4×4 matrices (the glTF layout) in Float64Array: composition of node transforms, camera view and
// projection. Only what the renderer needs.
export type Mat4 = Float64Array
export type Vec3 = [number, number, number]

export function identity (): Mat4 {
  const m = new Float64Array(16)
  m[0] = m[5] = m[10] = m[15] = 1
  return m
}

/** out = a × b; `out` may alias neither input. */
export function multiply (a: ArrayLike<number>, b: ArrayLike<number>, out: Mat4 = new Float64Array(16)): Mat4 {
  for (let c = 0; c < 4; c++) {
    const b0 = b[c * 4]!; const b1 = b[c * 4 + 1]!; const b2 = b[c * 4 + 2]!; const b3 = b[c * 4 + 3]!
    out[c * 4] = a[0]! * b0 + a[4]! * b1 + a[8]! * b2 + a[12]! * b3
    out[c * 4 + 1] = a[1]! * b0 + a[5]! * b1 + a[9]! * b2 + a[13]! * b3
    out[c * 4 + 2] = a[2]! * b0 + a[6]! * b1 + a[10]! * b2 + a[14]! * b3
    out[c * 4 + 3] = a[3]! * b0 + a[7]! * b1 + a[11]! * b2 + a[15]! * b3
  }
  return out
}

/** Translation · rotation (unit quaternion x,y,z,w) · scale. */
export function fromTrs (t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>, out: Mat4 = new Float64Array(16)): Mat4 {
  const x = q[0]!; const y = q[1]!; const z = q[2]!; const w = q[3]!
  const x2 = x + x; const y2 = y + y; const z2 = z + z
  const xx = x * x2; const xy = x * y2; const xz = x * z2
  const yy = y * y2; const yz = y * z2; const zz = z * z2
  const wx = w * x2; const wy = w * y2; const wz = w * z2
  const sx = s[0]!; const sy = s[1]!; const sz = s[2]!
  out[0] = (1 - (yy + zz)) * sx; out[1] = (xy + wz) * sx; out[2] = (xz - wy) * sx; out[3] = 0
  out[4] = (xy - wz) * sy; out[5] = (1 - (xx + zz)) * sy; out[6] = (yz + wx) * sy; out[7] = 0
  out[8] = (xz + wy) * sz; out[9] = (yz - wx) * sz; out[10] = (1 - (xx + yy)) * sz; out[11] = 0
  out[12] = t[0]!; out[13] = t[1]!; out[14] = t[2]!; out[15] = 1
  return out
}

export function transformPoint (m: ArrayLike<number>, x: number, y: number, z: number): Vec3 {
  return [
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
  ]
}

/** View matrix of a camera at `eye` looking at `target`, Y up. */
export function lookAt (eye: Vec3, target: Vec3): Mat4 {
  let fx = eye[0] - target[0]; let fy = eye[1] - target[1]; let fz = eye[2] - target[2]
  const fl = Math.hypot(fx, fy, fz) || 1
  fx /= fl; fy /= fl; fz /= fl
  // right = up × forward
  let rx = fz; const ry = 0; let rz = -fx
  const rl = Math.hypot(rx, rz) || 1
  rx /= rl; rz /= rl
  const ux = fy * rz - fz * ry; const uy = fz * rx - fx * rz; const uz = fx * ry - fy * rx
  const m = new Float64Array(16)
  m[0] = rx; m[4] = ry; m[8] = rz; m[12] = -(rx * eye[0] + ry * eye[1] + rz * eye[2])
  m[1] = ux; m[5] = uy; m[9] = uz; m[13] = -(ux * eye[0] + uy * eye[1] + uz * eye[2])
  m[2] = fx; m[6] = fy; m[10] = fz; m[14] = -(fx * eye[0] + fy * eye[1] + fz * eye[2])
  m[15] = 1
  return m
}

/** OpenGL-style perspective projection (clip z in −w..w). */
export function perspective (fovYRadians: number, aspect: number, near: number, far: number): Mat4 {
  const f = 1 / Math.tan(fovYRadians / 2)
  const m = new Float64Array(16)
  m[0] = f / aspect
  m[5] = f
  m[10] = (far + near) / (near - far)
  m[11] = -1
  m[14] = (2 * far * near) / (near - far)
  return m
}

export function normalize (v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1
  return [v[0] / l, v[1] / l, v[2] / l]
}
