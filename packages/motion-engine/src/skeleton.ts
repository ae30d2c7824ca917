// The humanoid joint set (Mixamo bone names without the "mixamorig:" prefix) and its rest pose: a T-pose facing
// +Z, Y up, character's left on +X. Offsets are for a 1.75 m adult and scale linearly with the requested height.
import type { Joint, Skeleton, Vec3 } from './clip.js'

export const JOINT = {
  Hips: 'Hips',
  Spine: 'Spine',
  Spine1: 'Spine1',
  Spine2: 'Spine2',
  Neck: 'Neck',
  Head: 'Head',
  HeadTopEnd: 'HeadTop_End',
  LeftShoulder: 'LeftShoulder',
  LeftArm: 'LeftArm',
  LeftForeArm: 'LeftForeArm',
  LeftHand: 'LeftHand',
  LeftHandMiddle1: 'LeftHandMiddle1',
  LeftHandEnd: 'LeftHandMiddle4',
  RightShoulder: 'RightShoulder',
  RightArm: 'RightArm',
  RightForeArm: 'RightForeArm',
  RightHand: 'RightHand',
  RightHandMiddle1: 'RightHandMiddle1',
  RightHandEnd: 'RightHandMiddle4',
  LeftUpLeg: 'LeftUpLeg',
  LeftLeg: 'LeftLeg',
  LeftFoot: 'LeftFoot',
  LeftToeBase: 'LeftToeBase',
  LeftToeEnd: 'LeftToe_End',
  RightUpLeg: 'RightUpLeg',
  RightLeg: 'RightLeg',
  RightFoot: 'RightFoot',
  RightToeBase: 'RightToeBase',
  RightToeEnd: 'RightToe_End'
} as const

export type JointName = typeof JOINT[keyof typeof JOINT]

/** Reference height the rest offsets below are written for, metres. */
export const REFERENCE_HEIGHT = 1.75

interface JointDef { name: JointName, parent: JointName | null, offset: Vec3 }

// Mirror of a left-side definition onto the right (x negated, names swapped).
function mirror (defs: JointDef[]): JointDef[] {
  const swap = (n: string): JointName => n.replace(/^Left/, 'Right') as JointName
  return defs.map(d => ({
    name: swap(d.name),
    parent: d.parent === null ? null : swap(d.parent),
    offset: [-d.offset[0], d.offset[1], d.offset[2]]
  }))
}

const LEFT_ARM: JointDef[] = [
  { name: 'LeftShoulder', parent: 'Spine2', offset: [0.055, 0.15, -0.01] },
  { name: 'LeftArm', parent: 'LeftShoulder', offset: [0.125, 0, 0] },
  { name: 'LeftForeArm', parent: 'LeftArm', offset: [0.275, 0, 0] },
  { name: 'LeftHand', parent: 'LeftForeArm', offset: [0.245, 0, 0] },
  { name: 'LeftHandMiddle1', parent: 'LeftHand', offset: [0.095, 0, 0] },
  { name: 'LeftHandMiddle4', parent: 'LeftHandMiddle1', offset: [0.085, 0, 0] }
]

const LEFT_LEG: JointDef[] = [
  { name: 'LeftUpLeg', parent: 'Hips', offset: [0.09, -0.04, 0] },
  { name: 'LeftLeg', parent: 'LeftUpLeg', offset: [0, -0.42, 0] },
  { name: 'LeftFoot', parent: 'LeftLeg', offset: [0, -0.41, 0] },
  { name: 'LeftToeBase', parent: 'LeftFoot', offset: [0, -0.065, 0.125] },
  { name: 'LeftToe_End', parent: 'LeftToeBase', offset: [0, 0, 0.075] }
]

const DEFS: JointDef[] = [
  { name: 'Hips', parent: null, offset: [0, 0.95, 0] },
  { name: 'Spine', parent: 'Hips', offset: [0, 0.09, -0.005] },
  { name: 'Spine1', parent: 'Spine', offset: [0, 0.12, 0] },
  { name: 'Spine2', parent: 'Spine1', offset: [0, 0.13, 0] },
  { name: 'Neck', parent: 'Spine2', offset: [0, 0.2, 0.005] },
  { name: 'Head', parent: 'Neck', offset: [0, 0.1, 0.02] },
  { name: 'HeadTop_End', parent: 'Head', offset: [0, 0.16, 0] },
  ...LEFT_ARM,
  ...mirror(LEFT_ARM),
  ...LEFT_LEG,
  ...mirror(LEFT_LEG)
]

/** Height of the ankle joint above the sole, and of the toe joints above the floor, at the reference height. */
export const ANKLE_HEIGHT = 0.08
export const TOE_HEIGHT = 0.015

export interface HumanoidOptions {
  /** Standing height (floor to top of head) in metres; default 1.75. */
  height?: number
}

export function createHumanoidSkeleton (options: HumanoidOptions = {}): Skeleton {
  const height = options.height ?? REFERENCE_HEIGHT
  if (!(height > 0.3 && height < 3)) throw new RangeError(`height must be between 0.3 and 3 metres, got ${height}`)
  const k = height / REFERENCE_HEIGHT
  const index = new Map<string, number>()
  const joints: Joint[] = DEFS.map((d, i) => {
    index.set(d.name, i)
    const parent = d.parent === null ? -1 : index.get(d.parent)
    if (parent === undefined) throw new Error(`joint ${d.name} listed before its parent`)
    return { name: d.name, parent, offset: [d.offset[0] * k, d.offset[1] * k, d.offset[2] * k] }
  })
  return { joints }
}

/** Index of a joint by name; throws when the skeleton lacks it, because callers rely on the humanoid set. */
export function jointIndex (skeleton: Skeleton, name: string): number {
  const i = skeleton.joints.findIndex(j => j.name === name)
  if (i < 0) throw new Error(`skeleton has no joint named ${name}`)
  return i
}

/** Scale factor of a skeleton relative to the reference adult, from its leg length. */
export function skeletonScale (skeleton: Skeleton): number {
  const hips = skeleton.joints[0]
  return hips ? hips.offset[1] / 0.95 : 1
}
