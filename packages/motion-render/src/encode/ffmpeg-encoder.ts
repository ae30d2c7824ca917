// Streams RGB24 frames into ffmpeg and gets an H.264 MP4 (yuv420p so every player opens it, +faststart so it
// plays while downloading). Writes respect back-pressure; abort kills ffmpeg and removes the partial file.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { rm } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'
import { RenderError, RENDER_ERROR } from '../errors.js'

export interface EncoderOptions {
  ffmpegPath: string
  outputPath: string
  width: number
  height: number
  fps: number
  /** x264 preset; `veryfast` keeps encoding behind drawing on small machines. */
  preset?: string
  /** x264 constant rate factor; lower is better quality. */
  crf?: number
}

export interface VideoEncoder {
  write: (rgb: Uint8Array) => Promise<void>
  finish: () => Promise<void>
  abort: () => Promise<void>
}

/** Throws a RenderError when ffmpeg cannot run or lacks libx264; call at start-up when rendering is enabled. */
export function checkFfmpeg (ffmpegPath: string): string {
  const result = spawnSync(ffmpegPath, ['-hide_banner', '-encoders'], { encoding: 'utf8', timeout: 10_000 })
  if (result.error !== undefined || result.status !== 0) {
    throw new RenderError(
      RENDER_ERROR.encoder,
      `ffmpeg not found or not runnable at "${ffmpegPath}" (set FFMPEG_PATH or install ffmpeg): ${result.error?.message ?? result.stderr}`
    )
  }
  if (!result.stdout.includes('libx264')) throw new RenderError(RENDER_ERROR.encoder, `ffmpeg at "${ffmpegPath}" has no libx264 encoder`)
  const version = spawnSync(ffmpegPath, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 })
  return version.stdout.split('\n')[0] ?? 'ffmpeg'
}

export function startEncoder (options: EncoderOptions): VideoEncoder {
  const args = ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${options.width}x${options.height}`, '-framerate', String(options.fps), '-i', 'pipe:0',
    '-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? 20),
    '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4', options.outputPath]
  let child: ChildProcessByStdio<Writable, null, Readable>
  try {
    child = spawn(options.ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] })
  } catch (error) {
    throw new RenderError(RENDER_ERROR.encoder, `ffmpeg could not be started: ${(error as Error).message}`, { cause: error })
  }
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text: string) => { stderr = (stderr + text).slice(-4000) })
  // An EPIPE on stdin surfaces through `exit`; keep it from becoming an unhandled error.
  child.stdin.on('error', () => undefined)
  const exited = new Promise<{ code: number | null, error?: Error }>((resolve) => {
    child.once('error', (error) => { resolve({ code: null, error }) })
    child.once('close', (code) => { resolve({ code }) })
  })
  let failed: Error | undefined
  exited.then(({ code, error }) => {
    if (error !== undefined || code !== 0) { failed = new RenderError(RENDER_ERROR.encoder, `ffmpeg failed (${error?.message ?? `exit ${String(code)}`}): ${stderr.trim()}`) }
  }, () => undefined)

  return {
    async write (rgb) {
      if (failed !== undefined) throw failed
      // The caller reuses its frame buffer, so ffmpeg gets a copy.
      if (!child.stdin.write(Buffer.from(rgb))) {
        await Promise.race([once(child.stdin, 'drain'), exited])
        if (failed !== undefined) throw failed
      }
    },
    async finish () {
      child.stdin.end()
      const { code, error } = await exited
      if (error !== undefined || code !== 0) {
        await rm(options.outputPath, { force: true })
        throw failed ?? new RenderError(RENDER_ERROR.encoder, `ffmpeg failed: ${stderr.trim()}`)
      }
    },
    async abort () {
      child.kill('SIGKILL')
      await exited
      await rm(options.outputPath, { force: true })
    }
  }
}
