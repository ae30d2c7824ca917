// One video frame: packed RGB24 (what ffmpeg's rawvideo rgb24 input expects) and a depth buffer.
export interface FrameBuffer {
  width: number
  height: number
  color: Uint8Array
  depth: Float32Array
}

export function createFrameBuffer (width: number, height: number): FrameBuffer {
  return { width, height, color: new Uint8Array(width * height * 3), depth: new Float32Array(width * height).fill(Infinity) }
}

/** Copies a prepared background (colour, and depth when it was drawn in 3D) into the frame. */
export function copyBackground (frame: FrameBuffer, color: Uint8Array, depth?: Float32Array): void {
  frame.color.set(color)
  if (depth === undefined) frame.depth.fill(Infinity)
  else frame.depth.set(depth)
}
