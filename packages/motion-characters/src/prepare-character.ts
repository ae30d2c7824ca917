// What storeModel needs from an upload, in one step: the analysis and the GLB form.
import { WebIO } from '@gltf-transform/core'
import { faceDataType } from './face.js'
import type { CharacterFormat, Limits } from './gltf-json.js'
import { loadCharacter } from './load-character.js'
import { detectRig } from './rig-detect.js'

export interface CharacterInfo {
  rigId: string
  /** Recognised facial blendshapes (ARKit names, VRM expressions); 0 = none. */
  faceDataType: number
  /** Finger kinds per hand (0–5); 0 = no finger bones. */
  handDataType: number
  stats: { vertices: number, bones: number, meshes: number }
}

export async function prepareCharacter (bytes: Uint8Array, format: CharacterFormat, limits?: Limits): Promise<{ info: CharacterInfo, glb: Uint8Array }> {
  const character = await loadCharacter(bytes, format, limits)
  const rig = detectRig(character)
  const info = { rigId: rig.rigId, faceDataType: faceDataType(character.blendshapeNames), handDataType: rig.handDataType, stats: character.stats }
  const glb = format === 'glb' || format === 'vrm' ? bytes : await new WebIO().writeBinary(character.document)
  return { info, glb }
}
