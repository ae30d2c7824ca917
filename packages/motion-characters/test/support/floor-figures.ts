// Floor and foot-slide figures of an exported character, from the GLB alone: its mesh skinned frame by frame
// (linear blend skinning: each joint's animated world transform times its inverse bind matrix), measured the way
// motion capture is: mesh floor = 5th percentile of the lowest vertex; a sole vertex is in contact when
// < 2.5 cm above it and slower than 1 m/s, and skating is its horizontal speed then.
import { WebIO } from '@gltf-transform/core'
import { KHRONOS_EXTENSIONS } from '@gltf-transform/extensions'
import type { Quat, Vec3 } from '@openmotion/motion-engine'
import { quatRotate } from '@openmotion/motion-engine'
import { worldTransforms } from '../../src/transforms.js'

export interface SkinnedFrames {
  frameCount: number
  fps: number
  /** World positions of every vertex at a frame, 3 numbers each. */
  vertices: (frame: number) => Float64Array
  /** Vertices carried mostly by the named joint nodes. */
  carriedBy: (names: string[]) => number[]
}

export async function skinGlb (glb: Uint8Array): Promise<SkinnedFrames> {
  const doc = await new WebIO().registerExtensions(KHRONOS_EXTENSIONS).readBinary(glb)
  const nodes = doc.getRoot().listNodes()
  const index = new Map(nodes.map((n, i) => [n, i]))
  const rest = nodes.map((n) => ({
    parent: -1,
    translation: [...n.getTranslation()] as Vec3,
    rotation: [...n.getRotation()] as Quat,
    scale: [...n.getScale()] as Vec3
  }))
  nodes.forEach((n, i) => { for (const c of n.listChildren()) rest[index.get(c)!]!.parent = i })
  const animation = doc.getRoot().listAnimations()[0]!
  const channels = animation
    .listChannels()
    .map((c) => ({ node: index.get(c.getTargetNode()!)!, path: c.getTargetPath(), values: c.getSampler()!.getOutput()!.getArray()! }))
  const times = animation.listSamplers()[0]!.getInput()!.getArray()!
  const skinned = nodes.find((n) => n.getSkin() !== null && n.getMesh() !== null)!
  const skin = skinned.getSkin()!
  const joints = skin.listJoints().map((j) => index.get(j)!)
  const ibm = skin.getInverseBindMatrices()!.getArray()!
  const primitive = skinned.getMesh()!.listPrimitives()[0]!
  const pos = primitive.getAttribute('POSITION')!.getArray()!
  const jnt = primitive.getAttribute('JOINTS_0')!.getArray()!
  const wgt = primitive.getAttribute('WEIGHTS_0')!.getArray()!
  const count = pos.length / 3
  // Each vertex in each joint's bind space, computed once.
  const local = new Float64Array(count * 12)
  for (let v = 0; v < count; v++) {
    for (let s = 0; s < 4; s++) {
      const m = ibm.subarray(jnt[v * 4 + s]! * 16, jnt[v * 4 + s]! * 16 + 16)
      for (let r = 0; r < 3; r++) local[v * 12 + s * 3 + r] = m[r]! * pos[v * 3]! + m[4 + r]! * pos[v * 3 + 1]! + m[8 + r]! * pos[v * 3 + 2]! + m[12 + r]!
    }
  }
  const vertices = (frame: number): Float64Array => {
    const posed = rest.map((n) => ({ ...n }))
    for (const c of channels) {
      if (c.path === 'rotation') posed[c.node]!.rotation = Array.from(c.values.slice(frame * 4, frame * 4 + 4)) as Quat
      if (c.path === 'translation') posed[c.node]!.translation = Array.from(c.values.slice(frame * 3, frame * 3 + 3)) as Vec3
    }
    const world = worldTransforms(posed)
    const out = new Float64Array(count * 3)
    for (let v = 0; v < count; v++) {
      for (let s = 0; s < 4; s++) {
        const w = wgt[v * 4 + s]!
        if (w === 0) continue
        const t = world[joints[jnt[v * 4 + s]!]!]!
        const p = quatRotate(t.r, [local[v * 12 + s * 3]!, local[v * 12 + s * 3 + 1]!, local[v * 12 + s * 3 + 2]!])
        for (let c = 0; c < 3; c++) out[v * 3 + c] = out[v * 3 + c]! + w * (t.t[c]! + p[c]! * t.s)
      }
    }
    return out
  }
  const carriedBy = (names: string[]): number[] => {
    const wanted = new Set(joints.map((node, j) => (names.includes(nodes[node]!.getName()) ? j : -1)).filter((j) => j >= 0))
    const out: number[] = []
    for (let v = 0; v < count; v++) {
      let best = 0
      for (let s = 1; s < 4; s++) if (wgt[v * 4 + s]! > wgt[v * 4 + best]!) best = s
      if (wanted.has(jnt[v * 4 + best]!)) out.push(v)
    }
    return out
  }
  return { frameCount: times.length, fps: Math.round((times.length - 1) / (times[times.length - 1]! - times[0]!)), vertices, carriedBy }
}

const CONTACT_HEIGHT = 0.025
const CONTACT_SPEED = 1

export function percentile (values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))]!
}

/** Mesh floor, metres, and the horizontal speed of the vertices carried by `feet` while in contact, m/s. */
export function floorFigures (motion: SkinnedFrames, feet: string[]): { floor: number, skateMean: number, skateP95: number } {
  const frames = Array.from({ length: motion.frameCount }, (_, f) => motion.vertices(f))
  const lowest = frames.map((v) => { let low = Infinity; for (let i = 1; i < v.length; i += 3) low = Math.min(low, v[i]!); return low })
  const floor = percentile(lowest, 5)
  const skate: number[] = []
  for (const v of motion.carriedBy(feet)) {
    for (let f = 1; f + 1 < frames.length; f++) {
      const [a, b] = [frames[f - 1]!, frames[f + 1]!]
      const dx = b[v * 3]! - a[v * 3]!
      const dz = b[v * 3 + 2]! - a[v * 3 + 2]!
      const speed = Math.hypot(dx, b[v * 3 + 1]! - a[v * 3 + 1]!, dz) * motion.fps / 2
      if (frames[f]![v * 3 + 1]! - floor < CONTACT_HEIGHT && speed < CONTACT_SPEED) skate.push(Math.hypot(dx, dz) * motion.fps / 2)
    }
  }
  return {
    floor,
    skateMean: skate.length === 0 ? 0 : skate.reduce((s, x) => s + x, 0) / skate.length,
    skateP95: skate.length === 0 ? 0 : percentile(skate, 95)
  }
}
