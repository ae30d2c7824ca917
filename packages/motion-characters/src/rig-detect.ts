// Maps a character's skeleton onto our humanoid joints: VRM humanoid data when present, else bone-name
// dictionaries (sides from the name, or from where the bone rests when the name has none), with the shape of the
// hierarchy filling the roles names miss (hips = the branching bone with two descending chains and one rising
// chain; arms = the sideways chains of the upper branching bone; left = up × the direction the toes point).
import type { JointName } from '@openmotion/motion-engine'
import { boneRole, fingerCount, jointForBoneName, usesBlenderSpine, VRM_BONES } from './bone-names.js'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import type { Character } from './load-character.js'
import { worldTransforms, type Transform } from './transforms.js'

export interface RigMapping {
  /** Our joint → node index. */
  joints: Map<JointName, number>
  /** Template the skeleton matched: vrm, mixamo, unreal, rigify, vroid, reallusion, daz, biped, generic (names) or topology. */
  rigId: string
  /** Finger kinds found per hand (0–5). */
  handDataType: number
}

export const REQUIRED_JOINTS: readonly JointName[] = ['Hips', 'Spine', 'Head', 'LeftArm', 'LeftForeArm', 'LeftHand', 'RightArm', 'RightForeArm', 'RightHand',
  'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'RightUpLeg', 'RightLeg', 'RightFoot']

/** Pairs that must be ancestor → descendant in any humanoid; a name match breaking one is dropped. */
const CHAINS: ReadonlyArray<readonly JointName[]> = [
  ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head'],
  ['Spine2', 'LeftShoulder', 'LeftArm', 'LeftForeArm', 'LeftHand', 'LeftHandMiddle1'],
  ['Spine2', 'RightShoulder', 'RightArm', 'RightForeArm', 'RightHand', 'RightHandMiddle1'],
  ['Hips', 'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToeBase'],
  ['Hips', 'RightUpLeg', 'RightLeg', 'RightFoot', 'RightToeBase']
]

export function detectRig (character: Character): RigMapping {
  const names = character.nodes.map((n) => n.name)
  const handDataType = fingerCount(names, restSide(character))
  if (character.vrmHumanoid.size > 0) {
    const joints = new Map<JointName, number>()
    for (const [bone, node] of character.vrmHumanoid) { const joint = VRM_BONES[bone]; if (joint !== undefined) joints.set(joint, node) }
    return finish(character, joints, 'vrm', handDataType)
  }
  const byName = consistent(character, mapByName(character))
  if (REQUIRED_JOINTS.every((j) => byName.has(j))) return finish(character, byName, namingScheme(names), handDataType)
  // Names fell short: the shape of the hierarchy fills the roles names did not give (names win where both
  // answer), and the result is checked against the humanoid chains again.
  const byShape = mapByTopology(character)
  const merged = consistent(character, new Map([...byShape, ...byName]))
  const named = REQUIRED_JOINTS.filter((j) => byName.has(j) && merged.get(j) === byName.get(j)).length
  const best = merged.size >= Math.max(byShape.size, byName.size) ? merged : byShape.size > byName.size ? byShape : byName
  return finish(character, best, best === byShape || named * 2 < REQUIRED_JOINTS.length ? 'topology' : namingScheme(names), handDataType)
}

function finish (character: Character, joints: Map<JointName, number>, rigId: string, handDataType: number): RigMapping {
  const missing = REQUIRED_JOINTS.filter((j) => !joints.has(j))
  if (missing.length > 0) {
    throw new CharacterError(
      CHARACTER_ERROR.rig,
      `the skeleton is not recognised as a humanoid: no bone found for ${missing.join(', ')} (bones: ${character.nodes
        .slice(0, 40)
        .map((n) => n.name)
        .join(', ')})`
    )
  }
  return { joints, rigId, handDataType }
}

/** Bones that matter: skin joints and their ancestors. */
function skeletonNodes (character: Character): number[] {
  const set = new Set<number>()
  for (const j of character.skinJoints) for (let n = j; n >= 0 && !set.has(n); n = character.nodes[n]!.parent) set.add(n)
  return [...set].sort((a, b) => depth(character, a) - depth(character, b) || a - b)
}

function depth (character: Character, node: number): number {
  let d = 0
  for (let n = character.nodes[node]!.parent; n >= 0; n = character.nodes[n]!.parent) d++
  return d
}

function mapByName (character: Character): Map<JointName, number> {
  const joints = new Map<JointName, number>()
  const context = { blenderSpine: usesBlenderSpine(character.nodes.map((n) => n.name)) }
  // Deforming bones first: a Rigify ORG-thigh.L or a control bone named like a joint must not take its place.
  const skin = new Set(character.skinJoints)
  const candidates = skeletonNodes(character)
  const sideOf = restSide(character)
  for (const node of [...candidates.filter((n) => skin.has(n)), ...candidates.filter((n) => !skin.has(n))]) {
    const name = character.nodes[node]!.name
    let joint = jointForBoneName(name, context)
    if (joint === undefined) {
      // "UpperArm" / "UpperArm.001" with no side in the name: the side is where the bone rests.
      const role = boneRole(name, context)
      if (role?.sided === true && role.side === '') joint = `${sideOf(node)}${role.base}` as JointName
    }
    if (joint !== undefined && !joints.has(joint)) joints.set(joint, node)
  }
  return joints
}

/**
 * Left or right of a bone from its rest position: the sign of its offset from the body's centre line along the
 * character's left (up × forward; forward is where the name-found toes point from the feet, else +Z).
 */
function restSide (character: Character): (node: number) => 'Left' | 'Right' {
  const world = worldTransforms(character.nodes)
  const centre = character.nodes.findIndex((n) => boneRole(n.name)?.base === 'Hips')
  const origin = centre >= 0 ? world[centre]!.t : [0, 0, 0]
  const forward: [number, number] = [0, 0]
  for (const [i, n] of character.nodes.entries()) {
    if (boneRole(n.name)?.base !== 'ToeBase' || n.parent < 0) continue
    forward[0] += world[i]!.t[0] - world[n.parent]!.t[0]
    forward[1] += world[i]!.t[2] - world[n.parent]!.t[2]
  }
  if (Math.hypot(...forward) < 1e-9) forward.splice(0, 2, 0, 1)
  return (node) => {
    const t = world[node]!.t
    const left = (t[0] - origin[0]!) * forward[1] - (t[2] - origin[2]!) * forward[0]
    return left >= 0 ? 'Left' : 'Right'
  }
}

function isAncestor (character: Character, ancestor: number, node: number): boolean {
  for (let n = character.nodes[node]!.parent; n >= 0; n = character.nodes[n]!.parent) if (n === ancestor) return true
  return false
}

/** Drops name matches that contradict the humanoid hierarchy (a "Hand" outside the arm chain, say). */
function consistent (character: Character, joints: Map<JointName, number>): Map<JointName, number> {
  for (const chain of CHAINS) {
    let previous: number | undefined
    for (const joint of chain) {
      const node = joints.get(joint)
      if (node === undefined) continue
      if (previous !== undefined && !isAncestor(character, previous, node)) { joints.delete(joint); continue }
      previous = node
    }
  }
  return joints
}

function namingScheme (names: string[]): string {
  const all = names.join(' ')
  if (/mixamorig/i.test(all) || /\bLeftUpLeg\b/.test(all)) return 'mixamo'
  if (/J_Bip_/i.test(all)) return 'vroid'
  if (/CC_Base_/i.test(all)) return 'reallusion'
  if (/\bthigh_l\b|\bcalf_l\b|\bupperarm_l\b/i.test(all)) return 'unreal'
  if (/DEF-|\.L\b|\bspine\.00\d\b/.test(all)) return 'rigify'
  if (/\blThigh(Bend)?\b|\blShldr/.test(all)) return 'daz'
  if (/Bip0?1/i.test(all)) return 'biped'
  return 'generic'
}

/** Structure only: for skeletons whose names match no dictionary. */
function mapByTopology (character: Character): Map<JointName, number> {
  const joints = new Map<JointName, number>()
  const nodes = skeletonNodes(character)
  const inSkeleton = new Set(nodes)
  const world: Transform[] = worldTransforms(character.nodes)
  const children = new Map<number, number[]>()
  for (const n of nodes) {
    const p = character.nodes[n]!.parent
    if (inSkeleton.has(p)) children.set(p, [...(children.get(p) ?? []), n])
  }
  const subtreeSize = (n: number): number => 1 + (children.get(n) ?? []).reduce((s, c) => s + subtreeSize(c), 0)
  /** Follows the biggest child at each step: the main chain of a limb. */
  const chain = (start: number): number[] => {
    const out = [start]
    for (let n = start; (children.get(n) ?? []).length > 0;) {
      n = (children.get(n) ?? []).reduce((a, b) => (subtreeSize(b) > subtreeSize(a) ? b : a))
      out.push(n)
    }
    return out
  }
  const y = (n: number): number => world[n]!.t[1]
  const hips = nodes.find((n) => {
    const kids = children.get(n) ?? []
    return kids.length >= 3 && kids.filter((k) => y(chain(k).at(-1)!) < y(n)).length >= 2 && kids.some((k) => y(chain(k).at(-1)!) > y(n))
  })
  if (hips === undefined) return joints
  joints.set('Hips', hips)
  const kids = children.get(hips)!
  const descending = kids.filter((k) => y(chain(k).at(-1)!) < y(hips)).sort((a, b) => subtreeSize(b) - subtreeSize(a)).slice(0, 2)
  // The character's left is up × forward, forward being where the toes point (+Z when the feet have no toe bones).
  const forward: [number, number] = [0, 0]
  for (const leg of descending) {
    const c = chain(leg)
    if (c.length < 4) continue
    forward[0] += world[c.at(-1)!]!.t[0] - world[c[2]!]!.t[0]
    forward[1] += world[c.at(-1)!]!.t[2] - world[c[2]!]!.t[2]
  }
  if (Math.hypot(...forward) < 1e-6) forward.splice(0, 2, 0, 1)
  const x = (n: number): number => world[n]!.t[0] * forward[1] - world[n]!.t[2] * forward[0]
  const legs = descending.sort((a, b) => x(b) - x(a))
  const legNames = [['LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToeBase'], ['RightUpLeg', 'RightLeg', 'RightFoot', 'RightToeBase']] as const
  legs.forEach((leg, side) => chain(leg).slice(0, 4).forEach((n, i) => joints.set(legNames[side]![i]!, n)))
  const spineStart = kids.filter((k) => y(chain(k).at(-1)!) > y(hips)).sort((a, b) => subtreeSize(b) - subtreeSize(a))[0]!
  // Up the spine to the bone where neck and arms branch off.
  const spine: number[] = []
  let chest = spineStart
  for (let n: number | undefined = spineStart; n !== undefined; n = (children.get(n) ?? []).length === 1 ? children.get(n)![0] : undefined) {
    spine.push(n)
    chest = n
    if ((children.get(n) ?? []).length >= 3) break
  }
  joints.set('Spine', spine[0]!)
  if (spine.length >= 2) joints.set('Spine2', chest)
  if (spine.length >= 3) joints.set('Spine1', spine[Math.floor(spine.length / 2)]!)
  const upper = children.get(chest) ?? []
  const neck = upper.reduce((a, b) => (y(chain(b).at(-1)!) > y(chain(a).at(-1)!) ? b : a), upper[0]!)
  if (neck !== undefined) {
    const head = chain(neck)
    joints.set('Neck', head[0]!)
    joints.set('Head', head[Math.min(1, head.length - 1)]!)
  }
  const arms = upper
    .filter((n) => n !== neck)
    .sort((a, b) => subtreeSize(b) - subtreeSize(a))
    .slice(0, 2)
    .sort((a, b) => x(chain(b).at(-1)!) - x(chain(a).at(-1)!))
  const armNames = [['LeftShoulder', 'LeftArm', 'LeftForeArm', 'LeftHand'], ['RightShoulder', 'RightArm', 'RightForeArm', 'RightHand']] as const
  const length = (a: number, b: number): number => Math.hypot(...[0, 1, 2].map((c) => world[a]!.t[c]! - world[b]!.t[c]!) as [number, number, number])
  arms.forEach((arm, side) => {
    // Upper arm and forearm are the two longest consecutive bones of the chain; the bone before them (if any)
    // is the shoulder, the joint after them the hand.
    const c = chain(arm)
    let best = -1; let bestLength = 0
    for (let i = 0; i + 2 < c.length; i++) {
      const l = length(c[i]!, c[i + 1]!) + length(c[i + 1]!, c[i + 2]!)
      if (l > bestLength) { bestLength = l; best = i }
    }
    if (best < 0) return
    const [shoulder, upper, fore, hand] = armNames[side]!
    if (best >= 1) joints.set(shoulder, c[best - 1]!)
    joints.set(upper, c[best]!)
    joints.set(fore, c[best + 1]!)
    joints.set(hand, c[best + 2]!)
  })
  return joints
}
