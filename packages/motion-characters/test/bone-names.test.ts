// The bone-name dictionaries: each naming scheme's names for our joints, the variants exporters produce
// (namespaces, sanitised prefixes, case, separators, suffixes), and names that must not be taken for joints.
import { describe, expect, it } from 'vitest'
import { fingerCount, jointForBoneName, usesBlenderSpine } from '../src/bone-names.js'

const SCHEMES: Record<string, Record<string, string>> = {
  'Mixamo (namespaced, numbered namespace, three.js-sanitised, Blender underscore)': {
    'mixamorig:Hips': 'Hips',
    'mixamorig1:LeftUpLeg': 'LeftUpLeg',
    mixamorigRightForeArm: 'RightForeArm',
    mixamorig_LeftHand: 'LeftHand',
    'mixamorig:Spine2': 'Spine2',
    'mixamorig:LeftHandMiddle1': 'LeftHandMiddle1',
    'mixamorig:RightToeBase': 'RightToeBase',
    'Armature|mixamorig:Head': 'Head'
  },
  Unreal: {
    pelvis: 'Hips',
    spine_01: 'Spine',
    spine_02: 'Spine1',
    spine_03: 'Spine2',
    neck_01: 'Neck',
    head: 'Head',
    clavicle_l: 'LeftShoulder',
    upperarm_l: 'LeftArm',
    lowerarm_r: 'RightForeArm',
    hand_r: 'RightHand',
    middle_01_l: 'LeftHandMiddle1',
    thigh_l: 'LeftUpLeg',
    calf_r: 'RightLeg',
    foot_l: 'LeftFoot',
    ball_r: 'RightToeBase'
  },
  'Unity / generic': {
    Hips: 'Hips',
    Chest: 'Spine1',
    UpperChest: 'Spine2',
    LeftUpperArm: 'LeftArm',
    LeftLowerArm: 'LeftForeArm',
    RightUpperLeg: 'RightUpLeg',
    RightLowerLeg: 'RightLeg',
    LeftToes: 'LeftToeBase',
    'Left Middle Proximal': 'LeftHandMiddle1',
    hand_left: 'LeftHand',
    L_Foot: 'LeftFoot',
    Hips_jnt: 'Hips',
    leftupleg: 'LeftUpLeg'
  },
  'Blender Rigify (DEF- bones, .L/.R) and the metarig': {
    'DEF-thigh.L': 'LeftUpLeg',
    'DEF-shin.R': 'RightLeg',
    'DEF-foot.L': 'LeftFoot',
    'DEF-toe.R': 'RightToeBase',
    'DEF-shoulder.L': 'LeftShoulder',
    'DEF-upper_arm.L': 'LeftArm',
    'DEF-forearm.R': 'RightForeArm',
    'DEF-hand.L': 'LeftHand',
    'DEF-f_middle.01.R': 'RightHandMiddle1',
    'upper_arm.R': 'RightArm'
  },
  VRoid: {
    J_Bip_C_Hips: 'Hips',
    J_Bip_C_UpperChest: 'Spine2',
    J_Bip_L_UpperLeg: 'LeftUpLeg',
    J_Bip_R_LowerArm: 'RightForeArm',
    J_Bip_L_Middle1: 'LeftHandMiddle1',
    J_Bip_R_ToeBase: 'RightToeBase'
  },
  'Daz Genesis': {
    hip: 'Hips',
    abdomenLower: 'Spine',
    abdomenUpper: 'Spine1',
    chestUpper: 'Spine2',
    neckLower: 'Neck',
    lCollar: 'LeftShoulder',
    lShldrBend: 'LeftArm',
    rForearmBend: 'RightForeArm',
    lThighBend: 'LeftUpLeg',
    rShin: 'RightLeg',
    lMid1: 'LeftHandMiddle1'
  },
  'Character Creator': {
    CC_Base_Hip: 'Hips',
    CC_Base_L_Thigh: 'LeftUpLeg',
    CC_Base_R_Calf: 'RightLeg',
    CC_Base_L_Upperarm: 'LeftArm',
    CC_Base_R_Forearm: 'RightForeArm',
    CC_Base_L_Mid1: 'LeftHandMiddle1'
  },
  'body parts with a glued or separated side (RobotExpressive, Lft/Rgt, l_ prefixes)': {
    UpperArmL: 'LeftArm',
    LowerArmR: 'RightForeArm',
    LowerLegR: 'RightLeg',
    UpperLegL: 'LeftUpLeg',
    FootL: 'LeftFoot',
    Palm2L: 'LeftHand',
    ShoulderR: 'RightShoulder',
    Middle1L: 'LeftHandMiddle1',
    Abdomen: 'Spine',
    UpperArm_Lft: 'LeftArm',
    hand_rgt: 'RightHand',
    l_UpperArm: 'LeftArm',
    'Thigh.R': 'RightUpLeg'
  },
  '3ds Max Biped': {
    'Bip01 Pelvis': 'Hips',
    'Bip01 Spine1': 'Spine1',
    'Bip01 L Thigh': 'LeftUpLeg',
    'Bip01 R Calf': 'RightLeg',
    'Bip01 L UpperArm': 'LeftArm',
    'Bip01 R Forearm': 'RightForeArm',
    'Bip01 L Finger2': 'LeftHandMiddle1'
  }
}

