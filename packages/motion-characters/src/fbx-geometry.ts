// An FBX mesh Geometry as glTF-ready vertex data: polygons fan-triangulated (each triangle keeps its polygon's
// material index), one vertex per distinct
// (control point, UV) pair so UV seams stay sharp, smooth normals from the control points, and the blendshapes
// (BlendShape → BlendShapeChannel → Shape geometries) as per-vertex position deltas. `controlPoint` maps each
// vertex back to its control point, which skin clusters and shapes index.
import type { FbxNode } from '@openmotion/motion-formats'
import { CharacterError, CHARACTER_ERROR } from './errors.js'

export interface FbxGeometry {
  positions: Float32Array
  normals: Float32Array
  /** glTF convention (v down from the top). */
  uvs: Float32Array | undefined
  indices: Uint32Array
  /** Per triangle: the index of its material among the Model's materials (LayerElementMaterial). */
  triangleMaterial: Uint32Array
  controlPoint: Uint32Array
  controlPointCount: number
}

const child = (n: FbxNode | undefined, name: string): FbxNode | undefined => n?.children.find((c) => c.name === name)
export function numbers (n: FbxNode | undefined): number[] {
  const p = n?.props[0]
  if (p === undefined) return []
  if (ArrayBuffer.isView(p.value)) return Array.from(p.value as ArrayLike<number | bigint>, Number)
  return n!.props.map((q) => Number(q.value))
}
const text = (n: FbxNode | undefined): string => String(n?.props[0]?.value ?? '')

/** The first UV layer's index for a polygon corner (`corner` counts corners over all polygons), or -1. */
function uvLookup (geometry: FbxNode): { uv: number[], at: (corner: number, cp: number) => number } | undefined {
  const layer = geometry.children.find((c) => c.name === 'LayerElementUV')
  if (layer === undefined) return undefined
  const uv = numbers(child(layer, 'UV'))
  const index = numbers(child(layer, 'UVIndex'))
  const byCorner = text(child(layer, 'MappingInformationType')) !== 'ByControlPoint' && text(child(layer, 'MappingInformationType')) !== 'ByVertice'
  const direct = text(child(layer, 'ReferenceInformationType')) === 'Direct'
  return { uv, at: (corner, cp) => { const k = byCorner ? corner : cp; return direct ? k : (index[k] ?? -1) } }
}

export function readGeometry (geometry: FbxNode): FbxGeometry {
  const cps = numbers(child(geometry, 'Vertices'))
  const polygons = numbers(child(geometry, 'PolygonVertexIndex'))
  const controlPointCount = cps.length / 3
  const uv = uvLookup(geometry)
  const key = new Map<number, number>()
  const controlPoint: number[] = []; const uvIndex: number[] = []; const indices: number[] = []
  const materialLayer = geometry.children.find((c) => c.name === 'LayerElementMaterial')
  const byPolygon = text(child(materialLayer, 'MappingInformationType')) === 'ByPolygon'
  const polygonMaterial = numbers(child(materialLayer, 'Materials'))
  const triangleMaterial: number[] = []
  let polygon = 0
  let face: number[] = []
  polygons.forEach((raw, corner) => {
    const cp = raw < 0 ? ~raw : raw
    if (cp >= controlPointCount) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the FBX geometry references vertex ${cp} of ${controlPointCount}`)
    const u = uv?.at(corner, cp) ?? -1
    const k = cp * 0x100000 + (u + 1)
    let vertex = key.get(k)
    if (vertex === undefined) { vertex = controlPoint.length; key.set(k, vertex); controlPoint.push(cp); uvIndex.push(u) }
    face.push(vertex)
    if (raw >= 0) return
    const material = Math.max(0, (byPolygon ? polygonMaterial[polygon] : polygonMaterial[0]) ?? 0)
    for (let i = 1; i + 1 < face.length; i++) { indices.push(face[0]!, face[i]!, face[i + 1]!); triangleMaterial.push(material) }
    face = []
    polygon++
  })
  const cpNormals = smoothNormals(cps, indices.map((v) => controlPoint[v]!))
  const positions = new Float32Array(controlPoint.length * 3)
  const normals = new Float32Array(controlPoint.length * 3)
  const uvs = uv === undefined ? undefined : new Float32Array(controlPoint.length * 2)
  controlPoint.forEach((cp, v) => {
    for (let c = 0; c < 3; c++) { positions[v * 3 + c] = cps[cp * 3 + c]!; normals[v * 3 + c] = cpNormals[cp * 3 + c]! }
    if (uvs !== undefined) { const u = uvIndex[v]!; uvs[v * 2] = uv!.uv[u * 2] ?? 0; uvs[v * 2 + 1] = 1 - (uv!.uv[u * 2 + 1] ?? 0) }
  })
  return {
    positions,
    normals,
    uvs,
    indices: Uint32Array.from(indices),
    triangleMaterial: Uint32Array.from(triangleMaterial),
    controlPoint: Uint32Array.from(controlPoint),
    controlPointCount
  }
}

function smoothNormals (positions: number[], indices: number[]): Float32Array {
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

/** A Shape geometry's deltas per control point. */
export function shapeDeltas (shape: FbxNode, controlPointCount: number): Float32Array {
  const deltas = new Float32Array(controlPointCount * 3)
  const index = numbers(child(shape, 'Indexes'))
  const vertices = numbers(child(shape, 'Vertices'))
  index.forEach((cp, k) => { if (cp >= 0 && cp < controlPointCount) for (let c = 0; c < 3; c++) deltas[cp * 3 + c] = vertices[k * 3 + c] ?? 0 })
  return deltas
}
