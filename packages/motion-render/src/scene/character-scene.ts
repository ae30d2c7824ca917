// Reads a GLB into what the rasterizer needs: the node hierarchy with rest transforms, every triangle primitive
// (skinned or rigidly attached to a node) with its material colour, and the first animation's channels.
// A primitive is drawn in its base colour factor times its vertex colours, times its base-colour texture (PNG or
// JPEG, sampled through TEXCOORD_0) when it has one.
import { WebIO, type Document, type Node, type Primitive } from '@gltf-transform/core'
import { RenderError, RENDER_ERROR } from '../errors.js'
import { decodeTexture, type Texture } from './texture.js'

export interface SceneNode {
  name: string
  parent: number
  translation: [number, number, number]
  rotation: [number, number, number, number]
  scale: [number, number, number]
}

export interface ScenePrimitive {
  positions: Float32Array
  normals: Float32Array
  indices: Uint32Array
  /** Linear RGB per vertex (base colour factor × COLOR_0). */
  colors: Float32Array
  /** Node whose world matrix places an unskinned primitive. */
  node: number
  /** TEXCOORD_0 and the decoded base-colour texture, when the material has one. */
  uvs?: Float32Array
  texture?: Texture
  skin?: {
    /** Per vertex four indices into `jointNodes`. */
    joints: Uint16Array
    weights: Float32Array
    jointNodes: number[]
    inverseBind: Float32Array
  }
}

export interface SceneChannel {
  node: number
  path: 'translation' | 'rotation' | 'scale'
  times: Float32Array
  values: Float32Array
  step: boolean
}

export interface CharacterScene {
  nodes: SceneNode[]
  /** Node indices ordered so every parent comes before its children. */
  order: number[]
  primitives: ScenePrimitive[]
  channels: SceneChannel[]
  /** Seconds; 0 without animation. */
  duration: number
}

export interface LoadOptions {
  /** Fail with 1106 when the file has no animation driving the skeleton. Default true. */
  requireAnimation?: boolean
}

export async function loadCharacterScene (glb: Uint8Array, options: LoadOptions = {}): Promise<CharacterScene> {
  let doc: Document
  try {
    doc = await new WebIO().readBinary(glb)
  } catch (error) {
    throw new RenderError(RENDER_ERROR.characterLoad, `the character file cannot be read as GLB: ${(error as Error).message}`, { cause: error })
  }
  const root = doc.getRoot()
  const sourceNodes = root.listNodes()
  const index = new Map<Node, number>(sourceNodes.map((n, i) => [n, i]))
  const nodes: SceneNode[] = sourceNodes.map((n) => ({
    name: n.getName(),
    parent: -1,
    translation: [...n.getTranslation()] as SceneNode['translation'],
    rotation: [...n.getRotation()] as SceneNode['rotation'],
    scale: [...n.getScale()] as SceneNode['scale']
  }))
  sourceNodes.forEach((n, i) => { for (const child of n.listChildren()) nodes[index.get(child)!]!.parent = i })
  const order = parentFirstOrder(nodes)

  const primitives: ScenePrimitive[] = []
  const textures = new Map<unknown, Texture | undefined>()
  sourceNodes.forEach((n, nodeIndex) => {
    const mesh = n.getMesh()
    if (mesh === null) return
    const skin = n.getSkin()
    for (const primitive of mesh.listPrimitives()) {
      const read = readPrimitive(
        primitive,
        nodeIndex,
        skin === null ? undefined : { joints: skin.listJoints().map((j) => index.get(j)!), inverseBind: skin.getInverseBindMatrices()?.getArray() }
      )
      if (read === undefined) continue
      attachTexture(primitive, read, textures)
      primitives.push(read)
    }
  })
  if (primitives.length === 0) throw new RenderError(RENDER_ERROR.characterLoad, 'the character file has no triangle mesh to draw')

  const channels: SceneChannel[] = []
  const animation = root.listAnimations()[0]
  for (const channel of animation?.listChannels() ?? []) {
    const target = channel.getTargetNode()
    const path = channel.getTargetPath()
    const sampler = channel.getSampler()
    const input = sampler?.getInput()?.getArray()
    const output = sampler?.getOutput()?.getArray()
    if (target === null || sampler === null || input == null || output == null) continue
    if (path !== 'translation' && path !== 'rotation' && path !== 'scale') continue
    channels.push({
      node: index.get(target)!,
      path,
      times: Float32Array.from(input),
      values: Float32Array.from(output),
      step: sampler.getInterpolation() === 'STEP'
    })
  }
  const duration = channels.reduce((d, c) => Math.max(d, c.times[c.times.length - 1] ?? 0), 0)
  if (options.requireAnimation !== false) assertAnimationDrivesCharacter(nodes, primitives, channels)
  return { nodes, order, primitives, channels, duration }
}

function parentFirstOrder (nodes: SceneNode[]): number[] {
  const depth = (i: number): number => {
    let d = 0
    for (let p = nodes[i]!.parent; p >= 0 && d <= nodes.length; p = nodes[p]!.parent) d++
    return d
  }
  return nodes.map((_, i) => i).sort((a, b) => depth(a) - depth(b))
}

