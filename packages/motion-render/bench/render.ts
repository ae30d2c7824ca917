// Render speed for a 10-second, 30 fps clip on this machine: frames per second end to end, and the split between
// drawing (our rasterizer, main thread) and waiting for ffmpeg (x264 runs in its own process, in parallel; the
// wait is the part of encoding that drawing could not hide).
// Run: pnpm --filter @openmotion/motion-render run bench   (FFMPEG_PATH overrides `ffmpeg` from PATH)
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine } from '@openmotion/motion-engine'
import { writeGlb } from '@openmotion/motion-formats'
import { renderVideo, type SceneOptions } from '../src/index.js'

const clip = await createEngine({ kind: 'builtin' }).generate(
  { prompt: 'a person walks forward, then jogs in a circle, then waves with the right hand', seed: 1, fps: 30, durationSeconds: 10 },
  { signal: AbortSignal.timeout(60_000) })
const glb = await writeGlb(clip)
const dir = mkdtempSync(join(tmpdir(), 'render-bench-'))
const ffmpegPath = process.env.FFMPEG_PATH ?? 'ffmpeg'

const cases: Array<[string, SceneOptions]> = [
  ['1280x720 studio+shadow', { width: 1280, height: 720, backdrop: 'studio', shadow: true }],
  ['1280x720 solid', { width: 1280, height: 720 }],
  ['640x360 studio+shadow', { width: 640, height: 360, backdrop: 'studio', shadow: true }],
  ['640x360 solid', { width: 640, height: 360 }]
]

console.log(`clip: ${clip.frameCount} frames (${(clip.frameCount / clip.fps).toFixed(1)} s at ${clip.fps} fps)`)
console.log('case                     | fps total | x real time | draw ms/frame | ffmpeg wait ms/frame | MB')
for (const [name, options] of cases) {
  const outputPath = join(dir, `${name.replace(/\W+/g, '_')}.mp4`)
  const result = await renderVideo(glb, { ...options, outputPath, ffmpegPath })
  const seconds = result.timings.totalMs / 1000
  console.log([
    name.padEnd(24),
    (result.frameCount / seconds).toFixed(1).padStart(9),
    (result.durationSeconds / seconds).toFixed(2).padStart(11),
    (result.timings.drawMs / result.frameCount).toFixed(1).padStart(13),
    (result.timings.encodeWaitMs / result.frameCount).toFixed(1).padStart(20),
    (statSync(outputPath).size / 1e6).toFixed(2).padStart(4)
  ].join(' | '))
}
rmSync(dir, { recursive: true, force: true })
