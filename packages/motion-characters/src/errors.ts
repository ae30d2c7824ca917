// Failures carry the motion API's numeric codes for custom characters.
export const CHARACTER_ERROR = {
  /** The file cannot be read as a mesh (corrupt, truncated, over a limit, unsupported). */
  meshLoad: 901,
  /** The character's skeleton cannot be read as a humanoid (too few of the needed bones recognised). */
  rig: 902,
  /** The animation could not be copied onto the character's skeleton. */
  retarget: 903,
  /** The animated character could not be written. */
  export: 904,
  /** The file has no skinned mesh. */
  noSkin: 905,
  /** Facial animation was requested and more than half of the needed blendshapes are missing. */
  face: 906,
  /** The file's structure (node hierarchy, skin references) is unreadable. */
  metadata: 909
} as const

export type CharacterErrorCode = typeof CHARACTER_ERROR[keyof typeof CHARACTER_ERROR]

export class CharacterError extends Error {
  constructor (readonly code: CharacterErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'CharacterError'
  }
}