function readPrimitive (
  primitive: Primitive,
  node: number,
  skin: { joints: number[], inverseBind: ArrayLike<number> | null | undefined } | undefined
): ScenePrimitive | undefined {
  if (primitive.getMode() !== 4) return undefined // only TRIANGLES are drawn
  const position = primitive.getAttribute('POSITION')?.getArray()
  if (position == null) return undefined
  const vertexCount = position.length / 3
  const positions = Float32Array.from(position)
  const indexArray = primitive.getIndices()?.getArray()
  const indices = indexArray == null ? Uint32Array.from({ length: vertexCount }, (_, i) => i) : Uint32Array.from(indexArray)
  const normalArray = primitive.getAttribute('NORMAL')?.getArray()
  const normals = normalArray == null ? faceNormals(positions, indices) : Float32Array.from(normalArray)

  const material = primitive.getMaterial()
  const factor = material?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1]
  const colors = new Float32Array(vertexCount * 3)
  const color0 = primitive.getAttribute('COLOR_0')
  const vertexColors = color0?.getArray()
  const stride = color0?.getElementSize() ?? 3
  const normalizedColors = color0?.getNormalized() === true
  const colorScale =
    !normalizedColors || vertexColors == null ? 1 : vertexColors instanceof Uint8Array ? 1 / 255 : vertexColors instanceof Uint16Array ? 1 / 65535 : 1
  for (let v = 0; v < vertexCount; v++) {
    for (let c = 0; c < 3; c++) colors[v * 3 + c] = factor[c]! * (vertexColors == null ? 1 : vertexColors[v * stride + c]! * colorScale)
  }

  const result: ScenePrimitive = { positions, normals, indices, colors, node }
  const jointsArray = primitive.getAttribute('JOINTS_0')?.getArray()
  const weightsArray = primitive.getAttribute('WEIGHTS_0')?.getArray()
  if (skin !== undefined && jointsArray != null && weightsArray != null) {
    const ibm = skin.inverseBind == null ? identityMatrices(skin.joints.length) : Float32Array.from(skin.inverseBind)
    const joints = Uint16Array.from(jointsArray)
    for (const j of joints) {
      if (j >= skin.joints.length) { throw new RenderError(RENDER_ERROR.characterLoad, `the skinned mesh references joint ${j} but its skin has ${skin.joints.length}`) }
    }
    const weights = new Float32Array(weightsArray.length)
    const scale = weightsArray instanceof Uint8Array ? 1 / 255 : weightsArray instanceof Uint16Array ? 1 / 65535 : 1
    for (let i = 0; i < weights.length; i++) weights[i] = weightsArray[i]! * scale
    result.skin = { joints, weights, jointNodes: skin.joints, inverseBind: ibm }
  }
  return result
}

function attachTexture (primitive: Primitive, target: ScenePrimitive, cache: Map<unknown, Texture | undefined>): void {
  const source = primitive.getMaterial()?.getBaseColorTexture()
  const uv = primitive.getAttribute('TEXCOORD_0')
  const image = source?.getImage()
  if (source == null || uv === null || image == null) return
  if (!cache.has(source)) cache.set(source, decodeTexture(image, source.getMimeType()))
  const texture = cache.get(source)
  if (texture === undefined) return
  const array = uv.getArray()
  if (array == null) return
  const scale = !uv.getNormalized() ? 1 : array instanceof Uint8Array ? 1 / 255 : array instanceof Uint16Array ? 1 / 65535 : 1
  target.uvs = Float32Array.from(array as ArrayLike<number>, (v) => v * scale)
  target.texture = texture
}

function identityMatrices (count: number): Float32Array {
  const out = new Float32Array(count * 16)
  for (let i = 0; i < count; i++) out.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], i * 16)
  return out
}

/** Flat normals for primitives that ship none (each vertex takes the normal of the last face using it). */
function faceNormals (positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length)
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]! * 3; const b = indices[t + 1]! * 3; const c = indices[t + 2]! * 3
    const ux = positions[b]! - positions[a]!; const uy = positions[b + 1]! - positions[a + 1]!; const uz = positions[b + 2]! - positions[a + 2]!
    const vx = positions[c]! - positions[a]!; const vy = positions[c + 1]! - positions[a + 1]!; const vz = positions[c + 2]! - positions[a + 2]!
    const nx = uy * vz - uz * vy; const ny = uz * vx - ux * vz; const nz = ux * vy - uy * vx
    const l = Math.hypot(nx, ny, nz) || 1
    for (const v of [a, b, c]) { normals[v] = nx / l; normals[v + 1] = ny / l; normals[v + 2] = nz / l }
  }
  return normals
}

/** The animation must move at least one node that places what is drawn: a skin joint or a mesh node's ancestor. */
function assertAnimationDrivesCharacter (nodes: SceneNode[], primitives: ScenePrimitive[], channels: SceneChannel[]): void {
  if (channels.length === 0) throw new RenderError(RENDER_ERROR.animationAttach, 'the character file has no animation to play')
  const drawn = new Set<number>()
  for (const p of primitives) for (const j of p.skin?.jointNodes ?? [p.node]) drawn.add(j)
  const animated = new Set(channels.map((c) => c.node))
  for (const node of drawn) {
    for (let n = node, guard = 0; n >= 0 && guard <= nodes.length; n = nodes[n]!.parent, guard++) {
      if (animated.has(n)) return
    }
  }
  throw new RenderError(RENDER_ERROR.animationAttach, 'the animation does not target any bone of the character')
}
