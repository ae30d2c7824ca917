// The renderer's own error codes, prefixed like fastify's FST_ERR_*; motion-api maps them to its public codes
// (1105, 1106, 1107, 498) at its boundary.
import { CodedError } from '@openmotion/motion-engine'

export const RENDER_ERROR = {
  /** The character (GLB) cannot be read or has nothing to draw. */
  characterLoad: 'RENDER_ERR_CHARACTER_LOAD',
  /** The file has no animation, or its animation does not move the character's skeleton. */
  animationAttach: 'RENDER_ERR_ANIMATION_ATTACH',
  /** The backdrop is unknown or its image cannot be produced. */
  backdrop: 'RENDER_ERR_BACKDROP',
  /** ffmpeg is missing or failed while encoding. */
  encoder: 'RENDER_ERR_ENCODER'
} as const

export type RenderErrorCode = typeof RENDER_ERROR[keyof typeof RENDER_ERROR]

export class RenderError extends CodedError<RenderErrorCode> {}
