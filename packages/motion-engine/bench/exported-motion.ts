// Reads motion back from the files a user downloads: the BVH text (skeleton, forward kinematics from its channels)
// and the skinned GLB (the mesh's vertices skinned per frame). The quality yardstick measures these, never the
// engine's internal clip, so anything the exporters or the mesh get wrong shows up in the figures.
import type { MotionClip, Quat, Vec3 } from '../src/index.js'
import { quatFromAxisAngleRad, quatMultiply, quatRotate } from '../src/math/quat.js'

/** World-space motion of an exported file: joint positions and rotations per frame, plus the mesh floor. */
export interface ExportedMotion {
  fps: number
  frameCount: number
  names: string[]
  /** [frame][joint] world positions, metres. */
  positions: Vec3[][]
  /** [frame][joint] world rotations. */
  rotations: Quat[][]
  /** Height of each joint above the character's sole in the rest pose (from the mesh), metres. */
  soleOffset: Map<string, number>
  /** Lowest skinned vertex per frame, metres. */
  meshLowest: number[]
}

interface Writers {
  writeBvh: (clip: MotionClip) => string
  writeGlb: (clip: MotionClip, options?: { character?: string }) => Promise<Uint8Array>
}

let writers: Writers | undefined

/**
 * The writers come from the sibling package's source: motion-formats depends on the engine, so the engine cannot
 * depend on it back; a computed specifier keeps the compiler from following the import into that package.
 */
async function loadWriters (): Promise<Writers> {
  if (writers === undefined) {
    const url = new URL('../../motion-formats/src/index.ts', import.meta.url).href
    writers = await import(url) as Writers
  }
  return writers
}

interface BvhNode { name: string, parent: number, offset: Vec3, channels: string[] }

function parseBvh (text: string): { nodes: BvhNode[], frames: number[][], frameTime: number } {
  const tokens = text.split(/\s+/).filter(t => t.length > 0)
  let i = 0
  const next = (): string => tokens[i++] ?? ''
  const nodes: BvhNode[] = []
  const readNode = (parent: number, name: string): void => {
    next() // {
    next() // OFFSET
    const offset: Vec3 = [Number(next()) / 100, Number(next()) / 100, Number(next()) / 100]
    const index = nodes.push({ name, parent, offset, channels: [] }) - 1
    for (;;) {
      const t = next()
      if (t === '}' || t === '') return
      if (t === 'CHANNELS') {
        const n = Number(next())
        for (let c = 0; c < n; c++) nodes[index]!.channels.push(next())
      } else if (t === 'JOINT') readNode(index, next())
      else if (t === 'End') { next(); readNode(index, `${name}/End`) }
    }
  }
  next(); next() // HIERARCHY ROOT
  readNode(-1, next())
  next(); next() // MOTION Frames:
  const frameCount = Number(next())
  next(); next() // Frame Time:
  const frameTime = Number(next())
  const width = nodes.reduce((s, n) => s + n.channels.length, 0)
  const frames: number[][] = []
  for (let f = 0; f < frameCount; f++) frames.push(tokens.slice(i + f * width, i + (f + 1) * width).map(Number))
  return { nodes, frames, frameTime }
}

const AXES: Record<string, Vec3> = { X: [1, 0, 0], Y: [0, 1, 0], Z: [0, 0, 1] }

function bvhFrame (nodes: BvhNode[], row: number[]): { positions: Vec3[], rotations: Quat[] } {
  const positions: Vec3[] = []
  const rotations: Quat[] = []
  let c = 0
  for (const node of nodes) {
    let t: Vec3 = [...node.offset]
    let q: Quat = [0, 0, 0, 1]
    for (const ch of node.channels) {
      const v = row[c++]!
      if (ch.endsWith('position')) {
        const axis = 'XYZ'.indexOf(ch[0]!)
        t = t.map((x, k) => (k === axis ? v / 100 : x)) as Vec3
      } else {
        q = quatMultiply(q, quatFromAxisAngleRad(AXES[ch[0]!]!, (v * Math.PI) / 180))
      }
    }
    if (node.parent < 0) {
      positions.push(t)
      rotations.push(q)
    } else {
      const pq = rotations[node.parent]!
      const pp = positions[node.parent]!
      const o = quatRotate(pq, t)
      positions.push([pp[0] + o[0], pp[1] + o[1], pp[2] + o[2]])
      rotations.push(quatMultiply(pq, q))
    }
  }
  return { positions, rotations }
}

interface Gltf {
  nodes: { name?: string, children?: number[], translation?: number[], rotation?: number[] }[]
  meshes: { primitives: { attributes: Record<string, number> }[] }[]
  skins: { joints: number[], inverseBindMatrices: number }[]
  accessors: { bufferView: number, byteOffset?: number, componentType: number, count: number, type: string }[]
  bufferViews: { byteOffset?: number, byteLength: number, byteStride?: number }[]
  animations: { channels: { sampler: number, target: { node: number, path: string } }[], samplers: { output: number }[] }[]
}

const WIDTH: Record<string, number> = { SCALAR: 1, VEC3: 3, VEC4: 4, MAT4: 16 }

function readAccessor (gltf: Gltf, bin: DataView, index: number): number[] {
  const a = gltf.accessors[index]!
  const view = gltf.bufferViews[a.bufferView]!
  const width = WIDTH[a.type]!
  const size = a.componentType === 5126 || a.componentType === 5125 ? 4 : a.componentType === 5123 ? 2 : 1
  const stride = view.byteStride ?? width * size
  const out: number[] = []
  for (let e = 0; e < a.count; e++) {
    for (let c = 0; c < width; c++) {
      const at = (view.byteOffset ?? 0) + (a.byteOffset ?? 0) + e * stride + c * size
      out.push(
        a.componentType === 5126
          ? bin.getFloat32(at, true)
          : a.componentType === 5123
            ? bin.getUint16(at, true)
            : a.componentType === 5125
              ? bin.getUint32(at, true)
              : bin.getUint8(at)
      )
    }
  }
  return out
}

