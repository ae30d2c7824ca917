import { createBuiltinEngine, fk, jointIndex } from '../../src/index.js'
import type { GenerateRequest, MotionClip, Vec3 } from '../../src/index.js'

export const engine = createBuiltinEngine()

export function generate (prompt: string, extra: Partial<GenerateRequest> = {}): Promise<MotionClip> {
  return engine.generate({ prompt, seed: 7, ...extra })
}

export function track (clip: MotionClip, joint: string): Vec3[] {
  const j = jointIndex(clip.skeleton, joint)
  return Array.from({ length: clip.frameCount }, (_, f) => fk(clip, f).positions[j]!)
}

export function rootAt (clip: MotionClip, f: number): Vec3 {
  return [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
}

/** Mean magnitude of the third difference of rotation components (jerk), per joint and frame. */
export function rotationJerk (clip: MotionClip): number {
  const J = clip.skeleton.joints.length
  const r = clip.rotations
  let sum = 0
  let n = 0
  for (let f = 3; f < clip.frameCount; f++) {
    for (let i = 0; i < J * 4; i++) {
      const a = r[f * J * 4 + i]! - 3 * r[(f - 1) * J * 4 + i]! + 3 * r[(f - 2) * J * 4 + i]! - r[(f - 3) * J * 4 + i]!
      sum += Math.abs(a)
      n++
    }
  }
  return sum / n
}

/** Total horizontal distance an ankle slides while its sole is within 2 cm of the floor. */
export function footSkate (clip: MotionClip, joint: string): number {
  const p = track(clip, joint)
  let skate = 0
  for (let f = 1; f < p.length; f++) {
    if (p[f]![1] < 0.1 && p[f - 1]![1] < 0.1) skate += Math.hypot(p[f]![0] - p[f - 1]![0], p[f]![2] - p[f - 1]![2])
  }
  return skate
}

/** Touchdowns: frames where an ankle comes back within 1 cm of its standing height after being lifted 4 cm+. */
export function touchdowns (clip: MotionClip, joint: string): number {
  const p = track(clip, joint)
  let lifted = false
  let count = 0
  for (const q of p) {
    if (q[1] > 0.12) lifted = true
    else if (lifted && q[1] < 0.09) { count++; lifted = false }
  }
  return count
}
