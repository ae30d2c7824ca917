// Models (LimbNode bones and the mesh), the geometry, its material, the skin with one cluster per bone, and the
// bind pose. Lengths are centimetres (see GlobalSettings); rest rotations are identity, so every bind matrix is
// a translation.
import type { Vec3 } from '@openmotion/motion-engine'
import type { SkinnedMesh } from '../mannequin-mesh.js'
import type { Rig } from '../rig.js'
import type { FbxConnections } from './fbx-connections.js'
import type { FbxIds } from './fbx-ids.js'
import { bool, f64, f64s, i32, i32s, i64, leaf, node, objectName, pInt, properties70, pVec, str } from './fbx-node.js'
import type { FbxNode } from './fbx-node.js'

export const CM = 100

function translation (p: Vec3, sign = 1): number[] {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, sign * p[0] * CM, sign * p[1] * CM, sign * p[2] * CM, 1]
}

function model (id: bigint, name: string, kind: 'LimbNode' | 'Mesh', t: Vec3): FbxNode {
  return node('Model', [i64(id), objectName(name, 'Model'), str(kind)], [
    leaf('Version', i32(232)),
    properties70([
      pVec('Lcl Translation', 'Lcl Translation', '', 'A', t.map(v => v * CM)),
      pVec('Lcl Rotation', 'Lcl Rotation', '', 'A', [0, 0, 0]),
      pVec('Lcl Scaling', 'Lcl Scaling', '', 'A', [1, 1, 1]),
      pInt('InheritType', 'enum', 1),
      pInt('DefaultAttributeIndex', 'int', 0)
    ]),
    leaf('Shading', bool(true)),
    leaf('Culling', str('CullingOff'))
  ])
}

/** LimbNode models and their skeleton attributes, parented as in the rig. */
export function boneObjects (rig: Rig, ids: FbxIds, links: FbxConnections): { nodes: FbxNode[], boneIds: bigint[] } {
  const nodes: FbxNode[] = []
  const boneIds = rig.bones.map(() => ids.take())
  rig.bones.forEach((b, i) => {
    const attr = ids.take()
    nodes.push(node('NodeAttribute', [i64(attr), objectName(b.name, 'NodeAttribute'), str('LimbNode')], [
      properties70([pVec('Size', 'double', 'Number', '', [10])]),
      leaf('TypeFlags', str('Skeleton'))
    ]))
    nodes.push(model(boneIds[i]!, b.name, 'LimbNode', b.rest))
    links.oo(attr, boneIds[i]!)
    links.oo(boneIds[i]!, b.parent < 0 ? 0n : boneIds[b.parent]!)
  })
  return { nodes, boneIds }
}

function geometry (id: bigint, name: string, mesh: SkinnedMesh): FbxNode {
  const polygon = Int32Array.from(mesh.indices, (v, i) => (i % 3 === 2 ? ~v : v))
  const normals = new Float64Array(mesh.indices.length * 3)
  mesh.indices.forEach((v, i) => normals.set(mesh.normals.subarray(v * 3, v * 3 + 3), i * 3))
  const layer = (type: string): FbxNode => node('LayerElement', [], [leaf('Type', str(type)), leaf('TypedIndex', i32(0))])
  return node('Geometry', [i64(id), objectName(name, 'Geometry'), str('Mesh')], [
    leaf('Vertices', f64s(Float64Array.from(mesh.positions, v => v * CM))),
    leaf('PolygonVertexIndex', i32s(polygon)),
    leaf('GeometryVersion', i32(124)),
    node('LayerElementNormal', [i32(0)], [
      leaf('Version', i32(101)), leaf('Name', str('')),
      leaf('MappingInformationType', str('ByPolygonVertex')), leaf('ReferenceInformationType', str('Direct')),
      leaf('Normals', f64s(normals))
    ]),
    node('LayerElementMaterial', [i32(0)], [
      leaf('Version', i32(101)), leaf('Name', str('')),
      leaf('MappingInformationType', str('AllSame')), leaf('ReferenceInformationType', str('IndexToDirect')),
      leaf('Materials', i32s([0]))
    ]),
    node('Layer', [i32(0)], [leaf('Version', i32(100)), layer('LayerElementNormal'), layer('LayerElementMaterial')])
  ])
}

