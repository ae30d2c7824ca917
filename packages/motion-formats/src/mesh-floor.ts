// Grounds a character's mesh the way the engine grounded the mannequin's: the engine rests the stock mannequin's skin
// on the floor (or lifts it off in a jump), and another body — a broader stock build, a custom character with other
// soles — must keep the same clearance under its own lowest vertex, frame by frame. Only the root's height moves,
// so planted feet keep their place on the floor plan.
import { fkPose } from '@openmotion/motion-engine'
import type { MotionClip, Quat, Skeleton, Vec3 } from '@openmotion/motion-engine'
import type { SkinnedMesh } from './mannequin-mesh.js'

function restPositions (skeleton: Skeleton): Vec3[] {
  const out: Vec3[] = []
  for (const j of skeleton.joints) {
    const p = j.parent < 0 ? [0, 0, 0] : out[j.parent]!
    out.push([p[0]! + j.offset[0], p[1]! + j.offset[1], p[2]! + j.offset[2]])
  }
  return out
}

/** The rotation matrix's second row: how a vector's components add to its world height. */
function heightRow ([x, y, z, w]: Quat): Vec3 {
  return [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)]
}

/**
 * Height of the lowest skinned vertex per frame (linear blend skinning; the mesh is bound in the skeleton's rest
 * pose, where every joint rotation is the identity).
 */
export function lowestVertexPerFrame (clip: MotionClip, mesh: SkinnedMesh): Float64Array {
  const rest = restPositions(clip.skeleton)
  const J = clip.skeleton.joints.length
  const count = mesh.positions.length / 3
  const out = new Float64Array(clip.frameCount)
  const rows = new Float64Array(J * 4)
  for (let f = 0; f < clip.frameCount; f++) {
    const r = clip.rootTranslation
    const world = fkPose(clip.skeleton, [r[f * 3]!, r[f * 3 + 1]!, r[f * 3 + 2]!], clip.rotations, f * J * 4)
    for (let j = 0; j < J; j++) {
      const row = heightRow(world.rotations[j]!)
      // Height of a vertex carried by joint j: row · v + (joint height − row · joint rest position).
      rows.set([row[0], row[1], row[2], world.positions[j]![1] - (row[0] * rest[j]![0] + row[1] * rest[j]![1] + row[2] * rest[j]![2])], j * 4)
    }
    let low = Infinity
    for (let v = 0; v < count; v++) {
      const x = mesh.positions[v * 3]!
      const y = mesh.positions[v * 3 + 1]!
      const z = mesh.positions[v * 3 + 2]!
      let h = 0
      for (let s = 0; s < 4; s++) {
        const w = mesh.weights[v * 4 + s]!
        if (w === 0) continue
        const o = mesh.joints[v * 4 + s]! * 4
        h += w * (rows[o]! * x + rows[o + 1]! * y + rows[o + 2]! * z + rows[o + 3]!)
      }
      if (h < low) low = h
    }
    out[f] = low
  }
  return out
}

/** The clip with its root raised or lowered so `mesh` clears the floor exactly as `reference` does, frame by frame. */
export function groundLikeReference (clip: MotionClip, mesh: SkinnedMesh, reference: SkinnedMesh): MotionClip {
  const ours = lowestVertexPerFrame(clip, mesh)
  const theirs = lowestVertexPerFrame(clip, reference)
  const root = Float32Array.from(clip.rootTranslation)
  for (let f = 0; f < clip.frameCount; f++) root[f * 3 + 1] = root[f * 3 + 1]! + theirs[f]! - ours[f]!
  return { ...clip, rootTranslation: root }
}
