// FBX as Maya and 3ds Max write it, made from our writer's file without changing where anything rests: every
// Model gets a rotation order (all six in turn), a pre-rotation, a Lcl Rotation in that order and the
// post-rotation that cancels them, rotation and scaling pivots and offsets (the translation compensates); the
// mesh Model gets a geometric transform (its vertices carry the inverse); the material an embedded PNG diffuse
// texture with UVs, or a texture that only references a file; the geometry two blendshapes (ARKit names).
import { readFbxNodes, encodeFbx, type FbxNode, type FbxProperty } from '@openmotion/motion-formats'
import { binaryFbx } from './fbx-corpus.js'
import { TEXTURE_PNG } from './corpus.js'

type M = number[]
const DEG = Math.PI / 180
const S = (value: string): FbxProperty => ({ type: 'S', value })
const L = (value: bigint): FbxProperty => ({ type: 'L', value })
const D = (value: number): FbxProperty => ({ type: 'D', value })
const node = (name: string, props: FbxProperty[] = [], children: FbxNode[] = []): FbxNode => ({ name, props, children })
const P = (name: string, type: string, ...values: FbxProperty[]): FbxNode => node('P', [S(name), S(type), S(''), S('A'), ...values])
const vecP = (name: string, v: number[]): FbxNode => P(name, 'Vector3D', ...v.map(D))

function mul (a: M, b: M): M {
  const out = new Array<number>(9).fill(0)
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[r * 3 + c]! += a[r * 3 + k]! * b[k * 3 + c]!
  return out
}
/** Row-major 3×3 rotations. */
function axis (a: 'x' | 'y' | 'z', deg: number): M {
  const c = Math.cos(deg * DEG); const s = Math.sin(deg * DEG)
  if (a === 'x') return [1, 0, 0, 0, c, -s, 0, s, c]
  if (a === 'y') return [c, 0, s, 0, 1, 0, -s, 0, c]
  return [c, -s, 0, s, c, 0, 0, 0, 1]
}
const ORDERS = [['x', 'y', 'z'], ['x', 'z', 'y'], ['y', 'z', 'x'], ['y', 'x', 'z'], ['z', 'x', 'y'], ['z', 'y', 'x']] as const
function euler (deg: number[], order = 0): M {
  const [a, b, c] = ORDERS[order]!
  const angle = { x: deg[0]!, y: deg[1]!, z: deg[2]! }
  return mul(axis(c, angle[c]), mul(axis(b, angle[b]), axis(a, angle[a])))
}
/** XYZ Euler angles (degrees) of a rotation matrix: M = Rz · Ry · Rx. */
function toXyz (m: M): number[] {
  const y = Math.asin(Math.max(-1, Math.min(1, -m[6]!)))
  return [Math.atan2(m[7]!, m[8]!), y, Math.atan2(m[3]!, m[0]!)].map((v) => v / DEG)
}
const apply = (m: M, v: number[]): number[] => [0, 1, 2].map((r) => m[r * 3]! * v[0]! + m[r * 3 + 1]! * v[1]! + m[r * 3 + 2]! * v[2]!)
const transpose = (m: M): M => [m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!]

function setProperties (model: FbxNode, entries: FbxNode[]): void {
  const p70 = model.children.find((c) => c.name === 'Properties70')!
  const names = new Set(entries.map((e) => String(e.props[0]!.value)))
  p70.children = [...p70.children.filter((c) => !names.has(String(c.props[0]!.value))), ...entries]
}
const translationOf = (model: FbxNode): number[] =>
  model.children
    .find((c) => c.name === 'Properties70')!
    .children.find((c) => c.props[0]!.value === 'Lcl Translation')!
    .props.slice(4)
    .map((p) => Number(p.value))

export interface AuthoringOptions {
  texture?: 'embedded' | 'referenced'
  blendshapes?: boolean
  /** A post-rotation that does not cancel: every bone keeps a real rotation (pre × Lcl × post⁻¹), so the rest pose changes. */
  rotated?: boolean
}

