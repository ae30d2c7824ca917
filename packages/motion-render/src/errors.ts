// The renderer's own error codes, in fastify's FST_ERR_* scheme (`packageErrorCodes`); motion-api maps them to its
// public codes (1105, 1106, 1107, 498) at its boundary.
import { CodedError, packageErrorCodes } from '@openmotion/motion-engine'

export const RENDER_ERROR = packageErrorCodes('RENDER', {
  /** The character (GLB) cannot be read or has nothing to draw. */
  characterLoad: 'CHARACTER_LOAD',
  /** The file has no animation, or its animation does not move the character's skeleton. */
  animationAttach: 'ANIMATION_ATTACH',
  /** The backdrop is unknown or its image cannot be produced. */
  backdrop: 'BACKDROP',
  /** ffmpeg is missing or failed while encoding. */
  encoder: 'ENCODER'
})

export type RenderErrorCode = typeof RENDER_ERROR[keyof typeof RENDER_ERROR]

export class RenderError extends CodedError<RenderErrorCode> {}
