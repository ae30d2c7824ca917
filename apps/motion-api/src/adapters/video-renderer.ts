// Renders a variant's GLB to an MP4 and a poster PNG. The ffmpeg-backed renderer of @openmotion/motion-render is
// the implementation; the interface lets tests or a future GPU renderer stand in.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { checkFfmpeg, renderVideo } from '@openmotion/motion-render'
import type { VideoRenderer } from '../domain/ports.js'

export type { RenderedVideo, VideoRenderer } from '../domain/ports.js'

export interface FfmpegRendererOptions {
  ffmpegPath: string
  width: number
  height: number
  fps: number
  /** Where partial videos are written; each render gets its own file, removed afterwards. */
  tempDir: string
}

/** Checks ffmpeg once (throws naming it when missing) and returns the renderer. */
export function createFfmpegVideoRenderer (options: FfmpegRendererOptions): VideoRenderer & { ffmpegVersion: string } {
  const ffmpegVersion = checkFfmpeg(options.ffmpegPath)
  return {
    ffmpegVersion,
    async render (glb, scene, context) {
      await mkdir(options.tempDir, { recursive: true })
      const outputPath = join(options.tempDir, `${randomUUID()}.mp4`)
      try {
        const result = await renderVideo(
          glb,
          { ...scene, width: options.width, height: options.height, fps: options.fps, ffmpegPath: options.ffmpegPath, outputPath },
          {
            signal: context.signal,
            onProgress: ({ frame, total }) => {
              context.onProgress(frame, total)
            }
          }
        )
        return { video: await readFile(outputPath), poster: result.poster, frameCount: result.frameCount, durationSeconds: result.durationSeconds }
      } finally {
        await rm(outputPath, { force: true })
      }
    }
  }
}
