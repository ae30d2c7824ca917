// Column-major 4×4 matrices (the glTF and FBX layout) in Float64Array: node transforms, skin bind matrices,
// character import and rendering all compose them the same way, so there is one implementation.
export type Mat4 = Float64Array

export function mat4Identity (): Mat4 {
  const m = new Float64Array(16)
  m[0] = m[5] = m[10] = m[15] = 1
  return m
}

/** out = a × b; `out` may alias neither input. */
export function mat4Multiply (a: ArrayLike<number>, b: ArrayLike<number>, out: Mat4 = new Float64Array(16)): Mat4 {
  for (let c = 0; c < 4; c++) {
    const b0 = b[c * 4]!; const b1 = b[c * 4 + 1]!; const b2 = b[c * 4 + 2]!; const b3 = b[c * 4 + 3]!
    out[c * 4] = a[0]! * b0 + a[4]! * b1 + a[8]! * b2 + a[12]! * b3
    out[c * 4 + 1] = a[1]! * b0 + a[5]! * b1 + a[9]! * b2 + a[13]! * b3
    out[c * 4 + 2] = a[2]! * b0 + a[6]! * b1 + a[10]! * b2 + a[14]! * b3
    out[c * 4 + 3] = a[3]! * b0 + a[7]! * b1 + a[11]! * b2 + a[15]! * b3
  }
  return out
}

/** Translation · rotation (unit quaternion x, y, z, w) · scale. */
export function mat4FromTrs (t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>, out: Mat4 = new Float64Array(16)): Mat4 {
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

/** General inverse by cofactors; throws on a singular matrix. */
export function mat4Invert (m: ArrayLike<number>): Mat4 {
  const [a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23, a30, a31, a32, a33] = Array.from(m, Number) as [
    number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number
  ]
  const b00 = a00 * a11 - a01 * a10; const b01 = a00 * a12 - a02 * a10; const b02 = a00 * a13 - a03 * a10
  const b03 = a01 * a12 - a02 * a11; const b04 = a01 * a13 - a03 * a11; const b05 = a02 * a13 - a03 * a12
  const b06 = a20 * a31 - a21 * a30; const b07 = a20 * a32 - a22 * a30; const b08 = a20 * a33 - a23 * a30
  const b09 = a21 * a32 - a22 * a31; const b10 = a21 * a33 - a23 * a31; const b11 = a22 * a33 - a23 * a32
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06
  if (Math.abs(det) < 1e-12) throw new RangeError('singular matrix')
  const d = 1 / det
  return Float64Array.from([
    a11 * b11 - a12 * b10 + a13 * b09, a02 * b10 - a01 * b11 - a03 * b09, a31 * b05 - a32 * b04 + a33 * b03, a22 * b04 - a21 * b05 - a23 * b03,
    a12 * b08 - a10 * b11 - a13 * b07, a00 * b11 - a02 * b08 + a03 * b07, a32 * b02 - a30 * b05 - a33 * b01, a20 * b05 - a22 * b02 + a23 * b01,
    a10 * b10 - a11 * b08 + a13 * b06, a01 * b08 - a00 * b10 - a03 * b06, a30 * b04 - a31 * b02 + a33 * b00, a21 * b02 - a20 * b04 - a23 * b00,
    a11 * b07 - a10 * b09 - a12 * b06, a00 * b09 - a01 * b07 + a02 * b06, a31 * b01 - a30 * b03 - a32 * b00, a20 * b03 - a21 * b01 + a22 * b00
  ], (value) => value * d)
}

export function mat4TransformPoint (m: ArrayLike<number>, x: number, y: number, z: number): [number, number, number] {
  return [
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
  ]
}
