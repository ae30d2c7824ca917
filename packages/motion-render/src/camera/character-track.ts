// Where the character is in every frame, from its skeleton: the hips (or pelvis), the chest and the head, found
// by bone name with fallbacks for rigs that use other names. The camera modes are computed from this track.
import type { Vec3 } from '../math/mat4.js'
import type { CharacterScene } from '../scene/character-scene.js'
import { samplePose } from '../scene/pose.js'

export interface CharacterTrack {
  hips: Vec3[]
  chest: Vec3[]
  head: Vec3[]
  /** Standing height estimate in metres (top of the head above the lowest joint at the first frame, plus the skull). */
  height: number
}

function findBone (scene: CharacterScene, candidates: number[], patterns: RegExp[]): number | undefined {
  for (const pattern of patterns) {
    const found = candidates.find((i) => pattern.test(scene.nodes[i]!.name))
    if (found !== undefined) return found
  }
  return undefined
}

function skeletonNodes (scene: CharacterScene): number[] {
  const joints = new Set<number>()
  for (const p of scene.primitives) for (const j of p.skin?.jointNodes ?? [p.node]) joints.add(j)
  return [...joints]
}

export function trackCharacter (scene: CharacterScene, times: number[]): CharacterTrack {
  const joints = skeletonNodes(scene)
  const position = (world: Float64Array, node: number): Vec3 => [world[node * 16 + 12]!, world[node * 16 + 13]!, world[node * 16 + 14]!]
  const first = samplePose(scene, times[0] ?? 0).world
  const byHeight = [...joints].sort((a, b) => first[a * 16 + 13]! - first[b * 16 + 13]!)
  const hips = findBone(scene, joints, [/hips$/i, /pelvis/i, /hip/i]) ?? byHeight[Math.floor(byHeight.length / 2)]!
  const head = findBone(scene, joints, [/head$/i, /(^|[^a-z])head([^a-z]|$)/i, /head/i]) ?? byHeight[byHeight.length - 1]!
  const chest = findBone(scene, joints, [/upperchest/i, /spine2$/i, /chest/i, /spine_?0?3/i, /spine1$/i, /spine/i])
  const lowest = first[byHeight[0]! * 16 + 13]!
  const headHeight = first[head * 16 + 13]!
  // The head joint sits at the skull base; the top of the head is roughly 0.12 of the body height above it.
  const height = Math.max(0.2, (headHeight - Math.min(0, lowest)) / 0.88)
  const track: CharacterTrack = { hips: [], chest: [], head: [], height }
  for (const time of times) {
    const world = samplePose(scene, time).world
    const h = position(world, hips); const top = position(world, head)
    track.hips.push(h)
    track.head.push(top)
    track.chest.push(chest === undefined ? [(h[0] + top[0]) / 2, (h[1] + top[1]) / 2, (h[2] + top[2]) / 2] : position(world, chest))
  }
  return track
}
