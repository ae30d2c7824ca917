// FBX (binary 7.x, and ASCII through fbx-ascii-reader) to a glTF document: Model nodes with their local
// transforms (Lcl Translation, PreRotation × Lcl Rotation in XYZ Euler order, Lcl Scaling), triangulated geometry
// with smooth normals and the material's diffuse colour, and the skin rebuilt from the clusters (the bind matrices
// from TransformLink, as three.js does). Units and up axis come from GlobalSettings, applied by one root node.
import { Document, type Node } from '@gltf-transform/core'
import { quatFromAxisAngle, quatMultiply, type Quat, type Vec3 } from '@openmotion/motion-engine'
import { readFbxNodes, type FbxNode, type FbxProperty } from '@openmotion/motion-formats'
import { readFbxAscii } from './fbx-ascii-reader.js'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import { invert4, multiply4, trsMatrix } from './matrix4.js'

const BINARY_MAGIC = 'Kaydara FBX Binary'

function value (p: FbxProperty | undefined): unknown { return p?.value }
const id = (p: FbxProperty | undefined): string => String(value(p) ?? '')
const child = (n: FbxNode, name: string): FbxNode | undefined => n.children.find((c) => c.name === name)
const children = (n: FbxNode | undefined, name: string): FbxNode[] => n?.children.filter((c) => c.name === name) ?? []
function numbers (n: FbxNode | undefined): number[] {
  const p = n?.props[0]
  if (p === undefined) return []
  if (ArrayBuffer.isView(p.value)) return Array.from(p.value as ArrayLike<number | bigint>, Number)
  return n!.props.map((q) => Number(q.value))
}
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

