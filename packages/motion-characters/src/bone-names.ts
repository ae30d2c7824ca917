// Bone-name dictionaries: a name from Mixamo, Unreal, Unity/generic, Blender (Rigify, DEF-/ORG- prefixes, .L/.R,
// the metarig's numbered spine), VRoid (J_Bip_L_UpperArm), Daz Genesis (lThighBend), Character Creator
// (CC_Base_L_Thigh) or 3ds Max Biped (Bip01 L Thigh) is reduced to a side and a stem, and the stem is looked up in
// one table. The VRM humanoid names map directly.
import type { JointName } from '@openmotion/motion-engine'

type Side = 'Left' | 'Right' | ''

/** Stems (lower case, no separators, side removed) → our joint without side prefix. */
const STEMS: Record<string, string> = {}
function stems (joint: string, ...names: string[]): void { for (const n of names) STEMS[n] = joint }
stems('Hips', 'hips', 'hip', 'pelvis', 'rootpelvis', 'cog')
stems('Spine', 'spine', 'spine0', 'spine01', 'abdomen', 'torso', 'waist', 'lowerspine', 'abdomenlower', 'abdomen1')
stems('Spine1', 'spine1', 'spine02', 'spine2base', 'chest', 'midspine', 'abdomenupper', 'abdomen2')
stems('Spine2', 'spine2', 'spine03', 'spine3', 'upperchest', 'chestupper', 'chest1', 'upperspine', 'chest2')
stems('Neck', 'neck', 'neck01', 'neck1', 'necklower')
stems('Head', 'head')
stems('HeadTop_End', 'headtopend', 'headtop', 'headend', 'headtip')
stems('Shoulder', 'shoulder', 'clavicle', 'collar', 'collarbone')
stems('Arm', 'arm', 'upperarm', 'uparm', 'armupper', 'humerus', 'shldr', 'shldrbend')
stems('ForeArm', 'forearm', 'lowerarm', 'elbow', 'armlower', 'loarm', 'forearmbend')
stems('Hand', 'hand', 'wrist', 'palm')
stems('UpLeg', 'upleg', 'upperleg', 'thigh', 'legupper', 'femur', 'thighbend')
stems('Leg', 'leg', 'lowerleg', 'calf', 'shin', 'knee', 'leglower', 'loleg')
stems('Foot', 'foot', 'ankle')
stems('ToeBase', 'toebase', 'toe', 'toes', 'ball', 'toe0')
stems('Toe_End', 'toeend', 'toetip', 'toesend', 'ballend')

/** Blender's metarig numbers the spine from the hips up: spine (hips), spine.001 … spine.006 (head). */
const BLENDER_SPINE: Record<string, string> = { spine: 'Hips', spine001: 'Spine', spine002: 'Spine1', spine003: 'Spine2', spine004: 'Neck', spine006: 'Head' }

const LEFT = new Set(['l', 'left', 'lft', 'lt'])
const RIGHT = new Set(['r', 'right', 'rgt', 'rt', 'rght'])

/** Tokens that only say "this is a bone" (Hips_jnt, Spine_bind). */
const NOISE = new Set(['jnt', 'jt', 'joint', 'bind', 'bn', 'bone', 'skin', 'def'])

/** Finger words at the start of a stem, then a segment (digit, proximal…) or nothing: not "midspine" or "spring". */
const FINGER = /^(?:hand|f)?(thumb|index|middle|mid|ring|pinky|little|finger)(\d|proximal|intermediate|distal|meta|finger|$)/
const FINGER_KIND: Record<string, string> = { thumb: 'thumb', index: 'index', middle: 'middle', mid: 'middle', ring: 'ring', pinky: 'pinky', little: 'pinky' }
/** 3ds Max Biped numbers fingers: Finger0 thumb … Finger4 pinky; Finger2 is the middle finger's first bone. */
const BIPED_FINGERS = ['thumb', 'index', 'middle', 'ring', 'pinky']

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

/** Strips namespaces and rig prefixes, lowers case, splits off the side. */
export function splitBoneName (name: string): { side: Side, stem: string, finger: boolean } {
  let n = name.replace(/^.*[:|]/, '') // mixamorig:Hips, Armature|Hips
  n = n.replace(/^mixamorig\d*_?/i, '') // three.js and some exporters turn "mixamorig:Hips" into "mixamorigHips"
  n = n.replace(/^(def|org|mch|jnt|bn|bone|b|j_bip|j|bip0?1|bip|cc_base|rig|skel|armature)[_\s.-]+/i, '')
  // CamelCase and a capital side letter glued after a digit (Palm2L, Finger01R) become separate tokens.
  n = n.replace(/([a-z])([A-Z])/g, '$1_$2').replace(/(\d)([LR])(?![a-z])/g, '$1_$2').toLowerCase()
  let side: Side = ''
  const tokens = n.split(/[\s._-]+/).filter((t) => t !== '' && !NOISE.has(t))
  const rest: string[] = []
  for (const [i, t] of tokens.entries()) {
    if (t === 'c' || t === 'center' || t === 'centre') continue // VRoid's J_Bip_C_Hips
    if (LEFT.has(t) && side === '') { side = 'Left'; continue }
    if (RIGHT.has(t) && side === '') { side = 'Right'; continue }
    // "leftarm", "rightupleg": a glued side word
    const glued = /^(left|right)(.+)$/.exec(t)
    if (glued !== null && side === '' && i === 0) { side = glued[1] === 'left' ? 'Left' : 'Right'; rest.push(glued[2]!); continue }
    rest.push(t)
  }
  const stem = rest.join('')
  return { side, stem, finger: FINGER.test(stem) }
}

