// The body's lowest point in a pose, from the stock mannequin's tubes (body-shape.ts): every ring vertex of the mesh
// motion-formats builds, carried rigidly by its bone. Grounding a lying, sitting or kneeling body by this point puts
// its skin on the floor; joints with radii could not, since a tube reaches past its joints and is not round.
import { HUMANOID_SEGMENTS, TUBE_SIDES, tubeAxes } from './body-shape.js'
import type { BodyPart } from './body-shape.js'
import type { Quat, Skeleton, Vec3 } from './clip.js'
import type { WorldPose } from './fk.js'
import { skeletonScale } from './skeleton.js'

export interface BodyExtent {
  /** Per ring vertex: the bone's joint and the vertex's offset from it in the rest pose. */
  joints: Int32Array
  offsets: Float64Array
}

/** The mannequin's ring vertices for `skeleton`, thickened per body part by `build` (a stock character's). */
export function bodyExtent (skeleton: Skeleton, build?: Partial<Record<BodyPart, number>>): BodyExtent {
  const rest: Vec3[] = []
  for (const j of skeleton.joints) {
    const p = j.parent < 0 ? [0, 0, 0] : rest[j.parent]!
    rest.push([p[0]! + j.offset[0], p[1]! + j.offset[1], p[2]! + j.offset[2]])
  }
  const index = new Map(skeleton.joints.map((j, i) => [j.name, i]))
  const k = skeletonScale(skeleton)
  const joints: number[] = []
  const offsets: number[] = []
  for (const seg of HUMANOID_SEGMENTS) {
    const from = index.get(seg.from)
    const to = index.get(seg.to)
    if (from === undefined || to === undefined) continue
    const axis: Vec3 = [0, 1, 2].map(c => rest[to]![c]! - rest[from]![c]!) as Vec3
    const length = Math.hypot(...axis)
    if (length === 0) continue
    const { u, v } = tubeAxes([axis[0] / length, axis[1] / length, axis[2] / length])
    const thickness = k * (build?.[seg.part] ?? 1)
    for (const [t, r] of seg.profile) {
      for (let s = 0; s < TUBE_SIDES; s++) {
        const a = (2 * Math.PI * s) / TUBE_SIDES
        const cu = Math.cos(a) * r * thickness * seg.width
        const sv = Math.sin(a) * r * thickness * seg.depth
        joints.push(from)
        offsets.push(...[0, 1, 2].map(c => axis[c]! * t + u[c]! * cu + v[c]! * sv))
      }
    }
  }
  return { joints: Int32Array.from(joints), offsets: Float64Array.from(offsets) }
}

/** Height of the lowest ring vertex in a world pose; `skip` leaves out vertices carried by some joints. */
export function lowestPoint (extent: BodyExtent, world: WorldPose, skip?: (joint: number) => boolean): number {
  let low = Infinity
  let joint = -1
  let row: Vec3 = [0, 1, 0]
  let base = 0
  for (let i = 0; i < extent.joints.length; i++) {
    const j = extent.joints[i]!
    if (j !== joint) {
      joint = j
      if (skip?.(j) === true) { joint = -1; continue }
      row = heightRow(world.rotations[j]!)
      base = world.positions[j]![1]
    }
    if (joint < 0) continue
    const y = base + row[0] * extent.offsets[i * 3]! + row[1] * extent.offsets[i * 3 + 1]! + row[2] * extent.offsets[i * 3 + 2]!
    if (y < low) low = y
  }
  return low
}

/** The rotation matrix's second row: how a vector's components add to its world height. */
function heightRow ([x, y, z, w]: Quat): Vec3 {
  return [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)]
}
