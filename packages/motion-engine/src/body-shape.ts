// Body proportions of the stock mannequin: one tube per bone, radii in metres at the reference height (they scale
// with the skeleton through motion-formats' `createMannequinMesh`). Profiles are [t, radius] pairs along the bone,
// t = 0 at the bone's joint and 1 at its child; values outside 0..1 let a tube overlap its neighbours so bends leave
// no gaps. The engine grounds poses by these same tubes (body-extent.ts), so the mesh it ships rests on the floor.
import type { Vec3 } from './clip.js'

export type BodyPart = 'torso' | 'head' | 'arm' | 'hand' | 'leg' | 'foot'

export interface SegmentSpec {
  from: string
  to: string
  /** Which thickness factor of a stock character's build applies. */
  part: BodyPart
  /** Cross-section scale across the bone (the axis perpendicular to the bone and to the facing direction for limbs). */
  width: number
  /** Cross-section scale along the remaining axis. */
  depth: number
  profile: Array<[number, number]>
  blendParent?: boolean
  blendChild?: boolean
}

function headProfile (): Array<[number, number]> {
  const out: Array<[number, number]> = []
  const centre = 0.375
  const half = 0.64
  for (let i = 0; i <= 6; i++) {
    const theta = Math.PI * (0.92 - (0.84 * i) / 6)
    out.push([centre + half * Math.cos(theta), 0.095 * Math.sin(theta)])
  }
  return out
}

const LEFT: SegmentSpec[] = [
  { part: 'arm', from: 'LeftShoulder', to: 'LeftArm', width: 1, depth: 1.1, profile: [[0, 0.045], [1, 0.056]] },
  { part: 'arm', from: 'LeftArm', to: 'LeftForeArm', width: 1, depth: 1, profile: [[-0.06, 0.054], [0.5, 0.048], [1, 0.042]] },
  { part: 'arm', from: 'LeftForeArm', to: 'LeftHand', width: 1, depth: 1, profile: [[0, 0.042], [0.6, 0.038], [1, 0.03]] },
  { part: 'hand', from: 'LeftHand', to: 'LeftHandMiddle1', width: 0.45, depth: 1.2, profile: [[0, 0.032], [1, 0.04]] },
  { part: 'hand', from: 'LeftHandMiddle1', to: 'LeftHandMiddle4', width: 0.35, depth: 1.1, profile: [[0, 0.038], [1, 0.026]] },
  { part: 'leg', from: 'LeftUpLeg', to: 'LeftLeg', width: 1, depth: 1, profile: [[-0.1, 0.085], [0.5, 0.07], [1, 0.052]] },
  { part: 'leg', from: 'LeftLeg', to: 'LeftFoot', width: 1, depth: 1, profile: [[0, 0.052], [0.4, 0.055], [1, 0.038]] },
  { part: 'foot', from: 'LeftFoot', to: 'LeftToeBase', width: 1.1, depth: 0.5, profile: [[-0.3, 0.035], [0, 0.045], [1, 0.036]] },
  { part: 'foot', from: 'LeftToeBase', to: 'LeftToe_End', width: 1.1, depth: 0.45, profile: [[0, 0.036], [1, 0.026]] }
]

const RIGHT: SegmentSpec[] = LEFT.map(s => ({ ...s, from: s.from.replace(/^Left/, 'Right'), to: s.to.replace(/^Left/, 'Right') }))

export const HUMANOID_SEGMENTS: SegmentSpec[] = [
  { part: 'torso', from: 'Hips', to: 'Spine', width: 1.2, depth: 0.75, profile: [[-0.9, 0.1], [-0.5, 0.14], [0.3, 0.14], [1, 0.13]] },
  { part: 'torso', from: 'Spine', to: 'Spine1', width: 1.15, depth: 0.75, profile: [[0, 0.13], [1, 0.135]] },
  { part: 'torso', from: 'Spine1', to: 'Spine2', width: 1.15, depth: 0.75, profile: [[0, 0.135], [1, 0.15]] },
  { part: 'torso', from: 'Spine2', to: 'Neck', width: 1.15, depth: 0.72, profile: [[0, 0.15], [0.55, 0.16], [0.85, 0.12], [1, 0.05]] },
  { part: 'torso', from: 'Neck', to: 'Head', width: 1, depth: 1, profile: [[0, 0.05], [1, 0.048]] },
  { part: 'head', from: 'Head', to: 'HeadTop_End', width: 0.85, depth: 1.1, profile: headProfile() },
  ...LEFT,
  ...RIGHT
]

/** Sides of each tube's cross-section ring. */
export const TUBE_SIDES = 8

const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const unit = (a: Vec3): Vec3 => { const l = Math.hypot(...a) || 1; return [a[0] / l, a[1] / l, a[2] / l] }

/** The cross-section axes of a tube along unit direction `d`: `u` carries the width, `v` the depth. */
export function tubeAxes (d: Vec3): { u: Vec3, v: Vec3 } {
  const ref: Vec3 = Math.abs(d[2]) < 0.9 ? [0, 0, 1] : [0, 1, 0]
  const u = unit(cross(d, ref))
  return { u, v: cross(d, u) }
}
