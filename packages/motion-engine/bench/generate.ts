// Throughput and motion-quality figures for the builtin engine. Run: pnpm --filter @openmotion/motion-engine bench
import { readFileSync } from 'node:fs'
import { createBuiltinEngine, fk, jointIndex, parsePrompt } from '../src/index.js'
import type { MotionClip } from '../src/index.js'

const engine = createBuiltinEngine()
const labelled = JSON.parse(readFileSync(new URL('./labelled-prompts.json', import.meta.url), 'utf8')) as { prompt: string, actions: string[] }[]

function quality (clip: MotionClip) {
  const s = clip.skeleton
  const feet = ['LeftFoot', 'RightFoot'].map(n => jointIndex(s, n))
  const toes = ['LeftToeBase', 'RightToeBase'].map(n => jointIndex(s, n))
  let skate = 0
  let contactFrames = 0
  let penetration = 0
  let accel = 0
  let accelSamples = 0
  const world = Array.from({ length: clip.frameCount }, (_, f) => fk(clip, f).positions)
  for (let f = 1; f < clip.frameCount; f++) {
    for (const j of feet) {
      const a = world[f - 1]![j]!
      const b = world[f]![j]!
      if (b[1] < 0.1 && a[1] < 0.1) { skate += Math.hypot(b[0] - a[0], b[2] - a[2]) * clip.fps; contactFrames++ }
    }
    for (const j of toes) penetration = Math.max(penetration, -(world[f]![j]![1] - 0.015))
    if (f + 1 < clip.frameCount) {
      for (let j = 0; j < s.joints.length; j++) {
        const p0 = world[f - 1]![j]!; const p1 = world[f]![j]!; const p2 = world[f + 1]![j]!
        accel += Math.hypot(p2[0] - 2 * p1[0] + p0[0], p2[1] - 2 * p1[1] + p0[1], p2[2] - 2 * p1[2] + p0[2]) * clip.fps * clip.fps
        accelSamples++
      }
    }
  }
  return { skate: contactFrames > 0 ? skate / contactFrames : 0, penetration: Math.max(0, penetration), jitter: accel / accelSamples }
}

const rows: string[][] = []
let totalSeconds = 0
let totalMs = 0
let totalFrames = 0
for (const { prompt } of labelled) {
  const t0 = performance.now()
  const reps = 3
  let clip: MotionClip | undefined
  for (let i = 0; i < reps; i++) clip = await engine.generate({ prompt, seed: i })
  const ms = (performance.now() - t0) / reps
  const q = quality(clip!)
  totalMs += ms
  totalFrames += clip!.frameCount
  totalSeconds += clip!.frameCount / clip!.fps
  rows.push([
    prompt.slice(0, 44),
    (clip!.frameCount / clip!.fps).toFixed(1),
    ms.toFixed(1),
    (1000 / ms).toFixed(1),
    ((clip!.frameCount * 1000) / ms).toFixed(0),
    q.skate.toFixed(3),
    (q.penetration * 100).toFixed(2),
    q.jitter.toFixed(2)
  ])
}
const header = ['prompt', 'seconds', 'ms/clip', 'clips/s', 'frames/s', 'skate m/s', 'penetr. cm', 'jitter m/s²']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map(r => r[i]!.length)))
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
console.log(line(header))
for (const r of rows) console.log(line(r))

let correct = 0
for (const { prompt, actions } of labelled) {
  const got = parsePrompt(prompt).flatMap(e => [e.action.kind, ...(e.overlay ? [e.overlay.kind] : [])])
  if (got.length === actions.length && got.every((k, i) => k === actions[i])) correct++
  else console.log(`  parsed differently: "${prompt}" → ${got.join(', ') || '(nothing)'}`)
}
console.log(
  `\n${labelled.length} prompts: ${totalSeconds.toFixed(1)} s of motion in ${(totalMs / 1000).toFixed(2)} s → ${(totalSeconds / (totalMs / 1000)).toFixed(1)} s of motion per CPU second, ${(totalFrames / (totalMs / 1000)).toFixed(0)} frames/s, ${(labelled.length / (totalMs / 1000)).toFixed(1)} clips/s`
)
console.log(`prompt parse accuracy: ${correct}/${labelled.length} (${((correct / labelled.length) * 100).toFixed(0)} %)`)
