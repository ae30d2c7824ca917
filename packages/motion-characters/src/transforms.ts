// World transforms of a node hierarchy as translation + rotation + uniform scale (non-uniform node scales are
// averaged: skeletons use uniform unit scales such as a 0.01 armature, which this keeps exact).
import { quatConjugate, quatMultiply, quatRotate, type Quat, type Vec3 } from '@openmotion/motion-engine'

export interface Transform { t: Vec3, r: Quat, s: number }

export interface LocalTransform { translation: Vec3, rotation: Quat, scale: Vec3 }

export const uniformScale = (s: Vec3): number => (s[0] + s[1] + s[2]) / 3

export function compose (parent: Transform, local: { t: Vec3, r: Quat, s: number }): Transform {
  const off = quatRotate(parent.r, local.t)
  return {
    t: [parent.t[0] + off[0] * parent.s, parent.t[1] + off[1] * parent.s, parent.t[2] + off[2] * parent.s],
    r: quatMultiply(parent.r, local.r),
    s: parent.s * local.s
  }
}

/** The local translation that puts a child at world position `world` under `parent`. */
export function localPosition (parent: Transform, world: Vec3): Vec3 {
  const d: Vec3 = [(world[0] - parent.t[0]) / parent.s, (world[1] - parent.t[1]) / parent.s, (world[2] - parent.t[2]) / parent.s]
  return quatRotate(quatConjugate(parent.r), d)
}

/** Rest world transforms; `nodes` may be in any order (parents are resolved recursively). */
export function worldTransforms (nodes: ReadonlyArray<{ parent: number } & LocalTransform>): Transform[] {
  const out = new Array<Transform | undefined>(nodes.length)
  const resolve = (i: number): Transform => {
    const cached = out[i]
    if (cached !== undefined) return cached
    const n = nodes[i]!
    const local = { t: n.translation, r: n.rotation, s: uniformScale(n.scale) }
    const world = n.parent < 0 ? { t: [...local.t] as Vec3, r: [...local.r] as Quat, s: local.s } : compose(resolve(n.parent), local)
    out[i] = world
    return world
  }
  return nodes.map((_, i) => resolve(i))
}
