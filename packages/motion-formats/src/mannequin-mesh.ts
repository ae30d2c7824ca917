// The stock characters the service ships: low-poly mannequins built from the skeleton itself, so they fit any
// height the engine produces and needs no bundled asset or licence. Each bone gets an elliptical tapered tube
// (8 sides, rounded by its radius profile); vertices near a joint share their weight with the neighbouring bone
// so elbows and knees bend smoothly instead of creasing.
import type { Skeleton, Vec3 } from '@openmotion/motion-engine'
import { HUMANOID_SEGMENTS, TUBE_SIDES, tubeAxes } from './mannequin-segments.js'
import type { SegmentSpec } from './mannequin-segments.js'
import { stockCharacter } from './stock-characters.js'
import type { StockCharacterId } from './stock-characters.js'

export interface MannequinOptions {
  /** Which stock character's build and colour; default "mannequin". */
  character?: StockCharacterId
}

export interface SkinnedMesh {
  /** Bind-pose (the skeleton's rest pose) vertex positions, metres, 3 floats per vertex. */
  positions: Float32Array
  /** Unit vertex normals, 3 floats per vertex. */
  normals: Float32Array
  /** Four skeleton joint indices per vertex (unused slots 0 with weight 0). */
  joints: Uint16Array
  /** Four weights per vertex summing to 1. */
  weights: Float32Array
  /** Counter-clockwise triangles, 3 indices each. */
  indices: Uint32Array
  /** Linear RGBA base colour of the material. */
  baseColor: [number, number, number, number]
}

const SIDES = TUBE_SIDES

interface Builder { pos: number[], nrm: number[], jnt: number[], wgt: number[], idx: number[] }

function sub (a: Vec3, b: Vec3): Vec3 { return [a[0] - b[0], a[1] - b[1], a[2] - b[2]] }
function normalize (a: Vec3): Vec3 { const l = Math.hypot(...a) || 1; return [a[0] / l, a[1] / l, a[2] / l] }

function restWorld (skeleton: Skeleton): Vec3[] {
  const out: Vec3[] = []
  for (const j of skeleton.joints) {
    const p = j.parent < 0 ? [0, 0, 0] : out[j.parent]!
    out.push([p[0]! + j.offset[0], p[1]! + j.offset[1], p[2]! + j.offset[2]])
  }
  return out
}

/** Up to two influences merged per joint index, padded to four slots. */
function pushWeights (b: Builder, influences: Array<[number, number]>): void {
  const merged = new Map<number, number>()
  for (const [j, w] of influences) if (w > 0) merged.set(j, (merged.get(j) ?? 0) + w)
  const list = [...merged.entries()].slice(0, 4)
  const total = list.reduce((s, [, w]) => s + w, 0)
  for (let s = 0; s < 4; s++) {
    const e = list[s]
    b.jnt.push(e === undefined ? 0 : e[0])
    b.wgt.push(e === undefined ? 0 : e[1] / total)
  }
}

