// Bone-name dictionaries: a name from Mixamo, Unreal, Unity/generic, Blender (Rigify, DEF-/ORG- prefixes, .L/.R),
// VRoid (J_Bip_L_UpperArm) or 3ds Max Biped (Bip01 L Thigh) is reduced to a side and a stem, and the stem is looked
// up in one table. The VRM humanoid names map directly.
import type { JointName } from '@openmotion/motion-engine'

type Side = 'Left' | 'Right' | ''

/** Stems (lower case, no separators, side removed) → our joint without side prefix. */
const STEMS: Record<string, string> = {}
function stems (joint: string, ...names: string[]): void { for (const n of names) STEMS[n] = joint }
stems('Hips', 'hips', 'hip', 'pelvis', 'root_pelvis', 'cog')
stems('Spine', 'spine', 'spine0', 'spine01', 'abdomen', 'torso', 'waist', 'lowerspine')
stems('Spine1', 'spine1', 'spine02', 'spine2base', 'chest', 'midspine')
stems('Spine2', 'spine2', 'spine03', 'spine3', 'upperchest', 'chestupper', 'chest1', 'upperspine')
stems('Neck', 'neck', 'neck01', 'neck1', 'necklower')
stems('Head', 'head')
stems('HeadTop_End', 'headtopend', 'headtop', 'headend', 'headtip')
stems('Shoulder', 'shoulder', 'clavicle', 'collar', 'collarbone')
stems('Arm', 'arm', 'upperarm', 'uparm', 'armupper', 'humerus')
stems('ForeArm', 'forearm', 'lowerarm', 'elbow', 'armlower', 'loarm')
stems('Hand', 'hand', 'wrist', 'palm')
stems('UpLeg', 'upleg', 'upperleg', 'thigh', 'legupper', 'femur')
stems('Leg', 'leg', 'lowerleg', 'calf', 'shin', 'knee', 'leglower', 'loleg')
stems('Foot', 'foot', 'ankle')
stems('ToeBase', 'toebase', 'toe', 'toes', 'ball', 'toe0')
stems('Toe_End', 'toeend', 'toetip', 'toesend', 'ballend')

/** VRM humanoid bone names → our joints. */
export const VRM_BONES: Record<string, JointName> = {
  hips: 'Hips',
  spine: 'Spine',
  chest: 'Spine1',
  upperChest: 'Spine2',
  neck: 'Neck',
  head: 'Head',
  leftShoulder: 'LeftShoulder',
  leftUpperArm: 'LeftArm',
  leftLowerArm: 'LeftForeArm',
  leftHand: 'LeftHand',
  leftMiddleProximal: 'LeftHandMiddle1',
  leftUpperLeg: 'LeftUpLeg',
  leftLowerLeg: 'LeftLeg',
  leftFoot: 'LeftFoot',
  leftToes: 'LeftToeBase',
  rightShoulder: 'RightShoulder',
  rightUpperArm: 'RightArm',
  rightLowerArm: 'RightForeArm',
  rightHand: 'RightHand',
  rightMiddleProximal: 'RightHandMiddle1',
  rightUpperLeg: 'RightUpLeg',
  rightLowerLeg: 'RightLeg',
  rightFoot: 'RightFoot',
  rightToes: 'RightToeBase'
}

const FINGER = /(thumb|index|middle|ring|pinky|little|finger)/

/** Strips namespaces and rig prefixes, lowers case, splits off the side. */
export function splitBoneName (name: string): { side: Side, stem: string, finger: boolean } {
  let n = name.replace(/^.*[:|]/, '') // mixamorig:Hips, Armature|Hips
  n = n.replace(/^(def|org|mch|jnt|bn|bone|b|j_bip|j|bip0?1|bip|cc_base|rig|skel|armature)[_\s.-]+/i, '')
  n = n.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()
  let side: Side = ''
  const tokens = n.split(/[\s._-]+/).filter((t) => t !== '')
  const rest: string[] = []
  for (const [i, t] of tokens.entries()) {
    if (t === 'c' || t === 'center' || t === 'centre') continue // VRoid's J_Bip_C_Hips
    if ((t === 'l' || t === 'left') && side === '') { side = 'Left'; continue }
    if ((t === 'r' || t === 'right') && side === '') { side = 'Right'; continue }
    // "leftarm", "rightupleg": a glued side word
    const glued = /^(left|right)(.+)$/.exec(t)
    if (glued !== null && side === '' && i === 0) { side = glued[1] === 'left' ? 'Left' : 'Right'; rest.push(glued[2]!); continue }
    rest.push(t)
  }
  const stem = rest.join('')
  return { side, stem, finger: FINGER.test(stem) }
}

/** Our joint name for a bone name, or undefined. */
export function jointForBoneName (name: string): JointName | undefined {
  const { side, stem, finger } = splitBoneName(name)
  if (finger) {
    // Only the middle finger's first bone is one of our joints (it orients the hand).
    if (side === '' || !/middle/.test(stem) || !/(0?1|proximal)$/.test(stem)) return undefined
    return `${side}HandMiddle1` as JointName
  }
  const base = STEMS[stem]
  if (base === undefined) return undefined
  const sided = ['Shoulder', 'Arm', 'ForeArm', 'Hand', 'UpLeg', 'Leg', 'Foot', 'ToeBase', 'Toe_End'].includes(base)
  if (sided !== (side !== '')) return undefined
  return `${side}${base}` as JointName
}

/** Fingers per hand from bone names: distinct finger kinds on each side (thumb, index, middle, ring, pinky). */
export function fingerCount (names: string[]): number {
  const kinds = { Left: new Set<string>(), Right: new Set<string>() }
  for (const name of names) {
    const { side, stem, finger } = splitBoneName(name)
    if (!finger || side === '') continue
    const kind = /(thumb|index|middle|ring|pinky|little)/.exec(stem)?.[1]
    if (kind !== undefined) kinds[side].add(kind === 'little' ? 'pinky' : kind)
  }
  return Math.max(kinds.Left.size, kinds.Right.size)
}
