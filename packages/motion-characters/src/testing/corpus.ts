// The test corpus, built by our own code: humanoid characters in several naming schemes, units, rest poses and
// containers, plus broken files. Each is our humanoid skeleton with the stock mannequin skinned to it, so a
// retargeted clip can be checked against the source clip bone by bone.
import { Document, WebIO } from '@gltf-transform/core'
import { KHRONOS_EXTENSIONS, KHRTextureTransform } from '@gltf-transform/extensions'
import {
  createHumanoidSkeleton,
  quatConjugate,
  quatFromAxisAngleRad,
  quatMultiply,
  quatRotate,
  type Quat,
  type Skeleton,
  type Vec3
} from '@openmotion/motion-engine'
import { createMannequinMesh, type StockCharacterId } from '@openmotion/motion-formats'

export { NAMING, VRM_HUMANOID } from './naming.js'

export interface Variant {
  /** Our joint name → bone name in the file. */
  rename: (joint: string) => string
  /** File units per metre (100 = centimetres under a 0.01-scaled armature, like Mixamo exports). */
  unitsPerMetre?: number
  /** Arms rest 40° down instead of the T-pose. */
  aPose?: boolean
  /** The whole rig turned to face −Z. */
  facingBack?: boolean
  height?: number
  /** Thigh and shin lengths relative to ours (other leg proportions than the source skeleton's). */
  legs?: { thigh: number, shin: number }
  /**
   * Soles this much thicker than ours, metres, reaching below the rig's floor: the skeleton stands as ours and the
   * boots go down to y = −soles (a file whose author stood the rig, not the mesh, on the floor).
   */
  soles?: number
  /** The stock build whose body is skinned (a broader one is thicker through the back); default the mannequin. */
  build?: StockCharacterId
  /** A bone with this name at the origin as the hips' parent (Unreal's `root`). */
  rootBone?: string
  skinned?: boolean
  blendshapes?: string[]
  /** Skin weights as careless exporters leave them: not summing to 1, unsorted, a fifth influence in a second set. */
  unnormalisedWeights?: boolean
  /** A base-colour texture (PNG) with KHR_texture_transform and TEXCOORD_0. */
  texture?: boolean
}

/** A 4 × 4 RGB PNG. */
export const TEXTURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAKUlEQVR4nA3HMQEAAAzCMIRVGGdFIXDLlyQSGxcTBIvjU6mt62cyOzcPp2MTQTYdST8AAAAASUVORK5CYII=',
  'base64'
)

interface Pose { t: Vec3, r: Quat }

function restWorld (skeleton: Skeleton, local: Quat[]): Pose[] {
  const out: Pose[] = []
  skeleton.joints.forEach((j, i) => {
    if (j.parent < 0) { out.push({ t: [...j.offset] as Vec3, r: local[i]! }); return }
    const p = out[j.parent]!
    const o = quatRotate(p.r, j.offset)
    out.push({ t: [p.t[0] + o[0], p.t[1] + o[1], p.t[2] + o[2]], r: quatMultiply(p.r, local[i]!) })
  })
  return out
}

/** Column-major inverse of a rotation + translation + uniform scale transform. */
function inverseMatrix (t: Vec3, r: Quat, s: number): number[] {
  const ri = quatConjugate(r)
  const ti = quatRotate(ri, t).map((v) => -v / s) as Vec3
  const cols = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((axis) => quatRotate(ri, axis as Vec3).map((v) => v / s))
  return [...cols[0]!, 0, ...cols[1]!, 0, ...cols[2]!, 0, ...ti, 1]
}

/** Our humanoid at the variant's height and leg proportions. */
export function variantSkeleton (variant: Variant): Skeleton {
  const skeleton = createHumanoidSkeleton({ height: variant.height })
  const legs = variant.legs ?? { thigh: 1, shin: 1 }
  const factor = (name: string): number => (/^(Left|Right)Leg$/.test(name) ? legs.thigh : /^(Left|Right)Foot$/.test(name) ? legs.shin : 1)
  return { joints: skeleton.joints.map((j) => ({ ...j, offset: j.offset.map((v) => v * factor(j.name)) as Vec3 })) }
}

