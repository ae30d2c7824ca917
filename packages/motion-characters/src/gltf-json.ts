// The raw glTF JSON of an upload, read before any library touches it: GLB container checks, size and node-count
// limits, and the structural checks (one parent per node, no cycles, skin joints in range) whose violation would
// otherwise crash or hang a loader. Also the source of VRM humanoid data, which glTF libraries drop.
import { CharacterError, CHARACTER_ERROR } from './errors.js'

export type CharacterFormat = 'glb' | 'gltf' | 'vrm' | 'fbx'

export interface GltfJson {
  asset?: { version?: string }
  nodes?: Array<{ name?: string, children?: number[], mesh?: number, skin?: number }>
  meshes?: Array<{ primitives?: unknown[], extras?: { targetNames?: string[] } }>
  skins?: Array<{ joints?: number[] }>
  buffers?: Array<{ uri?: string }>
  extensions?: Record<string, unknown>
  extensionsUsed?: string[]
}

export interface Limits {
  /** Largest accepted file, bytes. Default 100 MiB. */
  maxBytes?: number
  /** Most nodes accepted. Default 20 000. */
  maxNodes?: number
}

const GLB_MAGIC = 0x46546c67
const JSON_CHUNK = 0x4e4f534a

export function readGltfJson (bytes: Uint8Array, format: CharacterFormat, limits: Limits = {}): GltfJson {
  const maxBytes = limits.maxBytes ?? 100 * 1024 * 1024
  if (bytes.length > maxBytes) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the file is ${bytes.length} bytes; the limit is ${maxBytes}`)
  let text: string
  if (format === 'gltf') {
    text = Buffer.from(bytes).toString('utf8')
  } else {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    if (view.length < 20 || view.readUInt32LE(0) !== GLB_MAGIC) throw new CharacterError(CHARACTER_ERROR.meshLoad, 'the file is not a binary glTF (GLB)')
    const declared = view.readUInt32LE(8)
    if (declared > view.length) { throw new CharacterError(CHARACTER_ERROR.meshLoad, `the file is truncated: the header declares ${declared} bytes, ${view.length} arrived`) }
    const jsonLength = view.readUInt32LE(12)
    if (view.readUInt32LE(16) !== JSON_CHUNK || 20 + jsonLength > view.length) { throw new CharacterError(CHARACTER_ERROR.meshLoad, 'the GLB has no readable JSON chunk') }
    text = view.subarray(20, 20 + jsonLength).toString('utf8')
  }
  let json: GltfJson
  try {
    json = JSON.parse(text) as GltfJson
  } catch (error) {
    throw new CharacterError(CHARACTER_ERROR.meshLoad, 'the glTF JSON does not parse', { cause: error })
  }
  if (typeof json !== 'object' || json === null || json.asset?.version === undefined) { throw new CharacterError(CHARACTER_ERROR.metadata, 'the glTF JSON has no asset.version') }
  checkStructure(json, limits.maxNodes ?? 20_000)
  return json
}

function checkStructure (json: GltfJson, maxNodes: number): void {
  const nodes = json.nodes ?? []
  if (nodes.length > maxNodes) throw new CharacterError(CHARACTER_ERROR.meshLoad, `the file has ${nodes.length} nodes; the limit is ${maxNodes}`)
  const parent = new Array<number>(nodes.length).fill(-1)
  nodes.forEach((node, i) => {
    for (const child of node.children ?? []) {
      if (!Number.isInteger(child) || child < 0 || child >= nodes.length) { throw new CharacterError(CHARACTER_ERROR.metadata, `node ${i} has a child ${child} that does not exist`) }
      if (parent[child] !== -1 || child === i) throw new CharacterError(CHARACTER_ERROR.metadata, `node ${child} has more than one parent or is its own child`)
      parent[child] = i
    }
  })
  // Walking up from every node must reach a root within `nodes.length` steps, or the hierarchy has a cycle.
  nodes.forEach((_, i) => {
    let steps = 0
    for (let p = parent[i]!; p !== -1; p = parent[p]!) {
      if (++steps > nodes.length) throw new CharacterError(CHARACTER_ERROR.metadata, `the bone hierarchy has a cycle through node ${i}`)
    }
  })
  for (const [s, skin] of (json.skins ?? []).entries()) {
    for (const joint of skin.joints ?? []) {
      if (!Number.isInteger(joint) || joint < 0 || joint >= nodes.length) { throw new CharacterError(CHARACTER_ERROR.metadata, `skin ${s} names joint ${joint}, which does not exist`) }
    }
  }
  for (const buffer of json.buffers ?? []) {
    if (buffer.uri !== undefined && !buffer.uri.startsWith('data:')) {
      throw new CharacterError(
        CHARACTER_ERROR.meshLoad,
        `the glTF references an external file (${buffer.uri.slice(0, 60)}); upload a .glb or embed buffers as data URIs`
      )
    }
  }
}
