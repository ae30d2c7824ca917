// Clips for the tests: a seeded random pose sequence (every joint turning, root travelling) and the builtin engine's.
import { createEngine, createHumanoidSkeleton, createRandom } from '@openmotion/motion-engine'
import type { MotionClip, Quat } from '@openmotion/motion-engine'

/** Every joint gets a random unit quaternion per frame (large angles, both hemispheres). */
export function randomClip (frameCount = 12, seed = 7, fps = 30): MotionClip {
  const skeleton = createHumanoidSkeleton()
  const n = skeleton.joints.length
  const rand = createRandom(seed)
  const rotations = new Float32Array(frameCount * n * 4)
  const rootTranslation = new Float32Array(frameCount * 3)
  for (let f = 0; f < frameCount; f++) {
    rootTranslation.set([rand() - 0.5, 0.9 + rand() * 0.1, f * 0.05], f * 3)
    for (let j = 0; j < n; j++) {
      const q: Quat = [rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5]
      const len = Math.hypot(...q)
      rotations.set(q.map(v => v / len), (f * n + j) * 4)
    }
  }
  return { skeleton, fps, frameCount, rootTranslation, rotations }
}

export async function engineClip (prompt = 'a person walks forward three steps, then waves with the right hand', seconds?: number): Promise<MotionClip> {
  const engine = createEngine({ kind: 'builtin' })
  return await engine.generate(
    { prompt, seed: 3, fps: 30, ...(seconds === undefined ? {} : { durationSeconds: seconds }) },
    { signal: AbortSignal.timeout(15_000) }
  )
}
