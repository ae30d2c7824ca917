// Copies a generated clip onto a custom skeleton. Each mapped bone gets the source joint's world rotation applied
// on top of a per-bone alignment computed once from the two rest poses (so an A-pose, a rig facing −Z or bones
// with arbitrary rest orientations all work); unmapped bones keep their rest pose relative to their parent. The
// hips travel the source root path scaled by the ratio of leg lengths, so strides fit the legs and feet that were
// planted stay planted.
import {
  fkPose,
  quatConjugate,
  quatFromBasis,
  quatFromTo,
  quatMultiply,
  quatRotate,
  type JointName,
  type MotionClip,
  type Quat,
  type Vec3
} from '@openmotion/motion-engine'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import type { Character } from './load-character.js'
import type { RigMapping } from './rig-detect.js'
import { reachFor } from './leg-reach.js'
import { compose, localPosition, uniformScale, worldTransforms, type Transform } from './transforms.js'

export interface RetargetedAnimation {
  fps: number
  frameCount: number
  /** Node index → local rotations (x, y, z, w per frame). */
  rotations: Map<number, Float32Array>
  /** The hips node and its local translation per frame. */
  hips: { node: number, translation: Float32Array }
  /** Target leg length / source leg length. */
  scale: number
  /** World transforms of every node per frame (for BVH/FBX export and checks). */
  world: Transform[][]
}

/** For each joint, the joints below it (in order of preference) whose direction orients it. */
const DIRECTION: Partial<Record<JointName, JointName[]>> = {
  Spine: ['Spine1', 'Spine2', 'Neck', 'Head'],
  Spine1: ['Spine2', 'Neck', 'Head'],
  Spine2: ['Neck', 'Head'],
  Neck: ['Head'],
  Head: ['HeadTop_End'],
  LeftShoulder: ['LeftArm'],
  LeftArm: ['LeftForeArm'],
  LeftForeArm: ['LeftHand'],
  LeftHand: ['LeftHandMiddle1'],
  RightShoulder: ['RightArm'],
  RightArm: ['RightForeArm'],
  RightForeArm: ['RightHand'],
  RightHand: ['RightHandMiddle1'],
  LeftUpLeg: ['LeftLeg'],
  LeftLeg: ['LeftFoot'],
  LeftFoot: ['LeftToeBase'],
  LeftToeBase: ['LeftToe_End'],
  RightUpLeg: ['RightLeg'],
  RightLeg: ['RightFoot'],
  RightFoot: ['RightToeBase'],
  RightToeBase: ['RightToe_End']
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
function unit (v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2])
  if (!(l > 1e-9)) throw new CharacterError(CHARACTER_ERROR.retarget, 'two mapped bones sit at the same place in the rest pose')
  return [v[0] / l, v[1] / l, v[2] / l]
}

/** Rotation of the frame spanned by `up` and `lateral` (lateral made orthogonal to up). */
function frame (up: Vec3, lateral: Vec3): Quat {
  const y = unit(up)
  const z = unit(cross(lateral, y))
  const x = cross(y, z)
  return quatFromBasis(x, y, z)
}

