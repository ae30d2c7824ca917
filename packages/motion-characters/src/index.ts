// Custom characters: analyse an upload (storeModel) and animate it with a generated clip (text2motion).
import type { MotionClip } from '@openmotion/motion-engine'
import { writeBvh, writeFbx } from '@openmotion/motion-formats'
import { CharacterError, CHARACTER_ERROR } from './errors.js'
import { characterMesh } from './character-mesh.js'
import { groundCharacter } from './ground-character.js'
import { characterClip, skeletonBones, writeCharacterGlb } from './export-character.js'
import type { CharacterFormat, Limits } from './gltf-json.js'
import { loadCharacter } from './load-character.js'
import { addOriginRoot } from './origin-root.js'
import { describeCharacter, prepareCharacter, type CharacterInfo } from './prepare-character.js'
import { retargetClip } from './retarget.js'
import { detectRig } from './rig-detect.js'

export { CharacterError, CHARACTER_ERROR } from './errors.js'
export type { CharacterErrorCode } from './errors.js'
export type { CharacterFormat, Limits } from './gltf-json.js'
export { loadCharacter } from './load-character.js'
export type { Character, CharacterNode } from './load-character.js'
export { detectRig, REQUIRED_JOINTS } from './rig-detect.js'
export type { RigMapping } from './rig-detect.js'
export { boneRole, fingerCount, jointForBoneName, splitBoneName, usesBlenderSpine } from './bone-names.js'
export type { NamingContext } from './bone-names.js'
export { retargetClip } from './retarget.js'
export type { RetargetedAnimation } from './retarget.js'
export { characterClip, skeletonBones, writeCharacterGlb } from './export-character.js'
export { characterMesh } from './character-mesh.js'
export { groundCharacter } from './ground-character.js'
export { addOriginRoot } from './origin-root.js'
export { ARKIT_BLENDSHAPES, VRM_EXPRESSIONS, checkFaceSupport, countFaceBlendshapes, faceDataType } from './face.js'
export type { FaceBlendshapes } from './face.js'
export { describeCharacter, prepareCharacter } from './prepare-character.js'
export type { CharacterInfo } from './prepare-character.js'
export { prepareCharacterWithTimeLimit } from './prepare-with-time-limit.js'

export const CHARACTER_FORMATS: readonly CharacterFormat[] = ['glb', 'gltf', 'vrm', 'fbx']

/** What storeModel reports: throws CharacterError 901/902/905/909 for files that cannot be animated. */
export async function inspectCharacter (bytes: Uint8Array, format: CharacterFormat, limits?: Limits): Promise<CharacterInfo> {
  const character = await loadCharacter(bytes, format, limits)
  return describeCharacter(character, detectRig(character))
}

/** The upload as a GLB (glTF JSON is packed, FBX converted; GLB and VRM are returned as they are). */
export async function toGlb (bytes: Uint8Array, format: CharacterFormat, limits?: Limits): Promise<Uint8Array> {
  return (await prepareCharacter(bytes, format, limits)).glb
}

export interface AnimatedFile { type: 'glb' | 'bvh' | 'fbx', fileName: string, bytes: Uint8Array }

export interface AnimateOptions {
  /** Base name of the files and of the animation. */
  name: string
  /** Leave out the FBX. Default false. */
  skipFBX?: boolean
  /** Put a static bone at the origin above the hips in every file. Default false. */
  rootAtOrigin?: boolean
}

/** The character with the clip on it: GLB (their file), BVH (their skeleton) and FBX (their skeleton and mesh) unless skipFBX. */
export async function animateCharacter (bytes: Uint8Array, format: CharacterFormat, clip: MotionClip, options: AnimateOptions): Promise<AnimatedFile[]> {
  const loaded = await loadCharacter(bytes, format)
  const rig = detectRig(loaded)
  const hips = rig.joints.get('Hips')!
  const character = options.rootAtOrigin === true ? addOriginRoot(loaded, hips) : loaded
  const bones = skeletonBones(character, hips)
  const mesh = characterMesh(character, bones)
  const retargeted = retargetClip(clip, character, rig)
  const animation = groundCharacter(clip, character, retargeted, bones, mesh, characterClip(character, retargeted))
  const skeletonClip = characterClip(character, animation)
  const files: AnimatedFile[] = [{ type: 'glb', fileName: `${options.name}.glb`, bytes: await writeCharacterGlb(character, animation, options.name) }]
  // BVH and FBX are rooted at the hips: the writers add their own origin bone for rootAtOrigin.
  const rootAtOrigin = options.rootAtOrigin === true
  try {
    files.push({ type: 'bvh', fileName: `${options.name}.bvh`, bytes: Buffer.from(writeBvh(skeletonClip, { rootAtOrigin })) })
    if (options.skipFBX !== true) {
      files.push({ type: 'fbx', fileName: `${options.name}.fbx`, bytes: writeFbx(skeletonClip, { name: options.name, rootAtOrigin, mesh }) })
    }
  } catch (error) {
    throw new CharacterError(CHARACTER_ERROR.export, `the animation could not be exported: ${(error as Error).message}`, { cause: error })
  }
  return files
}
