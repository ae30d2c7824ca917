// An FBX Model's local transform as the FBX SDK defines it (Maya and 3ds Max write all of it):
//   T · Roff · Rp · Rpre · R · Rpost⁻¹ · Rp⁻¹ · Soff · Sp · S · Sp⁻¹
// with R = Lcl Rotation in the model's RotationOrder (pre- and post-rotations are always XYZ), and the geometric
// transform Tg · Rg · Sg that applies to the model's own geometry only (children do not inherit it).
import { mat4FromTrs, mat4Invert, mat4Multiply, type Mat4 } from '@openmotion/motion-engine'

type Vec3 = [number, number, number]
const DEG = Math.PI / 180
/** FBX EOrder: XYZ, XZY, YZX, YXZ, ZXY, ZYX (the first letter is applied first); 6 = spheric XYZ. */
type Axis = 'x' | 'y' | 'z'
const ORDERS: ReadonlyArray<readonly [Axis, Axis, Axis]> = [
  ['x', 'y', 'z'],
  ['x', 'z', 'y'],
  ['y', 'z', 'x'],
  ['y', 'x', 'z'],
  ['z', 'x', 'y'],
  ['z', 'y', 'x'],
  ['x', 'y', 'z']
]

const translation = (v: Vec3): Mat4 => mat4FromTrs(v, [0, 0, 0, 1], [1, 1, 1])
const scaling = (v: Vec3): Mat4 => mat4FromTrs([0, 0, 0], [0, 0, 0, 1], v)

function axisRotation (axis: Axis, degrees: number): Mat4 {
  const c = Math.cos(degrees * DEG); const s = Math.sin(degrees * DEG)
  if (axis === 'x') return Float64Array.from([1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
  if (axis === 'y') return Float64Array.from([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
  return Float64Array.from([c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
}

/** Euler angles in degrees as a column-major matrix; `order` 0–6 as FBX numbers them. */
export function eulerMatrix (degrees: Vec3, order = 0): Mat4 {
  const [first, second, third] = ORDERS[order] ?? ORDERS[0]!
  const angle: Record<Axis, number> = { x: degrees[0], y: degrees[1], z: degrees[2] }
  let m = axisRotation(first, angle[first])
  for (const axis of [second, third]) m = mat4Multiply(axisRotation(axis, angle[axis]), m)
  return m
}

const vec = (p: Map<string, number[]>, key: string, fallback: number): Vec3 => {
  const v = p.get(key)
  return [v?.[0] ?? fallback, v?.[1] ?? fallback, v?.[2] ?? fallback]
}

/** The local matrix of a Model from its Properties70 values. */
export function modelLocalMatrix (p: Map<string, number[]>): Mat4 {
  const rp = vec(p, 'RotationPivot', 0)
  const sp = vec(p, 'ScalingPivot', 0)
  const chain = [
    translation(vec(p, 'Lcl Translation', 0)),
    translation(vec(p, 'RotationOffset', 0)),
    translation(rp),
    eulerMatrix(vec(p, 'PreRotation', 0)),
    eulerMatrix(vec(p, 'Lcl Rotation', 0), p.get('RotationOrder')?.[0] ?? 0),
    mat4Invert(eulerMatrix(vec(p, 'PostRotation', 0))),
    translation([-rp[0], -rp[1], -rp[2]]),
    translation(vec(p, 'ScalingOffset', 0)),
    translation(sp),
    scaling(vec(p, 'Lcl Scaling', 1)),
    translation([-sp[0], -sp[1], -sp[2]])
  ]
  return chain.reduce((a, b) => mat4Multiply(a, b))
}

/** The geometric transform of a Model (applies to its geometry, not to its children). */
export function geometricMatrix (p: Map<string, number[]>): Mat4 {
  return mat4Multiply(
    mat4Multiply(translation(vec(p, 'GeometricTranslation', 0)), eulerMatrix(vec(p, 'GeometricRotation', 0))),
    scaling(vec(p, 'GeometricScaling', 1))
  )
}