/** FBX XYZ Euler (degrees): X applied first, so q = qz · qy · qx. */
function euler (d: number[] | undefined): Quat {
  const [x = 0, y = 0, z = 0] = d ?? []
  const r = Math.PI / 180
  return quatMultiply(quatMultiply(quatFromAxisAngle([0, 0, 1], z * r), quatFromAxisAngle([0, 1, 0], y * r)), quatFromAxisAngle([1, 0, 0], x * r))
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

export function fbxToDocument (bytes: Uint8Array, limits: { maxNodes: number }): Document {
  const top = readFbxFile(bytes)
  const objects = top.find((n) => n.name === 'Objects')
  if (objects === undefined) throw new CharacterError(CHARACTER_ERROR.meshLoad, 'the FBX file has no Objects section')
  const global = top.find((n) => n.name === 'GlobalSettings')
  const settings = global === undefined ? new Map<string, number[]>() : properties(global)
  const unitScale = (settings.get('UnitScaleFactor')?.[0] ?? 1) / 100
  const upAxis = settings.get('UpAxis')?.[0] ?? 1

  const byId = new Map<string, FbxNode>()
  for (const o of objects.children) byId.set(id(o.props[0]), o)
  if (byId.size > limits.maxNodes * 4) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX file has ${byId.size} objects; the limit is ${limits.maxNodes * 4}`)
  const parentsOf = new Map<string, string[]>()
  const childrenOf = new Map<string, string[]>()
  for (const c of children(top.find((n) => n.name === 'Connections'), 'C')) {
    if (String(c.props[0]?.value) !== 'OO') continue
    const [from, to] = [id(c.props[1]), id(c.props[2])]
    parentsOf.set(from, [...(parentsOf.get(from) ?? []), to])
    childrenOf.set(to, [...(childrenOf.get(to) ?? []), from])
  }
  const ofKind = (ids: string[] | undefined, name: string, kind?: string): FbxNode[] =>
    (ids ?? []).map((i) => byId.get(i)).filter((o): o is FbxNode => o !== undefined && o.name === name && (kind === undefined || String(o.props[2]?.value) === kind))

  const doc = new Document()
  const buffer = doc.createBuffer()
  const scene = doc.createScene('Scene')
  const root = doc.createNode('FBXRoot').setScale([unitScale, unitScale, unitScale])
  // Z-up files are turned so +Z becomes +Y, as glTF requires.
  if (upAxis === 2) root.setRotation(quatFromAxisAngle([1, 0, 0], -Math.PI / 2))
  scene.addChild(root)

  const models = objects.children.filter((o) => o.name === 'Model')
  if (models.length > limits.maxNodes) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX file has ${models.length} models; the limit is ${limits.maxNodes}`)
  const nodes = new Map<string, Node>()
  const local = new Map<string, number[]>()
  for (const m of models) {
    const p = properties(m)
    const t = (p.get('Lcl Translation') ?? [0, 0, 0]) as Vec3
    const r = quatMultiply(euler(p.get('PreRotation')), euler(p.get('Lcl Rotation')))
    const s = (p.get('Lcl Scaling') ?? [1, 1, 1]) as Vec3
    nodes.set(id(m.props[0]), doc.createNode(objectName(m.props[1])).setTranslation([t[0], t[1], t[2]]).setRotation(r).setScale([s[0], s[1], s[2]]))
    local.set(id(m.props[0]), trsMatrix(t, r, s))
  }
  const modelParent = (modelId: string): string | undefined => (parentsOf.get(modelId) ?? []).find((p) => nodes.has(p))
  for (const [modelId, n] of nodes) {
    const parent = modelParent(modelId)
    ;(parent === undefined ? root : nodes.get(parent)!).addChild(n)
  }
  // Rest global matrices in file units (below the root), for the mesh bind transform.
  const globalCache = new Map<string, number[]>()
  const globalOf = (modelId: string, depth = 0): number[] => {
    const cached = globalCache.get(modelId)
    if (cached !== undefined) return cached
    if (depth > models.length) throw new CharacterError(CHARACTER_ERROR.metadata, 'the FBX model hierarchy has a cycle')
    const parent = modelParent(modelId)
    const g = parent === undefined ? local.get(modelId)! : multiply4(globalOf(parent, depth + 1), local.get(modelId)!)
    globalCache.set(modelId, g)
    return g
  }
  for (const modelId of nodes.keys()) globalOf(modelId)

  for (const m of models.filter((o) => String(o.props[2]?.value) === 'Mesh')) {
    const modelId = id(m.props[0])
    const geometry = ofKind(childrenOf.get(modelId), 'Geometry')[0]
    if (geometry === undefined) continue
    const vertices = numbers(child(geometry, 'Vertices'))
    const polygons = numbers(child(geometry, 'PolygonVertexIndex'))
    const count = vertices.length / 3
    if (count === 0 || polygons.length === 0) continue
    const indices: number[] = []
    let start = 0
    polygons.forEach((v, i) => {
      if (v >= 0) return
      const face = polygons.slice(start, i + 1).map((x) => (x < 0 ? ~x : x))
      start = i + 1
      for (let k = 1; k + 1 < face.length; k++) indices.push(face[0]!, face[k]!, face[k + 1]!)
    })
    for (const i of indices) if (i >= count) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX geometry references vertex ${i} of ${count}`)
    const positions = Float32Array.from(vertices)
    const material = ofKind(childrenOf.get(modelId), 'Material')[0]
    const diffuse = material === undefined ? [0.7, 0.7, 0.7] : (properties(material).get('DiffuseColor') ?? [0.7, 0.7, 0.7])
    const primitive = doc.createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setBuffer(buffer).setType('VEC3').setArray(positions))
      .setAttribute('NORMAL', doc.createAccessor().setBuffer(buffer).setType('VEC3').setArray(smoothNormals(positions, indices)))
      .setIndices(doc.createAccessor().setBuffer(buffer).setType('SCALAR').setArray(Uint32Array.from(indices)))
      .setMaterial(doc.createMaterial(material === undefined ? 'Material' : objectName(material.props[1])).setBaseColorFactor([diffuse[0] ?? 0.7, diffuse[1] ?? 0.7, diffuse[2] ?? 0.7, 1]))
    const meshNode = doc.createNode(`${objectName(m.props[1])}_mesh`).setMesh(doc.createMesh(objectName(m.props[1])).addPrimitive(primitive))
    root.addChild(meshNode)

    const skin = ofKind(childrenOf.get(id(geometry.props[0])), 'Deformer', 'Skin')[0]
    const clusters = skin === undefined ? [] : ofKind(childrenOf.get(id(skin.props[0])), 'Deformer', 'Cluster')
    const bones = clusters.map((c) => ofKind(childrenOf.get(id(c.props[0])), 'Model')[0])
    if (clusters.length === 0 || bones.some((b) => b === undefined)) {
      // Unskinned: placed by its model's transform.
      meshNode.setMatrix(globalOf(modelId) as unknown as Parameters<Node['setMatrix']>[0])
      continue
    }
    const influences: Array<Array<[number, number]>> = Array.from({ length: count }, () => [])
    clusters.forEach((c, j) => {
      const idx = numbers(child(c, 'Indexes'))
      const w = numbers(child(c, 'Weights'))
      idx.forEach((v, k) => { if (v >= 0 && v < count && (w[k] ?? 0) > 0) influences[v]!.push([j, w[k]!]) })
    })
    const joints = new Uint16Array(count * 4)
    const weights = new Float32Array(count * 4)
    influences.forEach((list, v) => {
      const top4 = list.sort((a, b) => b[1] - a[1]).slice(0, 4)
      const total = top4.reduce((s, [, w]) => s + w, 0)
      if (total === 0) { weights[v * 4] = 1; return } // unweighted vertices follow the first bone
      top4.forEach(([j, w], k) => { joints[v * 4 + k] = j; weights[v * 4 + k] = w / total })
    })
    primitive.setAttribute('JOINTS_0', doc.createAccessor().setBuffer(buffer).setType('VEC4').setArray(joints))
      .setAttribute('WEIGHTS_0', doc.createAccessor().setBuffer(buffer).setType('VEC4').setArray(weights))
    // Vertices are in the mesh model's space; the bind matrix of a bone is its TransformLink (its global matrix
    // when the skin was bound), so inverse bind = TransformLink⁻¹ · mesh global, both in file units.
    const meshGlobal = globalOf(modelId)
    const ibm = new Float32Array(clusters.length * 16)
    clusters.forEach((c, j) => {
      const link = numbers(child(c, 'TransformLink'))
      const boneGlobal = link.length === 16 ? link : globalOf(id(bones[j]!.props[0]))
      ibm.set(multiply4(invert4(boneGlobal), meshGlobal), j * 16)
    })
    const gltfSkin = doc.createSkin('Skin').setInverseBindMatrices(doc.createAccessor().setBuffer(buffer).setType('MAT4').setArray(ibm))
    for (const b of bones) gltfSkin.addJoint(nodes.get(id(b!.props[0]))!)
    meshNode.setSkin(gltfSkin)
  }
  return doc
}

function smoothNormals (positions: Float32Array, indices: number[]): Float32Array {
  const normals = new Float32Array(positions.length)
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const [a, b, c] = [indices[t]! * 3, indices[t + 1]! * 3, indices[t + 2]! * 3]
    const u = [positions[b]! - positions[a]!, positions[b + 1]! - positions[a + 1]!, positions[b + 2]! - positions[a + 2]!]
    const v = [positions[c]! - positions[a]!, positions[c + 1]! - positions[a + 1]!, positions[c + 2]! - positions[a + 2]!]
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!]
    for (const i of [a, b, c]) for (let k = 0; k < 3; k++) normals[i + k]! += n[k]!
  }
  for (let i = 0; i < normals.length; i += 3) {
    const l = Math.hypot(normals[i]!, normals[i + 1]!, normals[i + 2]!)
    if (l > 0) { normals[i]! /= l; normals[i + 1]! /= l; normals[i + 2]! /= l } else normals[i + 1] = 1
  }
  return normals
}