/** Lowest skinned vertex per frame and the rest-pose sole offsets of the joints, from a GLB's own mesh. */
function skinGlb (bytes: Uint8Array, frameCount: number, skin: boolean): { lowest: number[], soleOffset: Map<string, number> } {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const jsonLength = dv.getUint32(12, true)
  const gltf = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Gltf
  const bin = new DataView(bytes.buffer, bytes.byteOffset + 20 + jsonLength + 8)
  const attrs = gltf.meshes[0]!.primitives[0]!.attributes
  const pos = readAccessor(gltf, bin, attrs.POSITION!)
  const jnt = readAccessor(gltf, bin, attrs.JOINTS_0!)
  const wgt = readAccessor(gltf, bin, attrs.WEIGHTS_0!)
  const joints = gltf.skins[0]!
  const ibm = readAccessor(gltf, bin, joints.inverseBindMatrices)
  const parent = new Array<number>(gltf.nodes.length).fill(-1)
  gltf.nodes.forEach((n, i) => { for (const c of n.children ?? []) parent[c] = i })
  const translation = gltf.nodes.map(n => Array.from({ length: frameCount }, () => (n.translation ?? [0, 0, 0]) as Vec3))
  const rotation = gltf.nodes.map(n => Array.from({ length: frameCount }, () => (n.rotation ?? [0, 0, 0, 1]) as Quat))
  for (const ch of gltf.animations[0]?.channels ?? []) {
    const values = readAccessor(gltf, bin, gltf.animations[0]!.samplers[ch.sampler]!.output)
    const w = ch.target.path === 'rotation' ? 4 : 3
    for (let f = 0; f < frameCount; f++) {
      const v = values.slice(f * w, f * w + w)
      if (ch.target.path === 'rotation') rotation[ch.target.node]![f] = v as Quat
      else if (ch.target.path === 'translation') translation[ch.target.node]![f] = v as Vec3
    }
  }
  const order = topological(parent)
  const vertexCount = pos.length / 3
  const lowest: number[] = []
  for (let f = 0; f < (skin ? frameCount : 0); f++) {
    const wp: Vec3[] = []
    const wq: Quat[] = []
    for (const i of order) {
      const t = translation[i]![f]!
      const q = rotation[i]![f]!
      const p = parent[i]!
      if (p < 0) { wp[i] = t; wq[i] = q; continue }
      const o = quatRotate(wq[p]!, t)
      wp[i] = [wp[p]![0] + o[0], wp[p]![1] + o[1], wp[p]![2] + o[2]]
      wq[i] = quatMultiply(wq[p]!, q)
    }
    let low = Infinity
    for (let v = 0; v < vertexCount; v++) {
      let y = 0
      for (let s = 0; s < 4; s++) {
        const w = wgt[v * 4 + s]!
        if (w === 0) continue
        const ji = jnt[v * 4 + s]!
        const node = joints.joints[ji]!
        const m = ibm.slice(ji * 16, ji * 16 + 16)
        // The inverse bind matrix takes the vertex into the bone's rest frame; the bone's pose takes it back out.
        const local: Vec3 = [0, 1, 2].map(r => m[r]! * pos[v * 3]! + m[4 + r]! * pos[v * 3 + 1]! + m[8 + r]! * pos[v * 3 + 2]! + m[12 + r]!) as Vec3
        y += w * (quatRotate(wq[node]!, local)[1] + wp[node]![1])
      }
      low = Math.min(low, y)
    }
    lowest.push(low)
  }
  let restLow = Infinity
  for (let v = 0; v < vertexCount; v++) restLow = Math.min(restLow, pos[v * 3 + 1]!)
  const soleOffset = new Map<string, number>()
  for (const [k, node] of joints.joints.entries()) soleOffset.set(gltf.nodes[node]!.name ?? '', -ibm[k * 16 + 13]! - restLow)
  return { lowest, soleOffset }
}

function topological (parent: number[]): number[] {
  const out: number[] = []
  const seen = new Set<number>()
  const visit = (i: number): void => {
    if (seen.has(i)) return
    if (parent[i]! >= 0) visit(parent[i]!)
    seen.add(i)
    out.push(i)
  }
  parent.forEach((_, i) => visit(i))
  return out
}

/**
 * Exports a clip to BVH and GLB with the project's writers and reads both back. `skinMesh: false` skips skinning
 * the mesh per frame (meshLowest stays empty) when only the skeleton's motion is checked; `character` picks the
 * stock character whose mesh is skinned (default the mannequin).
 */
export async function exportAndRead (clip: MotionClip, options: { skinMesh?: boolean, character?: string } = {}): Promise<ExportedMotion> {
  const w = await loadWriters()
  const bvh = parseBvh(w.writeBvh(clip))
  const frames = bvh.frames.map(row => bvhFrame(bvh.nodes, row))
  const glb = skinGlb(
    await w.writeGlb(clip, options.character === undefined ? {} : { character: options.character }),
    bvh.frames.length,
    options.skinMesh !== false
  )
  return {
    fps: Math.round(1 / bvh.frameTime),
    frameCount: bvh.frames.length,
    names: bvh.nodes.map(n => n.name),
    positions: frames.map(f => f.positions),
    rotations: frames.map(f => f.rotations),
    soleOffset: glb.soleOffset,
    meshLowest: glb.lowest
  }
}