describe.each(Object.entries(SCHEMES))('%s', (_, names) => {
  it.each(Object.entries(names))('maps %s to %s', (name, joint) => {
    expect(jointForBoneName(name)).toBe(joint)
  })
})

describe('names that are not our joints', () => {
  it.each([
    'upperarm_twist_01_l',
    'DEF-thigh.L.001',
    'ik_foot_l',
    'mixamorig:LeftHandIndex1',
    'middle_02_l',
    'J_Sec_Hair1',
    'Bip01',
    'DEF-pelvis.L',
    'Hand',
    'LeftSpine',
    'spring',
    'midspine_helper'
  ])('%s is left unmapped', (name) => {
    expect(jointForBoneName(name)).toBeUndefined()
  })
})

describe('Blender metarig spine numbering', () => {
  const names = ['spine', 'spine.001', 'spine.002', 'spine.003', 'spine.004', 'spine.005', 'spine.006', 'thigh.L']
  it('is recognised from the names and makes "spine" the hips and spine.006 the head', () => {
    expect(usesBlenderSpine(names)).toBe(true)
    expect(usesBlenderSpine(['spine_01', 'spine_02', 'spine_03'])).toBe(false)
    const context = { blenderSpine: true }
    expect(names.map((n) => jointForBoneName(n, context))).toEqual(['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', undefined, 'Head', 'LeftUpLeg'])
    expect(jointForBoneName('DEF-spine')).toBe('Spine')
  })
})

describe('finger bones per hand (handDataType)', () => {
  it('counts distinct finger kinds per hand across schemes', () => {
    expect(
      fingerCount([
        'mixamorig:LeftHandThumb1',
        'mixamorig:LeftHandIndex1',
        'mixamorig:LeftHandIndex2',
        'mixamorig:LeftHandMiddle1',
        'mixamorig:LeftHandRing1',
        'mixamorig:LeftHandPinky1'
      ])
    ).toBe(5)
    expect(fingerCount(['thumb_01_r', 'index_01_r', 'pinky_01_r'])).toBe(3)
    expect(fingerCount(['Bip01 L Finger0', 'Bip01 L Finger01', 'Bip01 L Finger1', 'Bip01 L Finger21'])).toBe(3)
    expect(fingerCount(['DEF-f_middle.01.L', 'DEF-thumb.01.L', 'lRing1', 'lPinky1'])).toBe(4)
    expect(fingerCount(['LeftHand', 'Spine', 'spring.L'])).toBe(0)
    expect(fingerCount(['ThumbL', 'Thumb2L', 'IndexL', 'Middle1L', 'Ring1L', 'Palm2L'])).toBe(4)
    // No side in the names: the side comes from where each bone rests.
    expect(fingerCount(['Thumb', 'Index', 'Thumb.001'], (i) => (i === 2 ? 'Right' : 'Left'))).toBe(2)
  })
})
