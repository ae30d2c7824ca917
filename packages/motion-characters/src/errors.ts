// The package's own error codes, in fastify's FST_ERR_* scheme (`packageErrorCodes`); motion-api maps them to its
// public codes (901 to 909) at its boundary.
import { CodedError, packageErrorCodes } from '@openmotion/motion-engine'

export const CHARACTER_ERROR = packageErrorCodes('CHARACTER', {
  /** The file cannot be read as a mesh (corrupt, truncated, over a limit, unsupported). */
  meshLoad: 'MESH_LOAD',
  /** The character's skeleton cannot be read as a humanoid (too few of the needed bones recognised). */
  rig: 'RIG',
  /** The animation could not be copied onto the character's skeleton. */
  retarget: 'RETARGET',
  /** The animated character could not be written. */
  export: 'EXPORT',
  /** The file has no skinned mesh. */
  noSkin: 'NO_SKIN',
  /** Facial animation was requested and more than half of the needed blendshapes are missing. */
  face: 'FACE',
  /** The file's structure (node hierarchy, skin references) is unreadable. */
  metadata: 'METADATA'
})

export type CharacterErrorCode = typeof CHARACTER_ERROR[keyof typeof CHARACTER_ERROR]

export class CharacterError extends CodedError<CharacterErrorCode> {}
