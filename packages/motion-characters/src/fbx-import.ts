// FBX (binary 7.x, and ASCII through fbx-ascii-reader) to a glTF document: Model nodes with their full local
// transforms (pivots, offsets, pre/post-rotations, every rotation order: fbx-transform.ts), geometry with UVs and
// smooth normals, geometric transforms baked into the vertices, the material's diffuse colour and embedded
// diffuse texture, blendshapes as morph targets, and the skin rebuilt from the clusters (bind matrices from
// TransformLink and the cluster's Transform, as the FBX SDK does). Units and up axis come from GlobalSettings,
// applied by one root node.
import { Document, type Material, type Node } from '@gltf-transform/core'
import { quatFromAxisAngleRad } from '@openmotion/motion-engine'
import { readFbxNodes, type FbxNode, type FbxProperty } from '@openmotion/motion-formats'
import { readFbxAscii } from './fbx-ascii-reader.js'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import { numbers, readGeometry, shapeDeltas, type FbxGeometry } from './fbx-geometry.js'
import { diffuseImage } from './fbx-texture.js'
import { geometricMatrix, modelLocalMatrix } from './fbx-transform.js'
import { mat4Invert, mat4Multiply, type Mat4 } from '@openmotion/motion-engine'

const BINARY_MAGIC = 'Kaydara FBX Binary'

function value (p: FbxProperty | undefined): unknown { return p?.value }
const id = (p: FbxProperty | undefined): string => String(value(p) ?? '')
const child = (n: FbxNode, name: string): FbxNode | undefined => n.children.find((c) => c.name === name)
const children = (n: FbxNode | undefined, name: string): FbxNode[] => n?.children.filter((c) => c.name === name) ?? []
/** "Name\x00\x01Class" (binary) or "Class::Name" (ASCII) → Name. */
function objectName (p: FbxProperty | undefined): string {
  const raw = String(value(p) ?? '')
  if (raw.includes('\x00\x01')) return raw.split('\x00\x01')[0]!
  return raw.includes('::') ? raw.slice(raw.indexOf('::') + 2) : raw
}

function properties (n: FbxNode): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const p of children(child(n, 'Properties70'), 'P')) out.set(String(p.props[0]?.value), p.props.slice(4).map((q) => Number(q.value)))
  return out
}

