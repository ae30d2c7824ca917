// Their meshes as one skinned mesh in the rest pose, for the FBX writer: skinned primitives are posed by linear
// blend skinning with the rest-pose joint matrices (so the vertices sit exactly where the bones rest, whatever
// bind pose the file stored), meshes hung under a bone without a skin follow that bone rigidly. Joint indices
// are positions in `bones` (the exported skeleton); a joint outside it is carried by its nearest exported ancestor.
import type { Accessor, Node, Primitive } from '@gltf-transform/core'
import type { SkinnedMesh } from '@openmotion/motion-formats'
import type { Character } from './load-character.js'
import { mat4Multiply } from '@openmotion/motion-engine'

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
const TRIANGLES = 4

function transformPoint (m: ArrayLike<number>, v: readonly number[], w: number): [number, number, number] {
  return [0, 1, 2].map((r) => m[r]! * v[0]! + m[4 + r]! * v[1]! + m[8 + r]! * v[2]! + m[12 + r]! * w) as [number, number, number]
}

interface Influence { matrix: ArrayLike<number>, bone: number }

export function characterMesh (character: Character, bones: readonly number[]): SkinnedMesh {
  const nodes = character.document.getRoot().listNodes()
  const nodeIndex = new Map<Node, number>(nodes.map((n, i) => [n, i]))
  const bonePosition = new Map(bones.map((node, i) => [node, i]))
  /** The exported bone carrying a node: itself, else its nearest exported ancestor, else the hips. */
  const carrier = (node: number): number => {
    for (let n = node; n >= 0; n = character.nodes[n]!.parent) {
      const at = bonePosition.get(n)
      if (at !== undefined) return at
    }
    return 0
  }

  const positions: number[] = []
  const normals: number[] = []
  const joints: number[] = []
  const weights: number[] = []
  const indices: number[] = []
  let baseColor: [number, number, number, number] | undefined

  for (const node of nodes) {
    const mesh = node.getMesh()
    if (mesh === null) continue
    const skin = node.getSkin()
    let influences: Influence[]
    if (skin !== null) {
      const ibm = skin.getInverseBindMatrices()
      influences = skin.listJoints().map((joint, j) => ({
        matrix: mat4Multiply(joint.getWorldMatrix(), ibm === null ? IDENTITY : ibm.getElement(j, [])),
        bone: carrier(nodeIndex.get(joint)!)
      }))
    } else {
      const parent = character.nodes[nodeIndex.get(node)!]!.parent
      // A mesh outside the skeleton (a prop at the scene root) has nothing to follow: not part of the character.
      if (parent < 0 || !character.skinJoints.some((j) => j === parent || isAncestor(character, j, parent))) continue
      influences = [{ matrix: node.getWorldMatrix(), bone: carrier(parent) }]
    }
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== TRIANGLES) continue
      const added = addPrimitive(primitive, influences, skin !== null, positions.length / 3, { positions, normals, joints, weights, indices })
      if (added && baseColor === undefined) {
        const factor = primitive.getMaterial()?.getBaseColorFactor()
        if (factor !== undefined) baseColor = [factor[0], factor[1], factor[2], factor[3]]
      }
    }
  }
  return {
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    joints: Uint16Array.from(joints),
    weights: Float32Array.from(weights),
    indices: Uint32Array.from(indices),
    baseColor: baseColor ?? [0.8, 0.8, 0.8, 1]
  }
}

function isAncestor (character: Character, ancestor: number, node: number): boolean {
  for (let n = character.nodes[node]!.parent; n >= 0; n = character.nodes[n]!.parent) if (n === ancestor) return true
  return false
}

interface Out { positions: number[], normals: number[], joints: number[], weights: number[], indices: number[] }

function addPrimitive (primitive: Primitive, influences: Influence[], skinned: boolean, base: number, out: Out): boolean {
  const position = primitive.getAttribute('POSITION')
  if (position === null) return false
  const normal = primitive.getAttribute('NORMAL')
  const jointsAttribute = skinned ? primitive.getAttribute('JOINTS_0') : null
  const weightsAttribute = skinned ? primitive.getAttribute('WEIGHTS_0') : null
  if (skinned && (jointsAttribute === null || weightsAttribute === null)) return false
  const count = position.getCount()
  const p: number[] = []; const n: number[] = []; const j: number[] = []; const w: number[] = []
  for (let v = 0; v < count; v++) {
    const slots = skinned ? vertexInfluences(jointsAttribute!, weightsAttribute!, v) : [{ joint: 0, weight: 1 }]
    const sum = slots.reduce((s, x) => s + x.weight, 0) || 1
    const pos = position.getElement(v, [])
    const nor = normal?.getElement(v, []) ?? [0, 1, 0]
    const posed = [0, 0, 0]; const turned = [0, 0, 0]
    const bones: number[] = []; const bw: number[] = []
    for (const { joint, weight } of slots) {
      const influence = influences[joint]
      if (influence === undefined) continue
      const wp = transformPoint(influence.matrix, pos, 1)
      const wn = transformPoint(influence.matrix, nor, 0)
      for (let c = 0; c < 3; c++) { posed[c]! += (weight / sum) * wp[c]!; turned[c]! += (weight / sum) * wn[c]! }
      const at = bones.indexOf(influence.bone)
      if (at >= 0) bw[at]! += weight / sum
      else { bones.push(influence.bone); bw.push(weight / sum) }
    }
    const l = Math.hypot(turned[0]!, turned[1]!, turned[2]!) || 1
    p.push(posed[0]!, posed[1]!, posed[2]!); n.push(turned[0]! / l, turned[1]! / l, turned[2]! / l)
    const total = bw.reduce((s, x) => s + x, 0) || 1
    for (let s = 0; s < 4; s++) { j.push(bones[s] ?? 0); w.push(s < bones.length ? bw[s]! / total : 0) }
  }
  const primitiveIndices = primitive.getIndices()
  const tri = primitiveIndices === null ? Array.from({ length: count }, (_, i) => i) : Array.from(primitiveIndices.getArray()!, Number)
  // Element by element: spreading a large mesh's arrays into push() would exceed the engine's argument limit.
  for (const x of p) out.positions.push(x)
  for (const x of n) out.normals.push(x)
  for (const x of j) out.joints.push(x)
  for (const x of w) out.weights.push(x)
  for (let t = 0; t + 2 < tri.length; t += 3) out.indices.push(base + tri[t]!, base + tri[t + 1]!, base + tri[t + 2]!)
  return true
}

/** The four strongest influences of a vertex (JOINTS_0/WEIGHTS_0 only: FBX-bound meshes rarely need more). */
function vertexInfluences (joints: Accessor, weights: Accessor, v: number): Array<{ joint: number, weight: number }> {
  const js = joints.getElement(v, [])
  const ws = weights.getElement(v, [])
  return js.map((joint, s) => ({ joint, weight: ws[s] ?? 0 })).filter((x) => x.weight > 0)
}
