// Every render parameter, checked on frames decoded back from the MP4 by ffmpeg.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readGlbAnimation } from '@openmotion/motion-formats'
import { requireService } from '@openmotion/test-services'
import { beforeAll, describe, expect, it } from 'vitest'
import { BACKDROP_NAMES, DEFAULT_BACKGROUND, RENDER_ERROR, renderThumbnail, renderVideo, type VideoOptions } from '../../src/index.js'
import { characterGlb } from '../support/character-glb.js'
import { decode, lumaSpread, meanAbsDifference, meanColor, pixel, signature, silhouette, type Frames } from '../support/frames.js'

const ffmpeg = requireService('ffmpeg')
const ffprobe = ffmpeg === undefined ? undefined : join(ffmpeg, '..', 'ffprobe')
const dir = mkdtempSync(join(tmpdir(), 'motion-render-'))
const W = 320
const H = 180
let walk: Uint8Array
let stand: Uint8Array
let counter = 0

async function render (glb: Uint8Array, options: Partial<VideoOptions> = {}): Promise<Frames & { path: string, frameCount: number }> {
  const path = join(dir, `r${counter++}.mp4`)
  const result = await renderVideo(glb, { width: W, height: H, ffmpegPath: ffmpeg!, outputPath: path, crf: 12, ...options })
  return { ...decode(ffmpeg!, path, result.width, result.height), path, frameCount: result.frameCount }
}