function addTube (b: Builder, a: Vec3, c: Vec3, spec: SegmentSpec, bones: { self: number, parent: number, child: number }): void {
  const axis = sub(c, a)
  if (Math.hypot(...axis) === 0) return
  const d = normalize(axis)
  const { u, v } = tubeAxes(d)
  const ringStart = b.pos.length / 3
  const weightsAt = (t: number): Array<[number, number]> => {
    const toParent = bones.parent < 0 ? 0 : Math.max(0, 0.5 - 2 * t)
    const toChild = bones.child < 0 ? 0 : Math.max(0, 2 * (t - 0.75))
    return [[bones.self, 1 - toParent - toChild], [bones.parent, toParent], [bones.child, toChild]]
  }
  for (const [t, r] of spec.profile) {
    const centre: Vec3 = [a[0] + axis[0] * t, a[1] + axis[1] * t, a[2] + axis[2] * t]
    const rw = r * spec.width
    const rd = r * spec.depth
    for (let k = 0; k < SIDES; k++) {
      const ang = (2 * Math.PI * k) / SIDES
      const cu = Math.cos(ang)
      const sv = Math.sin(ang)
      b.pos.push(...[0, 1, 2].map(i => centre[i]! + u[i]! * cu * rw + v[i]! * sv * rd))
      b.nrm.push(...normalize([0, 1, 2].map(i => u[i]! * cu / spec.width + v[i]! * sv / spec.depth) as Vec3))
      pushWeights(b, weightsAt(Math.max(0, Math.min(1, t))))
    }
  }
  const rings = spec.profile.length
  for (let i = 0; i + 1 < rings; i++) {
    for (let k = 0; k < SIDES; k++) {
      const p = ringStart + i * SIDES
      const a0 = p + k; const b0 = p + (k + 1) % SIDES
      const c0 = b0 + SIDES; const e0 = a0 + SIDES
      b.idx.push(a0, b0, c0, a0, c0, e0)
    }
  }
  // Flat caps with their own vertices so the cap normal does not bend the tube's shading.
  for (const end of [0, rings - 1]) {
    const [t] = spec.profile[end]!
    const n: Vec3 = end === 0 ? [-d[0], -d[1], -d[2]] : d
    const base = b.pos.length / 3
    b.pos.push(a[0] + axis[0] * t, a[1] + axis[1] * t, a[2] + axis[2] * t)
    b.nrm.push(...n)
    pushWeights(b, weightsAt(Math.max(0, Math.min(1, t))))
    for (let k = 0; k < SIDES; k++) {
      const src = ringStart + end * SIDES + k
      b.pos.push(b.pos[src * 3]!, b.pos[src * 3 + 1]!, b.pos[src * 3 + 2]!)
      b.nrm.push(...n)
      b.jnt.push(...b.jnt.slice(src * 4, src * 4 + 4))
      b.wgt.push(...b.wgt.slice(src * 4, src * 4 + 4))
    }
    for (let k = 0; k < SIDES; k++) {
      const r0 = base + 1 + k; const r1 = base + 1 + (k + 1) % SIDES
      if (end === 0) b.idx.push(base, r1, r0)
      else b.idx.push(base, r0, r1)
    }
  }
}

/**
 * Builds a stock low-poly character skinned to `skeleton`. Humanoid joints use the tuned proportions in
 * `mannequin-segments.ts`; bones with other names get a plain tube so any skeleton still gets a visible body.
 */
export function createMannequinMesh (skeleton: Skeleton, options: MannequinOptions = {}): SkinnedMesh {
  const character = stockCharacter(options.character ?? 'mannequin')
  const world = restWorld(skeleton)
  const index = new Map(skeleton.joints.map((j, i) => [j.name, i]))
  const hasChildren = new Set(skeleton.joints.map(j => j.parent))
  const b: Builder = { pos: [], nrm: [], jnt: [], wgt: [], idx: [] }
  const covered = new Set<string>()
  // Radii are written for the 1.75 m reference whose hips stand 0.95 m high.
  const hips = index.get('Hips')
  const k = hips === undefined ? 1 : Math.max(0.1, world[hips]![1] / 0.95)
  for (const base of HUMANOID_SEGMENTS) {
    const thickness = k * character.build[base.part]
    const spec: SegmentSpec = { ...base, profile: base.profile.map(([t, r]) => [t, r * thickness]) }
    const from = index.get(spec.from)
    const to = index.get(spec.to)
    if (from === undefined || to === undefined) continue
    covered.add(`${from}>${to}`)
    const parent = skeleton.joints[from]!.parent
    const child = hasChildren.has(to) && spec.blendChild !== false ? to : -1
    addTube(b, world[from]!, world[to]!, spec, { self: from, parent: spec.blendParent === false ? -1 : parent, child })
  }
  // Skeletons without humanoid names get a plain tube per bone.
  skeleton.joints.forEach((j, i) => {
    if (j.parent < 0 || covered.size > 0) return
    const length = Math.hypot(...j.offset)
    if (length < 1e-4) return
    const r = Math.max(0.01, length * 0.15)
    addTube(b, world[j.parent]!, world[i]!, { part: 'torso', from: '', to: '', width: 1, depth: 1, profile: [[0, r * 0.8], [0.2, r], [0.8, r], [1, r * 0.8]] },
      { self: j.parent, parent: skeleton.joints[j.parent]!.parent, child: hasChildren.has(i) ? i : -1 })
  })
  if (b.idx.length === 0) throw new RangeError('skeleton has no bones with length to build a mesh on')
  return {
    positions: Float32Array.from(b.pos),
    normals: Float32Array.from(b.nrm),
    joints: Uint16Array.from(b.jnt),
    weights: Float32Array.from(b.wgt),
    indices: Uint32Array.from(b.idx),
    baseColor: [...character.baseColor]
  }
}
