// GLB in, MP4 out: loads the animated character, draws every frame and streams it to ffmpeg, reporting progress
// per frame. The middle frame is kept as the PNG poster. Abort stops at the next frame, kills ffmpeg and
// removes the partial file.
import { checkFfmpeg, startEncoder } from './encode/ffmpeg-encoder.js'
import { encodePng } from './encode/png.js'
import { createFrameRenderer, type SceneOptions } from './frame-renderer.js'
import { loadCharacterScene } from './scene/character-scene.js'

export interface VideoOptions extends SceneOptions {
  outputPath: string
  /** Default `ffmpeg` from PATH. */
  ffmpegPath?: string
  /** x264 preset, default `veryfast`. */
  preset?: string
  /** x264 CRF, default 20. */
  crf?: number
}

export interface RenderContext {
  signal?: AbortSignal
  onProgress?: (progress: { frame: number, total: number }) => void
}

export interface RenderResult {
  width: number
  height: number
  fps: number
  frameCount: number
  durationSeconds: number
  /** PNG of the middle frame. */
  poster: Buffer
  /** Milliseconds spent drawing frames, and waiting for ffmpeg (back-pressure plus the final flush). */
  timings: { drawMs: number, encodeWaitMs: number, totalMs: number }
}

export async function renderVideo (glb: Uint8Array, options: VideoOptions, context: RenderContext = {}): Promise<RenderResult> {
  const started = performance.now()
  const scene = await loadCharacterScene(glb)
  const renderer = createFrameRenderer(scene, options)
  context.signal?.throwIfAborted()
  const encoder = startEncoder({
    ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
    outputPath: options.outputPath,
    width: renderer.width,
    height: renderer.height,
    fps: renderer.fps,
    preset: options.preset,
    crf: options.crf
  })
  const posterIndex = Math.floor(renderer.frameCount / 2)
  let poster: Uint8Array | undefined
  let drawMs = 0
  let encodeWaitMs = 0
  try {
    for (let f = 0; f < renderer.frameCount; f++) {
      context.signal?.throwIfAborted()
      const t0 = performance.now()
      const frame = renderer.renderFrame(f)
      const t1 = performance.now()
      if (f === posterIndex) poster = Uint8Array.from(frame.color)
      await encoder.write(frame.color)
      drawMs += t1 - t0
      encodeWaitMs += performance.now() - t1
      context.onProgress?.({ frame: f + 1, total: renderer.frameCount })
    }
    context.signal?.throwIfAborted()
    const t2 = performance.now()
    await encoder.finish()
    encodeWaitMs += performance.now() - t2
  } catch (error) {
    await encoder.abort()
    throw error
  }
  return {
    width: renderer.width,
    height: renderer.height,
    fps: renderer.fps,
    frameCount: renderer.frameCount,
    durationSeconds: renderer.frameCount / renderer.fps,
    poster: encodePng(poster!, renderer.width, renderer.height),
    timings: { drawMs, encodeWaitMs, totalMs: performance.now() - started }
  }
}

export { checkFfmpeg }