describe.skipIf(ffmpeg === undefined)('renderVideo', () => {
  beforeAll(async () => {
    walk = await characterGlb('walk forward', 3)
    stand = await characterGlb('stand still', 1)
  })

  it('writes H.264 yuv420p at the requested size with one frame per clip frame and the index up front', async () => {
    const video = await render(walk, { width: 256, height: 144 })
    const probe = JSON.parse(
      execFileSync(
        ffprobe!,
        ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,pix_fmt,nb_read_frames,avg_frame_rate', '-of', 'json', video.path],
        { encoding: 'utf8' }
      )
    ) as { streams: Array<Record<string, string | number>> }
    const clipFrames = (await readGlbAnimation(walk)).channels[0]!.times.length
    expect(clipFrames).toBe(90)
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'h264',
      width: 256,
      height: 144,
      pix_fmt: 'yuv420p',
      avg_frame_rate: '30/1',
      nb_read_frames: String(clipFrames)
    })
    expect(video.frameCount).toBe(clipFrames)
    const bytes = readFileSync(video.path)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat')) // +faststart
  })

  it('fills the background with bgColor (alpha is not part of it) and defaults to a neutral colour', async () => {
    const red = await render(stand, { bgColor: [200, 30, 60] })
    for (const [x, y] of [[2, 2], [W - 3, 2], [2, H - 3], [W - 3, H - 3]] as const) {
      pixel(red.frames[0]!, W, x, y).forEach((c, i) => expect(Math.abs(c - [200, 30, 60][i]!)).toBeLessThan(8))
    }
    const plain = await render(stand)
    pixel(plain.frames[0]!, W, 2, 2).forEach((c, i) => expect(Math.abs(c - DEFAULT_BACKGROUND[i]!)).toBeLessThan(8))
  })

  it('draws a lit 3D studio for backdrop=studio, tinted by bgColor', async () => {
    const neutral = (await render(stand, { backdrop: 'studio' })).frames[0]!
    expect(lumaSpread(neutral)).toBeGreaterThan(8) // light pools and the cove, not a flat fill
    const [r, g, b] = meanColor(neutral)
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(20)
    const blue = meanColor((await render(stand, { backdrop: 'studio', bgColor: [40, 80, 220] })).frames[0]!)
    expect(blue[2]).toBeGreaterThan(blue[0] * 1.8)
  })

  it('gives each of the 13 named 2D backdrops its own image', async () => {
    const signatures: number[][] = []
    for (const name of BACKDROP_NAMES) {
      const frame = (await render(stand, { backdrop: name, width: 160, height: 90 })).frames[0]!
      expect(lumaSpread(frame), name).toBeGreaterThan(5)
      signatures.push(signature(frame, 160, 90))
    }
    for (let i = 0; i < signatures.length; i++) {
      for (let j = i + 1; j < signatures.length; j++) {
        expect(meanAbsDifference(signatures[i]!, signatures[j]!), `${BACKDROP_NAMES[i]} vs ${BACKDROP_NAMES[j]}`).toBeGreaterThan(12)
      }
    }
  })

  it('casts a shadow on the floor with shadow=1, and none on a 2D backdrop', async () => {
    const bg = [90, 140, 90]
    const lit = (await render(stand, { bgColor: [90, 140, 90] })).frames[0]!
    const shaded = (await render(stand, { bgColor: [90, 140, 90], shadow: true })).frames[0]!
    let darkened = 0
    for (let i = 0; i < lit.length; i += 3) {
      const isBackground = Math.abs(lit[i]! - bg[0]!) + Math.abs(lit[i + 1]! - bg[1]!) + Math.abs(lit[i + 2]! - bg[2]!) < 12
      if (isBackground && lit[i + 1]! - shaded[i + 1]! > 25) darkened++
    }
    expect(darkened).toBeGreaterThan(150)
    const plain2d = (await render(stand, { backdrop: 'Red_Carpet' })).frames[0]!
    const shadow2d = (await render(stand, { backdrop: 'Red_Carpet', shadow: true })).frames[0]!
    expect(meanAbsDifference(plain2d, shadow2d)).toBeLessThan(0.5)
  })

  it('camMode 0 keeps a walking character centred while camMode 1 lets it cross the frame', async () => {
    const bg = [20, 20, 20]
    const track = async (camMode: 0 | 1): Promise<number[]> => {
      const video = await render(walk, { bgColor: [20, 20, 20], camMode, camHorizontalAngle: 90 })
      return video.frames.map((f) => silhouette(f, W, bg).centroidX)
    }
    const cinematic = await track(0)
    const fixed = await track(1)
    expect(Math.max(...cinematic) - Math.min(...cinematic)).toBeLessThan(0.12)
    cinematic.forEach((x) => expect(Math.abs(x - 0.5)).toBeLessThan(0.08))
    expect(Math.max(...fixed) - Math.min(...fixed)).toBeGreaterThan(0.25)
  })

  it('camMode 2 fills the frame with torso and face', async () => {
    const bg = [20, 20, 20]
    const full = silhouette((await render(stand, { bgColor: [20, 20, 20], camMode: 0 })).frames[0]!, W, bg)
    const face = silhouette((await render(stand, { bgColor: [20, 20, 20], camMode: 2 })).frames[0]!, W, bg)
    expect(full.maxY - full.minY).toBeLessThan(H * 0.85) // head to feet inside the frame
    expect(face.fraction).toBeGreaterThan(full.fraction * 3)
    expect(face.maxY).toBe(H - 1) // the body continues below the frame
    expect(face.minY).toBeGreaterThan(0) // with the top of the head in it
  })

  it('camHorizontalAngle orbits the camera: the front view is wider than the side view', async () => {
    const bg = [20, 20, 20]
    const width = async (angle: number): Promise<number> => {
      const s = silhouette((await render(stand, { bgColor: [20, 20, 20], camHorizontalAngle: angle })).frames[0]!, W, bg)
      return s.maxX - s.minX
    }
    const front = await width(0)
    const side = await width(90)
    const left = await width(-90)
    expect(front).toBeGreaterThan(side * 1.3)
    expect(Math.abs(side - left)).toBeLessThan(side * 0.35)
  })

  it('reports progress per frame', async () => {
    const seen: number[] = []
    const totals = new Set<number>()
    const result = await renderVideo(
      stand,
      { width: W, height: H, ffmpegPath: ffmpeg!, outputPath: join(dir, 'progress.mp4') },
      {
        onProgress: ({ frame, total }) => {
          seen.push(frame)
          totals.add(total)
        }
      }
    )
    expect([...totals]).toEqual([result.frameCount])
    expect(seen).toEqual(Array.from({ length: result.frameCount }, (_, i) => i + 1))
    expect(result.poster.subarray(1, 4).toString()).toBe('PNG')
  })

  it('stops on abort, kills ffmpeg and removes the partial file', async () => {
    const controller = new AbortController()
    const path = join(dir, 'aborted.mp4')
    const run = renderVideo(
      walk,
      { width: W, height: H, ffmpegPath: ffmpeg!, outputPath: path },
      {
        signal: controller.signal,
        onProgress: ({ frame }) => {
          if (frame === 10) controller.abort(new Error('cancelled by test'))
        }
      }
    )
    await expect(run).rejects.toThrow('cancelled by test')
    expect(existsSync(path)).toBe(false)
  })

  it('fails with 498 naming ffmpeg when the binary is missing', async () => {
    await expect(renderVideo(stand, { width: W, height: H, ffmpegPath: join(dir, 'no-ffmpeg'), outputPath: join(dir, 'x.mp4') }))
      .rejects.toMatchObject({ code: RENDER_ERROR.encoder, message: expect.stringContaining('ffmpeg') })
  })

  it('renders a PNG thumbnail that ffmpeg decodes, with the character on it', async () => {
    const png = await renderThumbnail(stand, { width: 256, height: 256, bgColor: [20, 20, 20] })
    const path = join(dir, 'thumb.png')
    writeFileSync(path, png)
    const frame = decode(ffmpeg!, path, 256, 256).frames[0]!
    const s = silhouette(frame, 256, [20, 20, 20])
    expect(s.fraction).toBeGreaterThan(0.03)
    expect(Math.abs(s.centroidX - 0.5)).toBeLessThan(0.15)
  })
})
