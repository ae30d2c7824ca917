// Anatomical pose channels (degrees) and their conversion to local joint quaternions on the humanoid skeleton.
// Sign conventions: flexion is forward, abduction is away from the midline, positive yaw/twist turns to the
// character's left, positive side bend leans to the character's left.
import type { Quat, Skeleton, Vec3 } from '../clip.js'
import { quatFromAxisAngleRad, quatFromTo, quatMultiply, quatRotate } from '../math/quat.js'
import { jointIndex } from '../skeleton.js'

export const CHANNELS = [
  'pelvisPitch', 'pelvisRoll', 'pelvisYaw',
  'spineFlex', 'spineSide', 'spineTwist', 'neckFlex', 'neckSide', 'neckTwist', 'headFlex', 'headSide', 'headTwist',
  'lClavRaise', 'lClavFwd', 'lArmFlex', 'lArmAbduct', 'lArmTwist', 'lElbow', 'lWrist',
  'rClavRaise', 'rClavFwd', 'rArmFlex', 'rArmAbduct', 'rArmTwist', 'rElbow', 'rWrist',
  'lHipFlex', 'lHipAbduct', 'lHipTwist', 'lKnee', 'lAnkle', 'lToe',
  'rHipFlex', 'rHipAbduct', 'rHipTwist', 'rKnee', 'rAnkle', 'rToe'
] as const

export type Channel = typeof CHANNELS[number]
export type PoseSpec = Record<Channel, number>
export type PartialPose = Partial<PoseSpec>

/** Relaxed standing: arms hanging with a slight bend, knees nearly straight. */
export const NEUTRAL: Readonly<PoseSpec> = Object.freeze({
  ...Object.fromEntries(CHANNELS.map(c => [c, 0])) as PoseSpec,
  lArmAbduct: 9,
  rArmAbduct: 9,
  lArmFlex: 4,
  rArmFlex: 4,
  lElbow: 12,
  rElbow: 12,
  lArmTwist: -10,
  rArmTwist: -10,
  lKnee: 3,
  rKnee: 3,
  neckFlex: -3,
  headFlex: 3
})

export function pose (overrides: PartialPose = {}, base: Readonly<PoseSpec> = NEUTRAL): PoseSpec {
  return { ...base, ...overrides }
}

const D = Math.PI / 180
const X: Vec3 = [1, 0, 0]
const Y: Vec3 = [0, 1, 0]
const Z: Vec3 = [0, 0, 1]

function rot (axis: Vec3, deg: number): Quat {
  return quatFromAxisAngleRad(axis, deg * D)
}

function chain (...qs: Quat[]): Quat {
  return qs.reduce((a, b) => quatMultiply(a, b))
}

/** Local rotation of an upper arm (side 1 = left, -1 = right) from flexion, abduction and twist in degrees. */
export function armQuat (side: 1 | -1, flex: number, abduct: number, twist: number): Quat {
  const down: Vec3 = [0, -1, 0]
  const dir = quatRotate(rot(X, -flex), quatRotate(rot(Z, side * abduct), down))
  return quatMultiply(quatFromTo([side, 0, 0], dir), rot(X, twist))
}

export interface PoseIndices {
  hips: number
  spine: [number, number, number]
  neck: number
  head: number
  clav: [number, number]
  arm: [number, number]
  fore: [number, number]
  hand: [number, number]
  upLeg: [number, number]
  leg: [number, number]
  foot: [number, number]
  toe: [number, number]
}

/** Joint indices used by pose conversion; [left, right] pairs. */
export function poseIndices (s: Skeleton): PoseIndices {
  const j = (n: string) => jointIndex(s, n)
  const lr = (n: string): [number, number] => [j('Left' + n), j('Right' + n)]
  return {
    hips: j('Hips'),
    spine: [j('Spine'), j('Spine1'), j('Spine2')],
    neck: j('Neck'),
    head: j('Head'),
    clav: lr('Shoulder'),
    arm: lr('Arm'),
    fore: lr('ForeArm'),
    hand: lr('Hand'),
    upLeg: lr('UpLeg'),
    leg: lr('Leg'),
    foot: lr('Foot'),
    toe: lr('ToeBase')
  }
}

function put (out: Float32Array, base: number, joint: number, q: Quat): void {
  const o = base + joint * 4
  out[o] = q[0]; out[o + 1] = q[1]; out[o + 2] = q[2]; out[o + 3] = q[3]
}

/** Writes local rotations for `p` into `out` at `base` (the frame's offset); heading yaw (radians) goes on the hips. */
export function writePose (p: PoseSpec, heading: number, ix: PoseIndices, out: Float32Array, base: number): void {
  put(out, base, ix.hips, chain(quatFromAxisAngleRad(Y, heading), rot(Y, p.pelvisYaw), rot(X, p.pelvisPitch), rot(Z, -p.pelvisRoll)))
  const share = [0.3, 0.35, 0.35]
  ix.spine.forEach((joint, k) => {
    const w = share[k]!
    put(out, base, joint, chain(rot(Y, p.spineTwist * w), rot(X, p.spineFlex * w), rot(Z, -p.spineSide * w)))
  })
  put(out, base, ix.neck, chain(rot(Y, p.neckTwist), rot(X, p.neckFlex), rot(Z, -p.neckSide)))
  put(out, base, ix.head, chain(rot(Y, p.headTwist), rot(X, p.headFlex), rot(Z, -p.headSide)))
  const sides: [0 | 1, 1 | -1, 'l' | 'r'][] = [[0, 1, 'l'], [1, -1, 'r']]
  for (const [k, s, c] of sides) {
    put(out, base, ix.clav[k], chain(rot(Y, -s * p[`${c}ClavFwd`]), rot(Z, s * p[`${c}ClavRaise`])))
    put(out, base, ix.arm[k], armQuat(s, p[`${c}ArmFlex`], p[`${c}ArmAbduct`], p[`${c}ArmTwist`]))
    put(out, base, ix.fore[k], rot(Y, -s * p[`${c}Elbow`]))
    put(out, base, ix.hand[k], rot(Z, -s * p[`${c}Wrist`]))
    put(out, base, ix.upLeg[k], chain(rot(X, -p[`${c}HipFlex`]), rot(Z, s * p[`${c}HipAbduct`]), rot(Y, s * p[`${c}HipTwist`])))
    put(out, base, ix.leg[k], rot(X, p[`${c}Knee`]))
    put(out, base, ix.foot[k], rot(X, p[`${c}Ankle`]))
    put(out, base, ix.toe[k], rot(X, -p[`${c}Toe`]))
  }
}

/** Linear blend of two poses' channels (used for keyframes; quaternion blending happens later). */
export function mixPose (a: Readonly<PoseSpec>, b: Readonly<PoseSpec>, t: number): PoseSpec {
  const out = { ...a }
  for (const c of CHANNELS) out[c] = a[c] + (b[c] - a[c]) * t
  return out
}

export function addPose (a: Readonly<PoseSpec>, delta: PartialPose, weight = 1): PoseSpec {
  const out = { ...a }
  for (const [c, v] of Object.entries(delta) as [Channel, number][]) out[c] += v * weight
  return out
}