function material (id: bigint, name: string, color: number[]): FbxNode {
  return node('Material', [i64(id), objectName(name, 'Material'), str('')], [
    leaf('Version', i32(102)),
    leaf('ShadingModel', str('phong')),
    leaf('MultiLayer', i32(0)),
    properties70([
      pVec('DiffuseColor', 'Color', '', 'A', color.slice(0, 3)),
      pVec('DiffuseFactor', 'Number', '', 'A', [1]),
      pVec('SpecularColor', 'Color', '', 'A', [0.2, 0.2, 0.2]),
      pVec('Shininess', 'Number', '', 'A', [20]),
      pVec('Opacity', 'Number', '', 'A', [color[3] ?? 1])
    ])
  ])
}

/** Vertex indices and weights per rig bone, from the mesh's four influences per vertex. */
function influences (mesh: SkinnedMesh, shift: number, boneCount: number): Array<{ index: number[], weight: number[] }> {
  const out = Array.from({ length: boneCount }, () => ({ index: [] as number[], weight: [] as number[] }))
  for (let v = 0; v < mesh.weights.length / 4; v++) {
    for (let s = 0; s < 4; s++) {
      const w = mesh.weights[v * 4 + s]!
      if (w <= 0) continue
      const bone = mesh.joints[v * 4 + s]! + shift
      const target = out[bone]
      if (target === undefined) throw new RangeError(`mesh references joint ${bone - shift}, skeleton has ${boneCount - shift}`)
      target.index.push(v)
      target.weight.push(w)
    }
  }
  return out
}

/** Mesh model, geometry, material, skin deformer with a cluster per bone, and the bind pose. */
export function meshObjects (rig: Rig, mesh: SkinnedMesh, name: string, boneIds: bigint[], ids: FbxIds, links: FbxConnections): FbxNode[] {
  const [modelId, geometryId, materialId, skinId, poseId] = [ids.take(), ids.take(), ids.take(), ids.take(), ids.take()]
  const nodes: FbxNode[] = [
    model(modelId, name, 'Mesh', [0, 0, 0]),
    geometry(geometryId, name, mesh),
    material(materialId, `${name}Material`, mesh.baseColor),
    node('Deformer', [i64(skinId), objectName('Skin', 'Deformer'), str('Skin')], [leaf('Version', i32(101)), leaf('Link_DeformAcuracy', f64(50))])
  ]
  links.oo(modelId, 0n)
  links.oo(geometryId, modelId)
  links.oo(materialId, modelId)
  links.oo(skinId, geometryId)
  const weights = influences(mesh, rig.hips, rig.bones.length)
  rig.bones.forEach((b, i) => {
    const cluster = ids.take()
    const { index, weight } = weights[i]!
    // Bones without vertices still get a cluster so importers rebuild the whole skeleton from the skin.
    const data: FbxNode[] = index.length === 0 ? [] : [leaf('Indexes', i32s(index)), leaf('Weights', f64s(weight))]
    nodes.push(node('Deformer', [i64(cluster), objectName(`Cluster ${b.name}`, 'SubDeformer'), str('Cluster')], [
      leaf('Version', i32(100)),
      node('UserData', [str(''), str('')]),
      ...data,
      leaf('Transform', f64s(translation(rig.restWorld[i]!, -1))),
      leaf('TransformLink', f64s(translation(rig.restWorld[i]!)))
    ]))
    links.oo(cluster, skinId)
    links.oo(boneIds[i]!, cluster)
  })
  const poseNode = (id: bigint, p: Vec3): FbxNode => node('PoseNode', [], [leaf('Node', i64(id)), leaf('Matrix', f64s(translation(p)))])
  nodes.push(node('Pose', [i64(poseId), objectName('BindPose', 'Pose'), str('BindPose')], [
    leaf('Type', str('BindPose')),
    leaf('Version', i32(100)),
    leaf('NbPoseNodes', i32(rig.bones.length + 1)),
    poseNode(modelId, [0, 0, 0]),
    ...rig.bones.map((_, i) => poseNode(boneIds[i]!, rig.restWorld[i]!))
  ]))
  return nodes
}
