// Export speed per format for a 10-second, 30 fps engine clip: best and median wall time of several runs, median
// process CPU time (includes V8's GC and zlib helper threads, so it can exceed wall time), and output megabytes
// per second of median wall time.
// Run: pnpm --filter @openmotion/motion-formats run bench
import { createEngine } from '@openmotion/motion-engine'
import { writeBvh } from '../src/bvh-writer.js'
import { writeFbx } from '../src/fbx-writer.js'
import { writeGlb } from '../src/glb-writer.js'
import { createMannequinMesh } from '../src/mannequin-mesh.js'
import { exportClip } from '../src/export-clip.js'

const RUNS = 15
const clip = await createEngine({ kind: 'builtin' }).generate(
  { prompt: 'a person walks forward, then jogs in a circle, then waves with the right hand', seed: 1, fps: 30, durationSeconds: 10 },
  { signal: AbortSignal.timeout(60_000) })
const mesh = createMannequinMesh(clip.skeleton)

async function measure (name: string, run: () => Promise<number> | number): Promise<void> {
  await run()
  const times: number[] = []
  const cpu: number[] = []
  let bytes = 0
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    const c0 = process.cpuUsage()
    bytes = await run()
    const c = process.cpuUsage(c0)
    times.push(performance.now() - t0)
    cpu.push((c.user + c.system) / 1000)
  }
  times.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  const cpuMedian = cpu[Math.floor(cpu.length / 2)]!
  const mb = bytes / 1e6
  const cells = [
    times[0]!.toFixed(1).padStart(8),
    median.toFixed(1).padStart(9),
    cpuMedian.toFixed(1).padStart(10),
    mb.toFixed(3).padStart(8),
    (mb / (median / 1000)).toFixed(1).padStart(8)
  ]
  console.log(`| ${name.padEnd(22)} | ${cells.join(' | ')} |`)
}

console.log(
  `clip: ${clip.frameCount} frames at ${clip.fps} fps (${(clip.frameCount / clip.fps).toFixed(1)} s), ${clip.skeleton.joints.length} joints; mesh ${mesh.positions.length / 3} vertices, ${mesh.indices.length / 3} triangles; ${RUNS} runs each`
)
console.log('| format                 | best ms  | median ms | median CPU | size MB  | MB/s     |')
console.log('|------------------------|----------|-----------|------------|----------|----------|')
await measure('mannequin mesh', () => { const m = createMannequinMesh(clip.skeleton); return m.positions.byteLength + m.indices.byteLength })
await measure('bvh', () => writeBvh(clip).length)
await measure('glb', async () => (await writeGlb(clip, { mesh })).byteLength)
await measure('fbx', () => writeFbx(clip, { mesh }).byteLength)
await measure('exportClip bvh+glb+fbx', async () => (await exportClip(clip, ['bvh', 'glb', 'fbx'])).reduce((s, f) => s + f.bytes.byteLength, 0))
