// The bone list every writer emits: the clip's joints with their exported names, plus an optional static "Root"
// bone at the origin above the hips (the API's rootAtOrigin option, which game engines use for root motion).
import type { MotionClip, Quat, Vec3 } from '@openmotion/motion-engine'

export interface RigOptions {
  /** Adds a static bone named "Root" at the origin as the parent of the hips. Default false. */
  rootAtOrigin?: boolean
  /** Prepended to every bone name, e.g. "mixamorig:" for Mixamo tooling. Default "" (plain Mixamo names). */
  bonePrefix?: string
}

export interface RigBone {
  name: string
  /** Index into `Rig.bones`, -1 for the top bone. */
  parent: number
  /** Rest translation from the parent, metres; rest rotations are identity (the skeleton's T-pose). */
  rest: Vec3
  /** Index of the clip joint this bone plays, or -1 for the static Root. */
  joint: number
}

export interface Rig {
  bones: RigBone[]
  /** Index of the bone carrying the clip's root translation (the hips). */
  hips: number
  /** Rest-pose world position of every bone. */
  restWorld: Vec3[]
}

const IDENTITY: Quat = [0, 0, 0, 1]

export function buildRig (clip: MotionClip, options: RigOptions = {}): Rig {
  const prefix = options.bonePrefix ?? ''
  const shift = options.rootAtOrigin === true ? 1 : 0
  const bones: RigBone[] = []
  if (shift === 1) bones.push({ name: `${prefix}Root`, parent: -1, rest: [0, 0, 0], joint: -1 })
  clip.skeleton.joints.forEach((j, i) => {
    const parent = j.parent < 0 ? (shift === 1 ? 0 : -1) : j.parent + shift
    bones.push({ name: `${prefix}${j.name}`, parent, rest: [j.offset[0], j.offset[1], j.offset[2]], joint: i })
  })
  const restWorld: Vec3[] = []
  for (const b of bones) {
    const p = b.parent < 0 ? [0, 0, 0] : restWorld[b.parent]!
    restWorld.push([p[0]! + b.rest[0], p[1]! + b.rest[1], p[2]! + b.rest[2]])
  }
  return { bones, hips: shift, restWorld }
}

/** Local rotation of a rig bone at a frame, normalised (writers store it as-is). */
export function boneRotation (clip: MotionClip, bone: RigBone, frame: number): Quat {
  if (bone.joint < 0) return IDENTITY
  const o = (frame * clip.skeleton.joints.length + bone.joint) * 4
  const r = clip.rotations
  const q: Quat = [r[o]!, r[o + 1]!, r[o + 2]!, r[o + 3]!]
  const n = Math.hypot(q[0], q[1], q[2], q[3]) || 1
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n]
}

/** Translation of the hips bone relative to its parent at a frame; the Root sits at the origin, so it is the world one. */
export function hipsTranslation (clip: MotionClip, frame: number): Vec3 {
  const t = clip.rootTranslation
  return [t[frame * 3]!, t[frame * 3 + 1]!, t[frame * 3 + 2]!]
}

export function childrenOf (rig: Rig, bone: number): number[] {
  const out: number[] = []
  rig.bones.forEach((b, i) => { if (b.parent === bone) out.push(i) })
  return out
}
