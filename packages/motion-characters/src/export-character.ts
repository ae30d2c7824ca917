// Writes the custom character with the retargeted animation: a GLB that is the uploaded character itself (meshes,
// materials, skin) with one new animation, and the character's skeleton as a MotionClip (rooted at the hips, rest
// rotations folded into world-aligned offsets) for the BVH and FBX writers.
import type { Document } from '@gltf-transform/core'
import { quatConjugate, quatMultiply, type MotionClip, type Quat, type Skeleton } from '@openmotion/motion-engine'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import { writeGlb } from './gltf-io.js'
import type { Character } from './load-character.js'
import type { RetargetedAnimation } from './retarget.js'
import { worldTransforms } from './transforms.js'
import { repairForExport } from './valid-export.js'

/** Unit quaternions (the validator's rule), consecutive ones in one hemisphere so interpolation never takes the long way round. */
function continuous (values: Float32Array): Float32Array {
  for (let o = 0; o < values.length; o += 4) {
    const l = Math.hypot(values[o]!, values[o + 1]!, values[o + 2]!, values[o + 3]!)
    if (l > 0) for (let c = 0; c < 4; c++) values[o + c]! /= l
    else values.set([0, 0, 0, 1], o)
  }
  for (let o = 4; o < values.length; o += 4) {
    const dot = values[o]! * values[o - 4]! + values[o + 1]! * values[o - 3]! + values[o + 2]! * values[o - 2]! + values[o + 3]! * values[o - 1]!
    if (dot < 0) for (let c = 0; c < 4; c++) values[o + c] = -values[o + c]!
  }
  return values
}

export async function writeCharacterGlb (character: Character, animation: RetargetedAnimation, name = 'OpenMotion'): Promise<Uint8Array> {
  try {
    const doc: Document = character.document
    const root = doc.getRoot()
    for (const existing of root.listAnimations()) existing.dispose()
    const buffer = root.listBuffers()[0] ?? doc.createBuffer()
    const nodes = root.listNodes()
    const times = Float32Array.from({ length: animation.frameCount }, (_, f) => f / animation.fps)
    const input = doc.createAccessor().setBuffer(buffer).setType('SCALAR').setArray(times)
    const clip = doc.createAnimation(name)
    const channel = (node: number, path: 'rotation' | 'translation', values: Float32Array): void => {
      const output = doc.createAccessor().setBuffer(buffer).setType(path === 'rotation' ? 'VEC4' : 'VEC3').setArray(values)
      const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR')
      clip.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(nodes[node]!).setTargetPath(path).setSampler(sampler))
    }
    for (const [node, values] of animation.rotations) channel(node, 'rotation', continuous(Float32Array.from(values)))
    channel(animation.hips.node, 'translation', animation.hips.translation)
    repairForExport(doc)
    return await writeGlb(doc)
  } catch (error) {
    if (error instanceof CharacterError) throw error
    throw new CharacterError(CHARACTER_ERROR.export, `the animated character could not be written: ${(error as Error).message}`, { cause: error })
  }
}

/**
 * The character's skeleton below (and including) the hips as a MotionClip: offsets are rest positions relative to
 * the parent in world axes (metres), rotations are each bone's change from its rest orientation, expressed
 * relative to its parent's change: the T-pose-with-identity-rotations convention BVH and our FBX writer use.
 */
export function characterClip (character: Character, animation: RetargetedAnimation): MotionClip {
  const rest = worldTransforms(character.nodes)
  const hips = animation.hips.node
  const bones = skeletonBones(character, hips)
  const position = new Map(bones.map((node, i) => [node, i]))
  const skeleton: Skeleton = {
    joints: bones.map((node, i) => {
      const parent = i === 0 ? -1 : position.get(character.nodes[node]!.parent)!
      const from = i === 0 ? [0, 0, 0] : rest[bones[parent]!]!.t
      const t = rest[node]!.t
      return {
        name: character.nodes[node]!.name || `bone${node}`,
        parent,
        offset: i === 0 ? [t[0], t[1], t[2]] : [t[0] - from[0]!, t[1] - from[1]!, t[2] - from[2]!]
      }
    })
  }
  const rotations = new Float32Array(animation.frameCount * bones.length * 4)
  const rootTranslation = new Float32Array(animation.frameCount * 3)
  for (let f = 0; f < animation.frameCount; f++) {
    const world = animation.world[f]!
    const delta = (node: number): Quat => quatMultiply(world[node]!.r, quatConjugate(rest[node]!.r))
    bones.forEach((node, i) => {
      const d = delta(node)
      const local = i === 0 ? d : quatMultiply(quatConjugate(delta(bones[skeleton.joints[i]!.parent]!)), d)
      rotations.set(local, (f * bones.length + i) * 4)
    })
    rootTranslation.set(world[hips]!.t, f * 3)
  }
  return { skeleton, fps: animation.fps, frameCount: animation.frameCount, rootTranslation, rotations }
}

/** The hips and every node below them, parents before children: the exported skeleton's joint order. */
export function skeletonBones (character: Character, hips: number): number[] {
  const bones: number[] = [hips]
  for (let i = 0; i < bones.length; i++) {
    character.nodes.forEach((n, index) => { if (n.parent === bones[i]) bones.push(index) })
  }
  return bones
}