/** The finger kind and segment (1 = the bone at the knuckle) of a finger stem. */
function fingerOf (stem: string): { kind: string, segment: number } | undefined {
  const biped = /^finger([0-4])(\d?)$/.exec(stem)
  if (biped !== null) return { kind: BIPED_FINGERS[Number(biped[1])]!, segment: biped[2] === '' ? 1 : Number(biped[2]) + 1 }
  const m = /^(?:hand|f)?(thumb|index|middle|mid|ring|pinky|little)(?:finger)?(?:0?(\d)|(proximal|intermediate|distal|meta\w*))?$/.exec(stem)
  if (m === null) return undefined
  const segment = m[3] === undefined ? Number(m[2] ?? 1) : m[3] === 'proximal' ? 1 : m[3] === 'intermediate' ? 2 : m[3] === 'distal' ? 3 : 0
  return { kind: FINGER_KIND[m[1]!]!, segment }
}

export interface NamingContext {
  /** The skeleton numbers its spine the Blender metarig way (spine, spine.001…): "spine" is then the hips. */
  blenderSpine?: boolean
}

/** Whether a skeleton's names number the spine like Blender's metarig. */
export function usesBlenderSpine (names: readonly string[]): boolean {
  return names.some((name) => splitBoneName(name).stem === 'spine003')
}

/** Our joint name for a bone name, or undefined. */
export function jointForBoneName (name: string, context: NamingContext = {}): JointName | undefined {
  const { side, stem, finger } = splitBoneName(name)
  if (finger) {
    // Only the middle finger's first bone is one of our joints (it orients the hand).
    const f = fingerOf(stem)
    if (side === '' || f === undefined || f.kind !== 'middle' || f.segment !== 1) return undefined
    return `${side}HandMiddle1` as JointName
  }
  const role = boneRole(name, context)
  if (role === undefined || role.sided !== (side !== '')) return undefined
  return `${side}${role.base}` as JointName
}

const SIDED = new Set(['Shoulder', 'Arm', 'ForeArm', 'Hand', 'UpLeg', 'Leg', 'Foot', 'ToeBase', 'Toe_End'])

/**
 * The role a name plays without its side: `Hand` for "Palm2L" or "hand", `Spine` for "spine_01". A stem the
 * table lacks is tried without a trailing number for limbs (RobotExpressive's Palm2L is its hand). `sided` tells
 * whether the joint needs a side, which rig detection takes from the name or, failing that, from where the
 * bone rests.
 */
export function boneRole (name: string, context: NamingContext = {}): { base: string, side: Side, sided: boolean } | undefined {
  const { side, stem, finger } = splitBoneName(name)
  if (finger) return undefined
  const exact = (context.blenderSpine === true && side === '' ? BLENDER_SPINE[stem] : undefined) ?? STEMS[stem]
  if (exact !== undefined) return { base: exact, side, sided: SIDED.has(exact) }
  // A digit glued to a limb word (Palm2L); a Blender duplicate number (UpperArm.001) only on a side-less name,
  // where it marks the mirrored copy — with a side (DEF-thigh.L.001) it is a segment of that limb.
  const numbered = STEMS[stem.replace(/([a-z])\d$/, '$1')] ?? (side === '' ? STEMS[stem.replace(/\d{3}$/, '')] : undefined)
  if (numbered === undefined || !SIDED.has(numbered)) return undefined
  return { base: numbered, side, sided: true }
}

/** Fingers per hand from bone names: distinct finger kinds on each side (thumb, index, middle, ring, pinky); a name without a side takes `restSide`'s. */
export function fingerCount (names: readonly string[], restSide?: (index: number) => 'Left' | 'Right'): number {
  const kinds = { Left: new Set<string>(), Right: new Set<string>() }
  for (const [i, name] of names.entries()) {
    const { stem, finger } = splitBoneName(name)
    const side = splitBoneName(name).side || restSide?.(i) || ''
    if (!finger || side === '') continue
    const kind = fingerOf(stem)?.kind
    if (kind !== undefined) kinds[side].add(kind)
  }
  return Math.max(kinds.Left.size, kinds.Right.size)
}
