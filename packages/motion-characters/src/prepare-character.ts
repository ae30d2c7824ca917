// What storeModel needs from an upload, in one step: the analysis and the GLB form.
import { JOINT, type JointName } from '@openmotion/motion-engine'
import { countFaceBlendshapes, faceDataType, type FaceBlendshapes } from './face.js'
import type { CharacterFormat, Limits } from './gltf-json.js'
import { DECODED_EXTENSIONS, writeGlb } from './gltf-io.js'
import { loadCharacter, type Character } from './load-character.js'
import { detectRig, type RigMapping } from './rig-detect.js'
import { repairForExport } from './valid-export.js'

export interface CharacterInfo {
  format: CharacterFormat
  /** Template the skeleton matched: vrm, mixamo, unreal, rigify, vroid, reallusion, daz, biped, generic or topology. */
  rigId: string
  /** Recognised facial blendshapes (ARKit names + VRM expression presets); 0 = none. */
  faceDataType: number
  /** The facial blendshape counts checkFaceSupport (906) decides on. */
  faceBlendshapes: FaceBlendshapes
  /** Finger kinds per hand (0–5); 0 = no finger bones. */
  handDataType: number
  /** Our joint → their bone name, for every joint found. */
  boneMap: Partial<Record<JointName, string>>
  /** Textures the file references but does not contain (FBX media not embedded): the material keeps its colour. */
  missingTextures: string[]
  /** Our joints with no bone in their skeleton (optional ones only: a missing required joint is a 902). */
  missingJoints: JointName[]
  stats: { vertices: number, bones: number, meshes: number }
}

export function describeCharacter (character: Character, rig: RigMapping): CharacterInfo {
  const boneMap: Partial<Record<JointName, string>> = {}
  for (const [joint, node] of rig.joints) boneMap[joint] = character.nodes[node]!.name
  return {
    format: character.format,
    rigId: rig.rigId,
    faceDataType: faceDataType(character.blendshapeNames),
    faceBlendshapes: countFaceBlendshapes(character.blendshapeNames),
    handDataType: rig.handDataType,
    boneMap,
    missingJoints: Object.values(JOINT).filter((joint) => !rig.joints.has(joint)),
    missingTextures: character.missingTextures,
    stats: character.stats
  }
}

export async function prepareCharacter (bytes: Uint8Array, format: CharacterFormat, limits?: Limits): Promise<{ info: CharacterInfo, glb: Uint8Array }> {
  const character = await loadCharacter(bytes, format, limits)
  const info = describeCharacter(character, detectRig(character))
  // A GLB or VRM is kept byte for byte (VRM data survives only there) unless it is compressed or quantized: the
  // stored form is what the renderer and the exporters read, so Draco, meshopt and quantization are decoded once here.
  const compressed = character.document.getRoot().listExtensionsUsed().some((e) => DECODED_EXTENSIONS.includes(e.extensionName))
  if ((format === 'glb' || format === 'vrm') && !compressed) return { info, glb: bytes }
  repairForExport(character.document)
  return { info, glb: await writeGlb(character.document) }
}
