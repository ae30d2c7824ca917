// glTF 2.0 binary: the rig as a node hierarchy in its rest pose, the mannequin (or a given mesh) skinned to it,
// and one animation. glTF's axes match the clip contract (Y up, metres, +Z forward), so nothing is converted.
import { Document, WebIO } from '@gltf-transform/core'
import type { Node } from '@gltf-transform/core'
import type { MotionClip, Quat } from '@openmotion/motion-engine'
import type { SkinnedMesh } from './mannequin-mesh.js'
import type { StockCharacterId } from './stock-characters.js'
import { stockMesh } from './stock-mesh.js'
import { boneRotation, buildRig, hipsTranslation } from './rig.js'
import type { Rig, RigOptions } from './rig.js'
import { assertValidClip } from './validate-clip.js'

export interface GlbOptions extends RigOptions {
  /** Skinned mesh in the skeleton's rest pose with skeleton joint indices; default the stock `character`. */
  mesh?: SkinnedMesh
  /** Stock character built when no `mesh` is given; default "mannequin". */
  character?: StockCharacterId
  /** Name of the scene, the animation and the mesh node; default "OpenMotion". */
  name?: string
}

/** Keeps consecutive quaternions in one hemisphere so interpolation never takes the long way round. */
function sampleRotations (clip: MotionClip, rig: Rig, bone: number): Float32Array {
  const out = new Float32Array(clip.frameCount * 4)
  let prev: Quat | undefined
  for (let f = 0; f < clip.frameCount; f++) {
    let q = boneRotation(clip, rig.bones[bone]!, f)
    if (prev !== undefined && q[0] * prev[0] + q[1] * prev[1] + q[2] * prev[2] + q[3] * prev[3] < 0) {
      q = [-q[0], -q[1], -q[2], -q[3]]
    }
    out.set(q, f * 4)
    prev = q
  }
  return out
}

function addSkinnedMesh (doc: Document, rig: Rig, mesh: SkinnedMesh, jointNodes: Node[], name: string): Node {
  const buffer = doc.getRoot().listBuffers()[0]!
  const shift = rig.hips
  const jointCount = rig.bones.length
  const joints = Uint16Array.from(mesh.joints, j => j + shift)
  for (const j of joints) if (j >= jointCount) throw new RangeError(`mesh references joint ${j - shift}, skeleton has ${jointCount - shift}`)
  const vertexCount = mesh.positions.length / 3
  const attr = (array: Float32Array | Uint16Array, type: 'VEC3' | 'VEC4') =>
    doc.createAccessor().setBuffer(buffer).setType(type).setArray(array)
  const indices = vertexCount < 65536 ? Uint16Array.from(mesh.indices) : Uint32Array.from(mesh.indices)
  const material = doc.createMaterial(`${name}Material`).setBaseColorFactor(mesh.baseColor)
    .setMetallicFactor(0).setRoughnessFactor(0.65)
  const primitive = doc.createPrimitive()
    .setAttribute('POSITION', attr(mesh.positions, 'VEC3'))
    .setAttribute('NORMAL', attr(mesh.normals, 'VEC3'))
    .setAttribute('JOINTS_0', attr(joints, 'VEC4'))
    .setAttribute('WEIGHTS_0', attr(mesh.weights, 'VEC4'))
    .setIndices(doc.createAccessor().setBuffer(buffer).setType('SCALAR').setArray(indices))
    .setMaterial(material)
  // Inverse bind matrices: every rest rotation is identity, so each is a translation by minus the bone's rest
  // world position (column-major).
  const ibm = new Float32Array(jointCount * 16)
  rig.restWorld.forEach((p, i) => ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -p[0], -p[1], -p[2], 1], i * 16))
  const skin = doc.createSkin(`${name}Skin`)
    .setSkeleton(jointNodes[0]!)
    .setInverseBindMatrices(doc.createAccessor().setBuffer(buffer).setType('MAT4').setArray(ibm))
  for (const n of jointNodes) skin.addJoint(n)
  return doc.createNode(`${name}Mesh`).setMesh(doc.createMesh(`${name}Mesh`).addPrimitive(primitive)).setSkin(skin)
}

function addAnimation (doc: Document, clip: MotionClip, rig: Rig, jointNodes: Node[], name: string): void {
  const buffer = doc.getRoot().listBuffers()[0]!
  const times = new Float32Array(clip.frameCount)
  for (let f = 0; f < clip.frameCount; f++) times[f] = f / clip.fps
  const input = doc.createAccessor().setBuffer(buffer).setType('SCALAR').setArray(times)
  const animation = doc.createAnimation(name)
  const channel = (node: Node, path: 'translation' | 'rotation', values: Float32Array): void => {
    const output = doc.createAccessor().setBuffer(buffer).setType(path === 'translation' ? 'VEC3' : 'VEC4').setArray(values)
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR')
    animation.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler))
  }
  const translation = new Float32Array(clip.frameCount * 3)
  for (let f = 0; f < clip.frameCount; f++) translation.set(hipsTranslation(clip, f), f * 3)
  channel(jointNodes[rig.hips]!, 'translation', translation)
  rig.bones.forEach((b, i) => { if (b.joint >= 0) channel(jointNodes[i]!, 'rotation', sampleRotations(clip, rig, i)) })
}

/**
 * Serialises a clip as GLB. Async because @gltf-transform's writer is; the work itself is synchronous CPU.
 */
export async function writeGlb (clip: MotionClip, options: GlbOptions = {}): Promise<Uint8Array> {
  assertValidClip(clip)
  const name = options.name ?? 'OpenMotion'
  const stock = stockMesh(clip, options)
  clip = stock.clip
  const rig = buildRig(clip, options)
  const doc = new Document()
  doc.getRoot().getAsset().generator = '@openmotion/motion-formats'
  doc.createBuffer()
  const jointNodes = rig.bones.map(b => doc.createNode(b.name).setTranslation([...b.rest]))
  rig.bones.forEach((b, i) => { if (b.parent >= 0) jointNodes[b.parent]!.addChild(jointNodes[i]!) })
  const meshNode = addSkinnedMesh(doc, rig, stock.mesh, jointNodes, name)
  const scene = doc.createScene(name).addChild(jointNodes[0]!).addChild(meshNode)
  doc.getRoot().setDefaultScene(scene)
  addAnimation(doc, clip, rig, jointNodes, name)
  return await new WebIO().writeBinary(doc)
}