export function retargetClip (clip: MotionClip, character: Character, rig: RigMapping): RetargetedAnimation {
  const source = clip.skeleton
  const sourceIndex = new Map(source.joints.map((j, i) => [j.name, i]))
  const restRotations = new Float32Array(source.joints.length * 4)
  for (let j = 0; j < source.joints.length; j++) restRotations[j * 4 + 3] = 1
  const sourceRest = fkPose(source, source.joints[0]!.offset, restRotations).positions
  const sourcePos = (joint: JointName): Vec3 => {
    const i = sourceIndex.get(joint)
    if (i === undefined) throw new CharacterError(CHARACTER_ERROR.retarget, `the clip's skeleton has no ${joint}`)
    return sourceRest[i]!
  }
  const targetRest = worldTransforms(character.nodes)
  const targetPos = (joint: JointName): Vec3 => targetRest[rig.joints.get(joint)!]!.t

  // The whole-body alignment from the hips: up along the spine, lateral from the right to the left thigh.
  const sourceFrame = frame(sub(sourcePos('Head'), sourcePos('Hips')), sub(sourcePos('LeftUpLeg'), sourcePos('RightUpLeg')))
  const targetFrame = frame(sub(targetPos('Head'), targetPos('Hips')), sub(targetPos('LeftUpLeg'), targetPos('RightUpLeg')))
  const global = quatMultiply(sourceFrame, quatConjugate(targetFrame))

  // Per mapped joint: rotation taking the target's rest bone onto the source's rest bone, after the global one.
  const align = new Map<JointName, Quat>()
  const mappedJoints = source.joints.map((j) => j.name as JointName).filter((name) => rig.joints.has(name))
  for (const joint of mappedJoints) {
    if (joint === 'Hips') { align.set(joint, global); continue }
    const child = (DIRECTION[joint] ?? []).find((c) => rig.joints.has(c) && sourceIndex.has(c))
    if (child === undefined) {
      // End bones (hands without fingers, head, toes) turn like their nearest mapped ancestor.
      let parent = source.joints[sourceIndex.get(joint)!]!.parent
      while (parent >= 0 && !align.has(source.joints[parent]!.name as JointName)) parent = source.joints[parent]!.parent
      align.set(joint, parent >= 0 ? align.get(source.joints[parent]!.name as JointName)! : global)
      continue
    }
    const from = unit(quatRotate(global, sub(targetPos(child), targetPos(joint))))
    const to = unit(sub(sourcePos(child), sourcePos(joint)))
    align.set(joint, quatMultiply(quatFromTo(from, to), global))
  }

  const legLength = (hips: Vec3, left: Vec3, right: Vec3): number => hips[1] - (left[1] + right[1]) / 2
  const sourceLegs = legLength(sourcePos('Hips'), sourcePos('LeftFoot'), sourcePos('RightFoot'))
  const targetLegs = legLength(targetPos('Hips'), targetPos('LeftFoot'), targetPos('RightFoot'))
  if (!(sourceLegs > 0) || !(targetLegs > 0)) { throw new CharacterError(CHARACTER_ERROR.retarget, 'the feet are not below the hips in the rest pose (is the character upside down or lying?)') }
  const scale = targetLegs / sourceLegs

  const nodeJoint = new Map<number, JointName>([...rig.joints].map(([joint, node]) => [node, joint]))
  const order = character.nodes.map((_, i) => i).sort((a, b) => depthOf(character, a) - depthOf(character, b))
  const hipsNode = rig.joints.get('Hips')!
  const sourceHipsRest = sourcePos('Hips')
  const targetHipsRest = targetPos('Hips')
  const rotations = new Map<number, Float32Array>([...nodeJoint.keys()].map((n) => [n, new Float32Array(clip.frameCount * 4)]))
  const hipsTranslation = new Float32Array(clip.frameCount * 3)
  const world: Transform[][] = []
  const n = source.joints.length
  const legs = (['Left', 'Right'] as const).map((side) => ({
    nodes: [rig.joints.get(`${side}UpLeg`)!, rig.joints.get(`${side}Leg`)!, rig.joints.get(`${side}Foot`)!] as const,
    source: [sourceIndex.get(`${side}UpLeg`)!, sourceIndex.get(`${side}Foot`)!] as const,
    footRestHeight: targetPos(`${side}Foot`)[1],
    sourceFootRestHeight: sourcePos(`${side}Foot`)[1]
  }))

  /** Every node's world transform for the mapped bones' world rotations and the hips' world position. */
  const pose = (worldRotations: Map<number, Quat>, hipsWorld: Vec3, frame: number): Transform[] => {
    const current = new Array<Transform>(character.nodes.length)
    for (const node of order) {
      const rest = character.nodes[node]!
      const parent = rest.parent < 0 ? { t: [0, 0, 0] as Vec3, r: [0, 0, 0, 1] as Quat, s: 1 } : current[rest.parent]!
      const worldRotation = worldRotations.get(node)
      if (worldRotation === undefined) {
        current[node] = compose(parent, { t: rest.translation, r: rest.rotation, s: uniformScale(rest.scale) })
        continue
      }
      const local = quatMultiply(quatConjugate(parent.r), worldRotation)
      let translation = rest.translation
      if (node === hipsNode) {
        translation = localPosition(parent, hipsWorld)
        hipsTranslation.set(translation, frame * 3)
      }
      rotations.get(node)!.set(local, frame * 4)
      current[node] = compose(parent, { t: translation, r: local, s: uniformScale(rest.scale) })
    }
    return current
  }

  for (let f = 0; f < clip.frameCount; f++) {
    const root: Vec3 = [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
    const sourcePose = fkPose(clip.skeleton, root, clip.rotations, f * n * 4)
    const worldRotations = new Map<number, Quat>()
    for (const [node, joint] of nodeJoint) {
      worldRotations.set(node, quatMultiply(quatMultiply(sourcePose.rotations[sourceIndex.get(joint)!]!, align.get(joint)!), targetRest[node]!.r))
    }
    const hipsWorld: Vec3 = [0, 1, 2].map((c) => targetHipsRest[c]! + (root[c]! - sourceHipsRest[c]!) * scale) as Vec3
    let current = pose(worldRotations, hipsWorld, f)
    // Legs of other proportions than ours put the feet elsewhere than the scaled source: reach for the scaled
    // source foot (height above their floor, stride from their hip) so contacts and strides are kept.
    let moved = false
    for (const leg of legs) {
      const [thigh, shin, foot] = leg.nodes
      const a = current[thigh]!.t
      const sourceThigh = sourcePose.positions[leg.source[0]]!
      const sourceFoot = sourcePose.positions[leg.source[1]]!
      const target: Vec3 = [
        a[0] + (sourceFoot[0] - sourceThigh[0]) * scale,
        leg.footRestHeight + (sourceFoot[1] - leg.sourceFootRestHeight) * scale,
        a[2] + (sourceFoot[2] - sourceThigh[2]) * scale
      ]
      const turn = reachFor(a, current[shin]!.t, current[foot]!.t, target, quatRotate(sourcePose.rotations[0]!, [0, 0, 1]))
      if (turn === undefined) continue
      worldRotations.set(thigh, quatMultiply(turn.upper, worldRotations.get(thigh)!))
      worldRotations.set(shin, quatMultiply(turn.lower, quatMultiply(turn.upper, worldRotations.get(shin)!)))
      moved = true
    }
    if (moved) current = pose(worldRotations, hipsWorld, f)
    world.push(current)
  }
  return { fps: clip.fps, frameCount: clip.frameCount, rotations, hips: { node: hipsNode, translation: hipsTranslation }, scale, world }
}

function depthOf (character: Character, node: number): number {
  let d = 0
  for (let p = character.nodes[node]!.parent; p >= 0; p = character.nodes[p]!.parent) d++
  return d
}
