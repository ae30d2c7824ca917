// Grounds a retargeted character by its own geometry: the engine rests the stock mannequin's skin on the floor (and
// lifts it in a jump), and their character — other soles, another build, a rest pose not standing on y = 0 — keeps
// that clearance, scaled by leg length, under its own lowest skinned vertex, frame by frame. Only the hips' height
// changes, so planted feet keep their place on the floor plan.
import { quatConjugate, quatRotate, type MotionClip, type Vec3 } from '@openmotion/motion-engine'
import { createMannequinMesh, lowestVertexPerFrame, type SkinnedMesh } from '@openmotion/motion-formats'
import type { Character } from './load-character.js'
import type { RetargetedAnimation } from './retarget.js'

/**
 * `bones`: the exported skeleton (hips first); `mesh` their skin on it; `skeletonClip` the animation on that skeleton
 * (characterClip). Returns the animation with the hips raised or lowered, and the world transforms to match.
 */
export function groundCharacter (clip: MotionClip, character: Character, animation: RetargetedAnimation, bones: readonly number[],
  mesh: SkinnedMesh, skeletonClip: MotionClip): RetargetedAnimation {
  if (mesh.positions.length === 0) return animation
  const reference = lowestVertexPerFrame(clip, createMannequinMesh(clip.skeleton))
  const ours = lowestVertexPerFrame(skeletonClip, mesh)
  const hips = animation.hips.node
  const parent = character.nodes[hips]!.parent
  const translation = Float32Array.from(animation.hips.translation)
  const world = animation.world.map((frame, f) => {
    const dy = reference[f]! * animation.scale - ours[f]!
    if (!Number.isFinite(dy) || dy === 0) return frame
    // The hips' translation is in their parent's frame (a scaled or turned armature): the lift is carried into it.
    const up: Vec3 = parent < 0 ? [0, dy, 0] : quatRotate(quatConjugate(frame[parent]!.r), [0, dy / frame[parent]!.s, 0])
    for (let c = 0; c < 3; c++) translation[f * 3 + c] = translation[f * 3 + c]! + up[c]!
    const moved = frame.slice()
    for (const node of bones) moved[node] = { ...frame[node]!, t: [frame[node]!.t[0], frame[node]!.t[1] + dy, frame[node]!.t[2]] }
    return moved
  })
  return { ...animation, hips: { node: hips, translation }, world }
}