export function buildCharacter (variant: Variant): Document {
  const skeleton = variantSkeleton(variant)
  const mesh = createMannequinMesh(skeleton, { character: variant.build })
  if (variant.soles !== undefined) thickenSoles(skeleton, mesh.positions, variant.soles)
  const n = skeleton.joints.length
  const local: Quat[] = skeleton.joints.map((j) => {
    if (variant.aPose === true && j.name === 'LeftArm') return quatFromAxisAngleRad([0, 0, 1], -0.7)
    if (variant.aPose === true && j.name === 'RightArm') return quatFromAxisAngleRad([0, 0, 1], 0.7)
    return [0, 0, 0, 1]
  })
  const tpose = restWorld(skeleton, skeleton.joints.map(() => [0, 0, 0, 1] as Quat))
  const bind = restWorld(skeleton, local)
  const facing: Quat = variant.facingBack === true ? quatFromAxisAngleRad([0, 1, 0], Math.PI) : [0, 0, 0, 1]
  const units = variant.unitsPerMetre ?? 1

  // Vertices re-posed from the T-pose into the bind pose (linear blend), then turned with the rig.
  const count = mesh.positions.length / 3
  const positions = new Float32Array(count * 3)
  const normals = new Float32Array(count * 3)
  for (let v = 0; v < count; v++) {
    const p: Vec3 = [0, 0, 0]; const nm: Vec3 = [0, 0, 0]
    for (let k = 0; k < 4; k++) {
      const w = mesh.weights[v * 4 + k]!
      if (w === 0) continue
      const j = mesh.joints[v * 4 + k]!
      const rel: Vec3 = [mesh.positions[v * 3]! - tpose[j]!.t[0], mesh.positions[v * 3 + 1]! - tpose[j]!.t[1], mesh.positions[v * 3 + 2]! - tpose[j]!.t[2]]
      const moved = quatRotate(bind[j]!.r, rel)
      const turned = quatRotate(bind[j]!.r, [mesh.normals[v * 3]!, mesh.normals[v * 3 + 1]!, mesh.normals[v * 3 + 2]!])
      for (let c = 0; c < 3; c++) { p[c]! += w * (bind[j]!.t[c]! + moved[c]!); nm[c]! += w * turned[c]! }
    }
    positions.set(quatRotate(facing, p), v * 3)
    const l = Math.hypot(nm[0], nm[1], nm[2]) || 1
    normals.set(quatRotate(facing, [nm[0] / l, nm[1] / l, nm[2] / l]), v * 3)
  }

  const doc = new Document()
  const buffer = doc.createBuffer()
  const scene = doc.createScene('Scene')
  const armature = doc.createNode('Armature').setScale([1 / units, 1 / units, 1 / units]).setRotation(facing)
  scene.addChild(armature)
  const nodes = skeleton.joints.map((j, i) => doc.createNode(variant.rename(j.name))
    .setTranslation([j.offset[0] * units, j.offset[1] * units, j.offset[2] * units]).setRotation(local[i]!))
  const rootBone = variant.rootBone === undefined ? undefined : doc.createNode(variant.rootBone)
  if (rootBone !== undefined) armature.addChild(rootBone)
  skeleton.joints.forEach((j, i) => { (j.parent < 0 ? rootBone ?? armature : nodes[j.parent]!).addChild(nodes[i]!) })

  const accessor = (array: Float32Array | Uint16Array | Uint32Array, type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4') =>
    doc.createAccessor().setBuffer(buffer).setType(type).setArray(array)
  const primitive = doc.createPrimitive()
    .setAttribute('POSITION', accessor(positions, 'VEC3'))
    .setAttribute('NORMAL', accessor(normals, 'VEC3'))
    .setIndices(accessor(Uint32Array.from(mesh.indices), 'SCALAR'))
    .setMaterial(doc.createMaterial('Skin').setBaseColorFactor([0.7, 0.55, 0.45, 1]))
  for (const name of variant.blendshapes ?? []) {
    primitive.addTarget(doc.createPrimitiveTarget(name).setAttribute('POSITION', accessor(new Float32Array(count * 3), 'VEC3')))
  }
  const gltfMesh = doc.createMesh('Body').addPrimitive(primitive)
  if ((variant.blendshapes ?? []).length > 0) gltfMesh.setExtras({ targetNames: variant.blendshapes })
  const body = doc.createNode('Body').setMesh(gltfMesh)
  scene.addChild(body)
  if (variant.texture === true) {
    const uv = new Float32Array(count * 2)
    for (let v = 0; v < count; v++) uv.set([positions[v * 3]! + 0.5, 1 - positions[v * 3 + 1]! / 2], v * 2)
    primitive.setAttribute('TEXCOORD_0', accessor(uv, 'VEC2'))
    const texture = doc.createTexture('skin').setImage(TEXTURE_PNG).setMimeType('image/png').setURI('skin.png')
    const material = primitive.getMaterial()!.setBaseColorTexture(texture)
    const transform = doc.createExtension(KHRTextureTransform)
    material.getBaseColorTextureInfo()!.setExtension('KHR_texture_transform', transform.createTransform().setScale([2, 2]).setOffset([0.25, 0]))
  }
  if (variant.skinned !== false) {
    const [joints, weights] =
      variant.unnormalisedWeights === true ? carelessWeights(mesh.joints, mesh.weights) : [[Uint16Array.from(mesh.joints)], [mesh.weights]]
    joints.forEach((j, k) => primitive.setAttribute(`JOINTS_${k}`, accessor(j, 'VEC4')))
    weights.forEach((w, k) => primitive.setAttribute(`WEIGHTS_${k}`, accessor(w, 'VEC4')))
    const ibm = new Float32Array(n * 16)
    bind.forEach((b, i) => {
      const worldT = quatRotate(facing, b.t)
      ibm.set(inverseMatrix(worldT, quatMultiply(facing, b.r), 1 / units), i * 16)
    })
    const skin = doc.createSkin('Rig').setSkeleton(nodes[0]!).setInverseBindMatrices(accessor(ibm, 'MAT4'))
    for (const node of nodes) skin.addJoint(node)
    if (rootBone !== undefined) {
      skin.addJoint(rootBone).setSkeleton(rootBone)
      skin.getInverseBindMatrices()!.setArray(Float32Array.from([...ibm, ...inverseMatrix([0, 0, 0], facing, 1 / units)]))
    }
    body.setSkin(skin)
  }
  return doc
}

/**
 * Weights scaled by 0.7 or 1.3 (by vertex), slots reversed so the strongest comes last, and a second set with a
 * small fifth influence on the first joint: the same deformation once normalised.
 */
function carelessWeights (joints: ArrayLike<number>, weights: ArrayLike<number>): [Uint16Array[], Float32Array[]] {
  const count = weights.length / 4
  const j0 = new Uint16Array(count * 4); const w0 = new Float32Array(count * 4)
  const j1 = new Uint16Array(count * 4); const w1 = new Float32Array(count * 4)
  for (let v = 0; v < count; v++) {
    const factor = v % 3 === 0 ? 0.7 : v % 3 === 1 ? 1.3 : 1
    for (let s = 0; s < 4; s++) { j0[v * 4 + 3 - s] = joints[v * 4 + s]!; w0[v * 4 + 3 - s] = weights[v * 4 + s]! * factor }
    if (v % 2 === 0) { j1[v * 4] = 0; w1[v * 4] = 0.001 * factor }
  }
  return [[j0, j1], [w0, w1]]
}

export async function glb (doc: Document): Promise<Uint8Array> {
  return await new WebIO().registerExtensions(KHRONOS_EXTENSIONS).writeBinary(doc)
}

/** Rewrites the JSON chunk of a GLB (extensions glTF libraries do not know, deliberate corruption). */
export function patchGlbJson (bytes: Uint8Array, patch: (json: Record<string, unknown>) => void): Uint8Array {
  const view = Buffer.from(bytes)
  const jsonLength = view.readUInt32LE(12)
  const json = JSON.parse(view.subarray(20, 20 + jsonLength).toString('utf8')) as Record<string, unknown>
  patch(json)
  let text = Buffer.from(JSON.stringify(json))
  if (text.length % 4 !== 0) text = Buffer.concat([text, Buffer.alloc(4 - (text.length % 4), 0x20)])
  const rest = view.subarray(20 + jsonLength)
  const header = Buffer.alloc(20)
  header.writeUInt32LE(0x46546c67, 0); header.writeUInt32LE(2, 4); header.writeUInt32LE(20 + text.length + rest.length, 8)
  header.writeUInt32LE(text.length, 12); header.writeUInt32LE(0x4e4f534a, 16)
  return Buffer.concat([header, text, rest])
}

/** glTF JSON with every buffer embedded as a data URI. */
export async function gltfWithDataUris (doc: Document): Promise<Uint8Array> {
  const { json, resources } = await new WebIO().writeJSON(doc)
  for (const buffer of json.buffers ?? []) {
    const data = resources[buffer.uri!]!
    buffer.uri = `data:application/octet-stream;base64,${Buffer.from(data).toString('base64')}`
  }
  return Buffer.from(JSON.stringify(json))
}

/** Stretches everything below the ankles down so the soles reach `soles` lower. */
function thickenSoles (skeleton: Skeleton, positions: Float32Array, soles: number): void {
  let ankle = 0
  for (let i = skeleton.joints.findIndex((j) => j.name === 'LeftFoot'); i >= 0; i = skeleton.joints[i]!.parent) ankle += skeleton.joints[i]!.offset[1]
  for (let v = 1; v < positions.length; v += 3) {
    const y = positions[v]!
    if (y < ankle) positions[v] = ankle - (ankle - y) * (ankle + soles) / ankle
  }
}