export function readFbxFile (bytes: Uint8Array): FbxNode[] {
  try {
    if (Buffer.from(bytes.subarray(0, 18)).toString('latin1') === BINARY_MAGIC) return readFbxNodes(bytes).nodes
    return readFbxAscii(Buffer.from(bytes).toString('utf8'))
  } catch (error) {
    if (error instanceof CharacterError) throw error
    throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX file cannot be read: ${(error as Error).message}`, { cause: error })
  }
}

type Matrix = Parameters<Node['setMatrix']>[0]

/** Column-major 4×4 applied to a point (w = 1) or a direction (w = 0). */
function apply (m: ArrayLike<number>, x: number, y: number, z: number, w: number): [number, number, number] {
  return [0, 1, 2].map((r) => m[r]! * x + m[4 + r]! * y + m[8 + r]! * z + m[12 + r]! * w) as [number, number, number]
}

/** The geometric transform baked into positions (points), normals and shape deltas (directions). */
function bake (geometry: FbxGeometry, m: ArrayLike<number>): void {
  for (let i = 0; i < geometry.positions.length; i += 3) {
    geometry.positions.set(apply(m, geometry.positions[i]!, geometry.positions[i + 1]!, geometry.positions[i + 2]!, 1), i)
    const n = apply(m, geometry.normals[i]!, geometry.normals[i + 1]!, geometry.normals[i + 2]!, 0)
    const l = Math.hypot(...n) || 1
    geometry.normals.set([n[0] / l, n[1] / l, n[2] / l], i)
  }
}

export interface FbxImport { document: Document, missingTextures: string[] }

export function importFbx (bytes: Uint8Array, limits: { maxNodes: number }): FbxImport {
  const top = readFbxFile(bytes)
  const objects = top.find((n) => n.name === 'Objects')
  if (objects === undefined) throw new CharacterError(CHARACTER_ERROR.meshLoad, 'the FBX file has no Objects section')
  const global = top.find((n) => n.name === 'GlobalSettings')
  const settings = global === undefined ? new Map<string, number[]>() : properties(global)
  const unitScale = (settings.get('UnitScaleFactor')?.[0] ?? 1) / 100
  const upAxis = settings.get('UpAxis')?.[0] ?? 1

  const byId = new Map<string, FbxNode>()
  for (const o of objects.children) byId.set(id(o.props[0]), o)
  if (byId.size > limits.maxNodes * 4) { throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX file has ${byId.size} objects; the limit is ${limits.maxNodes * 4}`) }
  const parentsOf = new Map<string, string[]>()
  const childrenOf = new Map<string, string[]>()
  /** Object → property connections (a texture plugged into a material's DiffuseColor): parent → [child, property]. */
  const propertyChildren = new Map<string, Array<[string, string]>>()
  for (const c of children(top.find((n) => n.name === 'Connections'), 'C')) {
    const kind = String(c.props[0]?.value)
    const [from, to] = [id(c.props[1]), id(c.props[2])]
    if (kind === 'OP') propertyChildren.set(to, [...(propertyChildren.get(to) ?? []), [from, String(c.props[3]?.value ?? '')]])
    if (kind !== 'OO') continue
    parentsOf.set(from, [...(parentsOf.get(from) ?? []), to])
    childrenOf.set(to, [...(childrenOf.get(to) ?? []), from])
  }
  const ofKind = (ids: string[] | undefined, name: string, kind?: string): FbxNode[] =>
    (ids ?? [])
      .map((i) => byId.get(i))
      .filter((o): o is FbxNode => o !== undefined && o.name === name && (kind === undefined || String(o.props[2]?.value) === kind))

  const doc = new Document()
  const buffer = doc.createBuffer()
  const scene = doc.createScene('Scene')
  const root = doc.createNode('FBXRoot').setScale([unitScale, unitScale, unitScale])
  // Z-up files are turned so +Z becomes +Y, as glTF requires.
  if (upAxis === 2) root.setRotation(quatFromAxisAngleRad([1, 0, 0], -Math.PI / 2))
  scene.addChild(root)

  const models = objects.children.filter((o) => o.name === 'Model')
  if (models.length > limits.maxNodes) { throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX file has ${models.length} models; the limit is ${limits.maxNodes}`) }
  const nodes = new Map<string, Node>()
  const local = new Map<string, Mat4>()
  for (const m of models) {
    const matrix = modelLocalMatrix(properties(m))
    nodes.set(id(m.props[0]), doc.createNode(objectName(m.props[1])).setMatrix(Array.from(matrix) as Matrix))
    local.set(id(m.props[0]), matrix)
  }
  const modelParent = (modelId: string): string | undefined => (parentsOf.get(modelId) ?? []).find((p) => nodes.has(p))
  for (const [modelId, n] of nodes) {
    const parent = modelParent(modelId)
    ;(parent === undefined ? root : nodes.get(parent)!).addChild(n)
  }
  // Rest global matrices in file units (below the root), for the mesh bind transform.
  const globalCache = new Map<string, Mat4>()
  const globalOf = (modelId: string, depth = 0): Mat4 => {
    const cached = globalCache.get(modelId)
    if (cached !== undefined) return cached
    if (depth > models.length) throw new CharacterError(CHARACTER_ERROR.metadata, 'the FBX model hierarchy has a cycle')
    const parent = modelParent(modelId)
    const g = parent === undefined ? local.get(modelId)! : mat4Multiply(globalOf(parent, depth + 1), local.get(modelId)!)
    globalCache.set(modelId, g)
    return g
  }
  for (const modelId of nodes.keys()) globalOf(modelId)

  const missingTextures: string[] = []
  const materials = new Map<string, Material>()
  const materialOf = (material: FbxNode | undefined): Material => {
    const key = material === undefined ? '' : id(material.props[0])
    const known = materials.get(key)
    if (known !== undefined) return known
    const p = material === undefined ? new Map<string, number[]>() : properties(material)
    const diffuse = p.get('DiffuseColor') ?? p.get('Diffuse') ?? [0.7, 0.7, 0.7]
    const made = doc
      .createMaterial(material === undefined ? 'Material' : objectName(material.props[1]))
      .setBaseColorFactor([diffuse[0] ?? 0.7, diffuse[1] ?? 0.7, diffuse[2] ?? 0.7, 1])
    const texture = (propertyChildren.get(key) ?? [])
      .filter(([, prop]) => /diffuse|basecolor/i.test(prop))
      .map(([t]) => byId.get(t))
      .find((t) => t?.name === 'Texture')
    if (texture !== undefined) {
      const found = diffuseImage(texture, ofKind(childrenOf.get(id(texture.props[0])), 'Video'))
      if (found.image !== undefined) {
        made
          .setBaseColorFactor([1, 1, 1, 1])
          .setBaseColorTexture(doc.createTexture(found.image.name).setImage(found.image.bytes).setMimeType(found.image.mimeType))
      } else if (found.missing !== undefined) missingTextures.push(found.missing)
    }
    materials.set(key, made)
    return made
  }
  const accessor = (array: Float32Array | Uint16Array | Uint32Array, type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4') =>
    doc.createAccessor().setBuffer(buffer).setType(type).setArray(array)

  for (const m of models.filter((o) => String(o.props[2]?.value) === 'Mesh')) {
    const modelId = id(m.props[0])
    const geometryNode = ofKind(childrenOf.get(modelId), 'Geometry')[0]
    if (geometryNode === undefined) continue
    const geometry = readGeometry(geometryNode)
    const count = geometry.controlPoint.length
    if (count === 0 || geometry.indices.length === 0) continue
    const geometric = geometricMatrix(properties(m))
    bake(geometry, geometric)
    // One primitive per material the polygons use, all sharing the vertex accessors.
    const modelMaterials = ofKind(childrenOf.get(modelId), 'Material')
    const [position, normal] = [accessor(geometry.positions, 'VEC3'), accessor(geometry.normals, 'VEC3')]
    const uv = geometry.uvs === undefined ? undefined : accessor(geometry.uvs, 'VEC2')
    const mesh = doc.createMesh(objectName(m.props[1]))
    const primitives = [...new Set(geometry.triangleMaterial)].sort((a, b) => a - b).map((material) => {
      const triangles = geometry.indices.filter((_, i) => geometry.triangleMaterial[Math.floor(i / 3)] === material)
      const primitive = doc.createPrimitive().setAttribute('POSITION', position).setAttribute('NORMAL', normal).setIndices(accessor(triangles, 'SCALAR'))
        .setMaterial(materialOf(modelMaterials[material] ?? modelMaterials[0]))
      if (uv !== undefined) primitive.setAttribute('TEXCOORD_0', uv)
      mesh.addPrimitive(primitive)
      return primitive
    })
    addBlendshapes(geometryNode, geometry, geometric)
    const meshNode = doc.createNode(`${objectName(m.props[1])}_mesh`).setMesh(mesh)
    root.addChild(meshNode)

    const skin = ofKind(childrenOf.get(id(geometryNode.props[0])), 'Deformer', 'Skin')[0]
    const clusters = skin === undefined ? [] : ofKind(childrenOf.get(id(skin.props[0])), 'Deformer', 'Cluster')
    const bones = clusters.map((c) => ofKind(childrenOf.get(id(c.props[0])), 'Model')[0])
    if (clusters.length === 0 || bones.some((b) => b === undefined)) {
      // Unskinned: placed by its model's transform.
      meshNode.setMatrix(Array.from(globalOf(modelId)) as Matrix)
      continue
    }
    const influences: Array<Array<[number, number]>> = Array.from({ length: geometry.controlPointCount }, () => [])
    clusters.forEach((c, j) => {
      const idx = numbers(child(c, 'Indexes'))
      const w = numbers(child(c, 'Weights'))
      idx.forEach((v, k) => { if (v >= 0 && v < geometry.controlPointCount && (w[k] ?? 0) > 0) influences[v]!.push([j, w[k]!]) })
    })
    const joints = new Uint16Array(count * 4)
    const weights = new Float32Array(count * 4)
    geometry.controlPoint.forEach((cp, v) => {
      const top4 = [...influences[cp]!].sort((a, b) => b[1] - a[1]).slice(0, 4)
      const total = top4.reduce((sum, [, w]) => sum + w, 0)
      if (total === 0) { weights[v * 4] = 1; return } // unweighted vertices follow the first bone
      top4.forEach(([j, w], k) => { joints[v * 4 + k] = j; weights[v * 4 + k] = w / total })
    })
    const [jointsAccessor, weightsAccessor] = [accessor(joints, 'VEC4'), accessor(weights, 'VEC4')]
    for (const primitive of primitives) primitive.setAttribute('JOINTS_0', jointsAccessor).setAttribute('WEIGHTS_0', weightsAccessor)
    // Vertices are in the mesh model's space (geometric transform baked in); a bone's bind matrix is its
    // TransformLink, so inverse bind = TransformLink⁻¹ · mesh rest global — what assimp and three.js compute. The
    // cluster's Transform is not used: writers disagree on what it holds (mesh global, or TransformLink⁻¹ · it).
    const meshGlobal = globalOf(modelId)
    const ibm = new Float32Array(clusters.length * 16)
    clusters.forEach((c, j) => {
      const link = numbers(child(c, 'TransformLink'))
      ibm.set(mat4Multiply(mat4Invert(link.length === 16 ? link : globalOf(id(bones[j]!.props[0]))), meshGlobal), j * 16)
    })
    const gltfSkin = doc.createSkin('Skin').setInverseBindMatrices(accessor(ibm, 'MAT4'))
    for (const b of bones) gltfSkin.addJoint(nodes.get(id(b!.props[0]))!)
    meshNode.setSkin(gltfSkin)

    function addBlendshapes (node: FbxNode, g: FbxGeometry, bakeMatrix: ArrayLike<number>): void {
      const names: string[] = []
      for (const blend of ofKind(childrenOf.get(id(node.props[0])), 'Deformer', 'BlendShape')) {
        for (const channel of ofKind(childrenOf.get(id(blend.props[0])), 'Deformer', 'BlendShapeChannel')) {
          const shape = ofKind(childrenOf.get(id(channel.props[0])), 'Geometry', 'Shape')[0]
          if (shape === undefined) continue
          const perPoint = shapeDeltas(shape, g.controlPointCount)
          const deltas = new Float32Array(count * 3)
          g.controlPoint.forEach((cp, v) => deltas.set(apply(bakeMatrix, perPoint[cp * 3]!, perPoint[cp * 3 + 1]!, perPoint[cp * 3 + 2]!, 0), v * 3))
          const name = objectName(channel.props[1]) || objectName(shape.props[1])
          const target = accessor(deltas, 'VEC3')
          for (const primitive of primitives) primitive.addTarget(doc.createPrimitiveTarget(name).setAttribute('POSITION', target))
          names.push(name)
        }
      }
      if (names.length > 0) mesh.setWeights(names.map(() => 0)).setExtras({ targetNames: names })
    }
  }
  return { document: doc, missingTextures }
}
