// Loads an uploaded character (GLB, glTF with embedded buffers, VRM 0.x/1.0, FBX binary/ASCII) into a gltf-transform Document plus
// the facts rig detection needs: the node hierarchy with rest transforms, the skinned joints, VRM humanoid bones
// and the names of facial blendshapes.
import type { Document, JSONDocument, Node } from '@gltf-transform/core'
import type { Quat, Vec3 } from '@openmotion/motion-engine'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import { importFbx } from './fbx-import.js'
import { gltfIO } from './gltf-io.js'
import { readGltfJson, type CharacterFormat, type GltfJson, type Limits } from './gltf-json.js'

export interface CharacterNode {
  name: string
  parent: number
  translation: Vec3
  rotation: Quat
  scale: Vec3
}

export interface Character {
  format: CharacterFormat
  document: Document
  /** In glTF node order. */
  nodes: CharacterNode[]
  /** Node indices used as joints by any skin. */
  skinJoints: number[]
  /** VRM humanoid bone name (hips, leftUpperArm, …) → node index; empty for plain glTF. */
  vrmHumanoid: Map<string, number>
  /** Morph target names of all meshes and VRM expression names. */
  blendshapeNames: string[]
  /** Textures the file references but does not contain (FBX media not embedded): file names. */
  missingTextures: string[]
  stats: { vertices: number, bones: number, meshes: number }
}

export async function loadCharacter (bytes: Uint8Array, format: CharacterFormat, limits: Limits = {}): Promise<Character> {
  const maxBytes = limits.maxBytes ?? 100 * 1024 * 1024
  if (bytes.length > maxBytes) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the file is ${bytes.length} bytes; the limit is ${maxBytes}`)
  const json: GltfJson = format === 'fbx' ? {} : readGltfJson(bytes, format, limits)
  let document: Document
  let missingTextures: string[] = []
  try {
    if (format === 'fbx') ({ document, missingTextures } = importFbx(bytes, { maxNodes: limits.maxNodes ?? 20_000 }))
    else {
      document = format === 'gltf'
        ? await (await gltfIO()).readJSON({ json: json as JSONDocument['json'], resources: {} })
        : await (await gltfIO()).readBinary(bytes)
    }
  } catch (error) {
    if (error instanceof CharacterError) throw error
    throw new CharacterError(CHARACTER_ERROR.meshLoad, `the mesh cannot be loaded: ${(error as Error).message}`, { cause: error })
  }
  const root = document.getRoot()
  const sourceNodes = root.listNodes()
  const index = new Map(sourceNodes.map((n, i) => [n, i]))
  const nodes: CharacterNode[] = sourceNodes.map((n) => ({
    name: n.getName(),
    parent: -1,
    translation: [...n.getTranslation()] as Vec3,
    rotation: unitRotation(n),
    scale: [...n.getScale()] as Vec3
  }))
  sourceNodes.forEach((n, i) => { for (const c of n.listChildren()) nodes[index.get(c)!]!.parent = i })

  const meshes = root.listMeshes()
  if (meshes.length === 0) throw new CharacterError(CHARACTER_ERROR.meshLoad, 'the file contains no mesh')
  const skinJoints = new Set<number>()
  for (const skin of root.listSkins()) for (const joint of skin.listJoints()) skinJoints.add(index.get(joint)!)
  const skinned = sourceNodes.some((n) => n.getSkin() !== null && n.getMesh() !== null)
  if (!skinned || skinJoints.size === 0) { throw new CharacterError(CHARACTER_ERROR.noSkin, 'the file has no skinned mesh: bind the mesh to a skeleton before uploading') }
  let vertices = 0
  for (const mesh of meshes) for (const p of mesh.listPrimitives()) vertices += p.getAttribute('POSITION')?.getCount() ?? 0

  return {
    format,
    document,
    nodes,
    skinJoints: [...skinJoints].sort((a, b) => a - b),
    vrmHumanoid: vrmHumanoid(json),
    blendshapeNames: [...new Set([...blendshapeNames(json), ...meshTargetNames(document)])],
    missingTextures,
    stats: { vertices, bones: skinJoints.size, meshes: meshes.length }
  }
}

/** VRM 0.x `extensions.VRM.humanoid.humanBones[]` or VRM 1.0 `extensions.VRMC_vrm.humanoid.humanBones{}`. */
function vrmHumanoid (json: GltfJson): Map<string, number> {
  const out = new Map<string, number>()
  const v0 = json.extensions?.VRM as { humanoid?: { humanBones?: Array<{ bone?: string, node?: number }> } } | undefined
  for (const b of v0?.humanoid?.humanBones ?? []) if (typeof b.bone === 'string' && typeof b.node === 'number') out.set(b.bone, b.node)
  const v1 = json.extensions?.VRMC_vrm as { humanoid?: { humanBones?: Record<string, { node?: number }> } } | undefined
  for (const [bone, value] of Object.entries(v1?.humanoid?.humanBones ?? {})) if (typeof value.node === 'number') out.set(bone, value.node)
  const count = json.nodes?.length ?? 0
  for (const [bone, node] of out) { if (node < 0 || node >= count) throw new CharacterError(CHARACTER_ERROR.metadata, `VRM humanoid bone ${bone} names node ${node}, which does not exist`) }
  return out
}

function blendshapeNames (json: GltfJson): string[] {
  const names = new Set<string>()
  for (const mesh of json.meshes ?? []) for (const name of mesh.extras?.targetNames ?? []) if (typeof name === 'string') names.add(name)
  const v0 = json.extensions?.VRM as { blendShapeMaster?: { blendShapeGroups?: Array<{ name?: string, presetName?: string }> } } | undefined
  for (const g of v0?.blendShapeMaster?.blendShapeGroups ?? []) {
    if (typeof g.presetName === 'string' && g.presetName !== 'unknown') names.add(g.presetName)
    else if (typeof g.name === 'string') names.add(g.name)
  }
  const v1 = json.extensions?.VRMC_vrm as { expressions?: { preset?: Record<string, unknown>, custom?: Record<string, unknown> } } | undefined
  for (const name of Object.keys(v1?.expressions?.preset ?? {})) names.add(name)
  for (const name of Object.keys(v1?.expressions?.custom ?? {})) names.add(name)
  return [...names]
}

/** Morph target names the document carries in mesh extras (FBX blendshapes land there). */
function meshTargetNames (document: Document): string[] {
  const names: string[] = []
  for (const mesh of document.getRoot().listMeshes()) {
    const targetNames = (mesh.getExtras() as { targetNames?: unknown }).targetNames
    if (Array.isArray(targetNames)) for (const name of targetNames) if (typeof name === 'string') names.push(name)
  }
  return names
}

/** A node's rotation scaled to unit length (files with non-unit rotations exist; every pose computed from one would scale). */
function unitRotation (node: Node): Quat {
  const r = node.getRotation()
  const l = Math.hypot(...r)
  const unit: Quat = l > 0 ? [r[0] / l, r[1] / l, r[2] / l, r[3] / l] : [0, 0, 0, 1]
  if (Math.abs(l - 1) > 1e-6) node.setRotation(unit)
  return unit
}
