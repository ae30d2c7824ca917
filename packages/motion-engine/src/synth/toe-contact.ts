// The toes bend at the ball when the heel rises: a pitched foot whose ball is on the floor keeps its toes flat on
// it instead of driving the toe tip through the floor (the mesh's lowest point is the toe tip).
import type { Quat, Skeleton, Vec3 } from '../clip.js'
import { fkPose } from '../fk.js'
import { quatConjugate, quatFromAxisAngleRad, quatMultiply, quatRotate, quatSlerp } from '../math/quat.js'
import { TOE_HEIGHT } from '../skeleton.js'

export function flattenToes (
  skeleton: Skeleton,
  root: Vec3,
  frame: Float32Array,
  base: number,
  feet: [number, number],
  toes: [number, number],
  k: number
): void {
  const world = fkPose(skeleton, root, frame, base)
  for (const s of [0, 1]) {
    const toe = toes[s]!
    const height = world.positions[toe]![1] - TOE_HEIGHT * k
    const w = Math.min(1, Math.max(0, 1 - height / (0.03 * k)))
    if (w <= 0) continue
    const footWorld = world.rotations[feet[s]!]!
    const toeWorld = world.rotations[toe]!
    // Only a toe pointing below the ball is bent back up; toes already level or raised are left alone.
    if (quatRotate(toeWorld, [0, 0, 1])[1] >= 0) continue
    const fwd = quatRotate(footWorld, [0, 0, 1])
    const flat = quatFromAxisAngleRad([0, 1, 0], Math.atan2(fwd[0], fwd[2]))
    const o = base + toe * 4
    const current: Quat = [frame[o]!, frame[o + 1]!, frame[o + 2]!, frame[o + 3]!]
    const q = quatSlerp(current, quatMultiply(quatConjugate(footWorld), flat), w)
    frame[o] = q[0]
    frame[o + 1] = q[1]
    frame[o + 2] = q[2]
    frame[o + 3] = q[3]
  }
}
