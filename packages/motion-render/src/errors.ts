// Failures carry the motion API's numeric codes, so the job worker can report them as they are.
export const RENDER_ERROR = {
  /** The character (GLB) cannot be read or has nothing to draw. */
  characterLoad: 1105,
  /** The file has no animation, or its animation does not move the character's skeleton. */
  animationAttach: 1106,
  /** The backdrop is unknown or its image cannot be produced. */
  backdrop: 1107,
  /** ffmpeg is missing or failed while encoding. */
  encoder: 498
} as const

export type RenderErrorCode = typeof RENDER_ERROR[keyof typeof RENDER_ERROR]

export class RenderError extends Error {
  constructor (readonly code: RenderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'RenderError'
  }
}