export function mayaStyleFbx (options: AuthoringOptions = {}): Uint8Array {
  const nodes = readFbxNodes(binaryFbx()).nodes
  const objects = nodes.find((n) => n.name === 'Objects')!
  const connections = nodes.find((n) => n.name === 'Connections')!
  const models = objects.children.filter((o) => o.name === 'Model')
  models.forEach((model, i) => {
    const order = i % 6
    const pre = [(i * 37) % 90 - 45, (i * 53) % 70 - 35, (i * 29) % 80 - 40]
    const lcl = [(i * 41) % 100 - 50, (i * 67) % 60 - 30, (i * 23) % 120 - 60]
    const post = toXyz(mul(euler(pre), euler(lcl, order))) // Rpre · R · Rpost⁻¹ = I
    const ro = [1.5 * (i % 3 + 1), -2, 0.5]; const so = [0.5, 0.25, -1]
    const t = translationOf(model)
    setProperties(model, [
      vecP('Lcl Translation', t.map((v, c) => v - ro[c]! - so[c]!)),
      vecP('Lcl Rotation', lcl), P('RotationOrder', 'enum', { type: 'I', value: order }), P('RotationActive', 'bool', { type: 'I', value: 1 }),
      vecP('PreRotation', pre), vecP('PostRotation', options.rotated === true ? [10, -20, 30] : post),
      vecP('RotationOffset', ro), vecP('RotationPivot', [3, 4, -2]), vecP('ScalingOffset', so), vecP('ScalingPivot', [2, -1, 1])
    ])
  })
  const meshModel = models.find((m) => m.props[2]!.value === 'Mesh')!
  const geometry = objects.children.find((o) => o.name === 'Geometry')!
  // Geometric transform G = T(0, 10, 5) · Rxyz(0, 90, 30); the stored vertices are G⁻¹ · v.
  const g = euler([0, 90, 30]); const gt = [0, 10, 5]
  setProperties(meshModel, [vecP('GeometricTranslation', gt), vecP('GeometricRotation', [0, 90, 30])])
  const vertices = geometry.children.find((c) => c.name === 'Vertices')!
  const v = vertices.props[0]!.value as Float64Array
  const inverse = transpose(g)
  for (let k = 0; k < v.length; k += 3) v.set(apply(inverse, [v[k]! - gt[0]!, v[k + 1]! - gt[1]!, v[k + 2]! - gt[2]!]), k)

  let nextId = 9_000_000_000n
  const take = (): bigint => nextId++
  const oo = (child: bigint, parent: bigint): void => { connections.children.push(node('C', [S('OO'), L(child), L(parent)])) }
  if (options.texture !== undefined) {
    const polygon = geometry.children.find((c) => c.name === 'PolygonVertexIndex')!.props[0]!.value as Int32Array
    const uv: number[] = []
    for (let k = 0; k < v.length; k += 3) uv.push((k / 3) % 7 / 7, (k / 3) % 5 / 5)
    geometry.children.push(node('LayerElementUV', [{ type: 'I', value: 0 }], [
      node('MappingInformationType', [S('ByPolygonVertex')]), node('ReferenceInformationType', [S('IndexToDirect')]),
      node('UV', [{ type: 'd', value: Float64Array.from(uv) }]), node('UVIndex', [{ type: 'i', value: Int32Array.from(polygon, (x) => (x < 0 ? ~x : x)) }])
    ]))
    const material = objects.children.find((o) => o.name === 'Material')!
    const [texture, video] = [take(), take()]
    const file = node('RelativeFilename', [S('textures\\skin.png')])
    objects.children.push(node('Texture', [L(texture), S('skin\x00\x01Texture'), S('')], [file]))
    objects.children.push(node('Video', [L(video), S('skin\x00\x01Video'), S('Clip')], [file,
      node('Content', [{ type: 'R', value: options.texture === 'embedded' ? TEXTURE_PNG : new Uint8Array() }])]))
    connections.children.push(node('C', [S('OP'), L(texture), material.props[0]!, S('DiffuseColor')]))
    oo(video, texture)
  }
  if (options.blendshapes === true) {
    const blend = take()
    objects.children.push(node('Deformer', [L(blend), S('Faces\x00\x01Deformer'), S('BlendShape')]))
    oo(blend, geometry.props[0]!.value as bigint)
    for (const name of ['jawOpen', 'eyeBlinkLeft']) {
      const [channel, shape] = [take(), take()]
      objects.children.push(node('Deformer', [L(channel), S(`${name}\x00\x01SubDeformer`), S('BlendShapeChannel')], [node('DeformPercent', [D(0)])]))
      objects.children.push(
        node(
          'Geometry',
          [L(shape), S(`${name}\x00\x01Geometry`), S('Shape')],
          [
            node('Indexes', [{ type: 'i', value: Int32Array.from([0, 1, 2]) }]),
            node('Vertices', [{ type: 'd', value: Float64Array.from([0, -1, 0, 0, -1, 0, 0, -1, 0]) }])
          ]
        )
      )
      oo(channel, blend); oo(shape, channel)
    }
  }
  return encodeFbx(nodes)
}
