// Bone names of the corpus: our joints renamed as Mixamo, Unreal, Rigify, Blender's metarig, Daz, RobotExpressive
// (glued L/R suffixes), side-less (Blender's .001 for the mirrored copy) and unreadable names, plus the VRM
// humanoid bone of each joint.
const UNREAL: Record<string, string> = {
  Hips: 'pelvis',
  Spine: 'spine_01',
  Spine1: 'spine_02',
  Spine2: 'spine_03',
  Neck: 'neck_01',
  Head: 'head',
  HeadTop_End: 'head_end',
  Shoulder: 'clavicle',
  Arm: 'upperarm',
  ForeArm: 'lowerarm',
  Hand: 'hand',
  HandMiddle1: 'middle_01',
  HandMiddle4: 'middle_03',
  UpLeg: 'thigh',
  Leg: 'calf',
  Foot: 'foot',
  ToeBase: 'ball',
  Toe_End: 'ball_end'
}
const RIGIFY: Record<string, string> = {
  Hips: 'hips',
  Spine: 'spine',
  Spine1: 'chest',
  Spine2: 'upper_chest',
  Neck: 'neck',
  Head: 'head',
  HeadTop_End: 'head_end',
  Shoulder: 'shoulder',
  Arm: 'upper_arm',
  ForeArm: 'forearm',
  Hand: 'hand',
  HandMiddle1: 'f_middle.01',
  HandMiddle4: 'f_middle.03',
  UpLeg: 'thigh',
  Leg: 'shin',
  Foot: 'foot',
  ToeBase: 'toe',
  Toe_End: 'toe_end'
}

const BLENDER_METARIG: Record<string, string> = {
  ...RIGIFY,
  Hips: 'spine',
  Spine: 'spine.001',
  Spine1: 'spine.002',
  Spine2: 'spine.003',
  Neck: 'spine.004',
  Head: 'spine.006',
  HeadTop_End: 'spine.006_end'
}
const DAZ: Record<string, string> = {
  Hips: 'hip',
  Spine: 'abdomenLower',
  Spine1: 'abdomenUpper',
  Spine2: 'chestUpper',
  Neck: 'neckLower',
  Head: 'head',
  HeadTop_End: 'head_end',
  Shoulder: 'Collar',
  Arm: 'ShldrBend',
  ForeArm: 'ForearmBend',
  Hand: 'Hand',
  HandMiddle1: 'Mid1',
  HandMiddle4: 'Mid3',
  UpLeg: 'ThighBend',
  Leg: 'Shin',
  Foot: 'Foot',
  ToeBase: 'Toe',
  Toe_End: 'Toe_end'
}

/** RobotExpressive-style: body parts with a glued L/R suffix, the hand a numbered palm, no Spine2 word. */
const ROBOT: Record<string, string> = {
  Hips: 'Hips',
  Spine: 'Abdomen',
  Spine1: 'Torso',
  Spine2: 'Chest3',
  Neck: 'Neck',
  Head: 'Head',
  HeadTop_End: 'Head_end',
  Shoulder: 'Shoulder',
  Arm: 'UpperArm',
  ForeArm: 'LowerArm',
  Hand: 'Palm2',
  HandMiddle1: 'Middle1',
  HandMiddle4: 'Middle2',
  UpLeg: 'UpperLeg',
  Leg: 'LowerLeg',
  Foot: 'Foot',
  ToeBase: 'Toe',
  Toe_End: 'Toe_end'
}

function sided (table: Record<string, string>, format: (stem: string, side: 'l' | 'r' | '') => string) {
  return (joint: string): string => {
    const m = /^(Left|Right)(.+)$/.exec(joint)
    if (m === null) return format(table[joint] ?? joint, '')
    return format(table[m[2]!] ?? m[2]!, m[1] === 'Left' ? 'l' : 'r')
  }
}

export const NAMING = {
  mixamo: (joint: string) => `mixamorig:${joint}`,
  unreal: sided(UNREAL, (stem, side) => (side === '' ? stem : `${stem}_${side}`)),
  rigify: sided(RIGIFY, (stem, side) => `DEF-${stem}${side === '' ? '' : `.${side.toUpperCase()}`}`),
  blender: sided(BLENDER_METARIG, (stem, side) => `${stem}${side === '' ? '' : `.${side.toUpperCase()}`}`),
  daz: sided(DAZ, (stem, side) => `${side}${stem}`),
  robot: sided(ROBOT, (stem, side) => `${stem}${side.toUpperCase()}`),
  /** Sides only by position: the same words on both sides, the right one numbered by the exporter (Blender's .001). */
  sideless: sided(ROBOT, (stem, side) => (side === 'r' ? `${stem}.001` : stem)),
  opaque: (joint: string) => `bone_${joint.length}_${[...joint].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 9973, 7)}`
}

/** VRM humanoid bone for each of our joints (for the VRM variants). */
export const VRM_HUMANOID: Record<string, string> = {
  Hips: 'hips',
  Spine: 'spine',
  Spine1: 'chest',
  Spine2: 'upperChest',
  Neck: 'neck',
  Head: 'head',
  LeftShoulder: 'leftShoulder',
  LeftArm: 'leftUpperArm',
  LeftForeArm: 'leftLowerArm',
  LeftHand: 'leftHand',
  RightShoulder: 'rightShoulder',
  RightArm: 'rightUpperArm',
  RightForeArm: 'rightLowerArm',
  RightHand: 'rightHand',
  LeftUpLeg: 'leftUpperLeg',
  LeftLeg: 'leftLowerLeg',
  LeftFoot: 'leftFoot',
  LeftToeBase: 'leftToes',
  RightUpLeg: 'rightUpperLeg',
  RightLeg: 'rightLowerLeg',
  RightFoot: 'rightFoot',
  RightToeBase: 'rightToes'
}
