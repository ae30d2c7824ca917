// Camera matrices (view, projection) for the renderer; composition of node transforms is the engine's mat4 module,
// re-exported here under the renderer's short names.
import type { Mat4 } from '@openmotion/motion-engine'

export {
  mat4FromTrs as fromTrs,
  mat4Identity as identity,
  mat4Multiply as multiply,
  mat4TransformPoint as transformPoint,
  type Mat4
} from '@openmotion/motion-engine'
export type Vec3 = [number, number, number]

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
