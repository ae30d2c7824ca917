// The package's own error codes, prefixed like fastify's FST_ERR_*; motion-api maps them to its public codes
// (901 to 909) at its boundary.
import { CodedError } from '@openmotion/motion-engine'

export const CHARACTER_ERROR = {
  /** The file cannot be read as a mesh (corrupt, truncated, over a limit, unsupported). */
  meshLoad: 'CHARACTER_ERR_MESH_LOAD',
  /** The character's skeleton cannot be read as a humanoid (too few of the needed bones recognised). */
  rig: 'CHARACTER_ERR_RIG',
  /** The animation could not be copied onto the character's skeleton. */
  retarget: 'CHARACTER_ERR_RETARGET',
  /** The animated character could not be written. */
  export: 'CHARACTER_ERR_EXPORT',
  /** The file has no skinned mesh. */
  noSkin: 'CHARACTER_ERR_NO_SKIN',
  /** Facial animation was requested and more than half of the needed blendshapes are missing. */
  face: 'CHARACTER_ERR_FACE',
  /** The file's structure (node hierarchy, skin references) is unreadable. */
  metadata: 'CHARACTER_ERR_METADATA'
} as const

export type CharacterErrorCode = typeof CHARACTER_ERROR[keyof typeof CHARACTER_ERROR]

export class CharacterError extends CodedError<CharacterErrorCode> {}
