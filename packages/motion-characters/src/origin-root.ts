// The API's rootAtOrigin on an uploaded character: a static bone at the world origin becomes the hips' parent
// (what game engines expect for root motion). Rigs that already have such a bone (Unreal's `root`) are left as
// they are. World rest transforms do not change, so the skin's bind matrices stay valid.
import type { Node } from '@gltf-transform/core'
import { quatConjugate, quatRotate, type Quat, type Vec3 } from '@openmotion/motion-engine'
import type { Character } from './load-character.js'
import { worldTransforms } from './transforms.js'

const IDENTITY_MATRIX = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

/** Adds the origin bone to the character (document and node list) unless the hips' parent already is one. */
export function addOriginRoot (character: Character, hips: number): Character {
  const rest = worldTransforms(character.nodes)
  const parent = character.nodes[hips]!.parent
  if (parent >= 0 && character.skinJoints.includes(parent)) {
    const p = rest[parent]!
    const atOrigin = Math.hypot(...p.t) < 1e-6 && Math.abs(p.r[3]) > 1 - 1e-9 && Math.abs(p.s - 1) < 1e-9
    if (atOrigin) return character
  }
  const doc = character.document
  const gltfNodes = doc.getRoot().listNodes()
  const hipsNode = gltfNodes[hips]!
  const taken = new Set(character.nodes.map((n) => n.name))
  const name = taken.has('Root') ? 'OpenMotionRoot' : 'Root'

  // The new bone's local transform cancels its parent's world transform: it sits at the origin, unrotated, unscaled.
  let local = { translation: [0, 0, 0] as Vec3, rotation: [0, 0, 0, 1] as Quat, scale: [1, 1, 1] as Vec3 }
  if (parent >= 0) {
    const p = rest[parent]!
    const r = quatConjugate(p.r)
    const t = quatRotate(r, p.t).map((v) => -v / p.s) as Vec3
    local = { translation: t, rotation: r, scale: [1 / p.s, 1 / p.s, 1 / p.s] }
  }
  const root = doc.createNode(name).setTranslation(local.translation).setRotation(local.rotation).setScale(local.scale)
  if (parent >= 0) {
    gltfNodes[parent]!.removeChild(hipsNode).addChild(root)
  } else {
    for (const scene of doc.getRoot().listScenes()) {
      if (scene.listChildren().includes(hipsNode)) scene.removeChild(hipsNode).addChild(root)
    }
  }
  // Under an unrotated, unscaled origin bone the hips' local transform is their world one.
  const h = rest[hips]!
  hipsNode.setTranslation(h.t).setRotation(h.r).setScale([h.s, h.s, h.s])
  root.addChild(hipsNode)

  for (const skin of doc.getRoot().listSkins()) {
    if (!skin.listJoints().includes(hipsNode)) continue
    const ibm = skin.getInverseBindMatrices()
    if (ibm !== null) {
      const values = Array.from(ibm.getArray()!, Number)
      ibm.setArray(new Float32Array([...values, ...IDENTITY_MATRIX]))
    }
    skin.addJoint(root)
    const skeleton = skin.getSkeleton()
    if (skeleton !== null && !isAncestorOrSelf(skeleton, root)) skin.setSkeleton(root)
  }

  const index = character.nodes.length
  const nodes = character.nodes.map((n, i) => (i === hips ? { ...n, parent: index, translation: h.t, rotation: h.r, scale: [h.s, h.s, h.s] as Vec3 } : n))
  nodes.push({ name, parent, ...local })
  return { ...character, nodes, skinJoints: [...character.skinJoints, index] }
}

function isAncestorOrSelf (candidate: Node, node: Node): boolean {
  for (let n: Node | null = node; n !== null; n = n.getParentNode()) if (n === candidate) return true
  return false
}
