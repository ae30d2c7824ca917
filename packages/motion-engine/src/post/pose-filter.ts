// Zero-phase low-pass filtering of joint rotations: a first-order filter run forward then backward (no lag), on
// hemisphere-aligned quaternion components, renormalized. Strength maps to the cutoff frequency.
import type { MotionClip } from '../clip.js'

/** Cutoff in Hz for a strength in (0, 1]: 8 Hz at the weakest, 1.2 Hz at the strongest. */
export function cutoffFor (strength: number): number {
  return 8 * Math.pow(1.2 / 8, strength)
}

/** Per-frame coefficient of the first-order filter for a strength at a frame rate. */
export function filterAlpha (strength: number, fps: number): number {
  return 1 - Math.exp((-2 * Math.PI * cutoffFor(strength)) / fps)
}

export function filterRotations (clip: MotionClip, strength: number): MotionClip {
  if (strength <= 0 || clip.frameCount < 3) return clip
  const J = clip.skeleton.joints.length
  const n = clip.frameCount
  const rot = Float32Array.from(clip.rotations)
  const alpha = filterAlpha(strength, clip.fps)
  const series = new Float64Array(n)
  for (let j = 0; j < J; j++) {
    // Keep consecutive quaternions in the same hemisphere so component-wise filtering is meaningful.
    for (let f = 1; f < n; f++) {
      const a = (f - 1) * J * 4 + j * 4
      const b = f * J * 4 + j * 4
      const d = rot[a]! * rot[b]! + rot[a + 1]! * rot[b + 1]! + rot[a + 2]! * rot[b + 2]! + rot[a + 3]! * rot[b + 3]!
      if (d < 0) for (let c = 0; c < 4; c++) rot[b + c] = -rot[b + c]!
    }
    for (let c = 0; c < 4; c++) {
      for (let f = 0; f < n; f++) series[f] = rot[f * J * 4 + j * 4 + c]!
      for (let pass = 0; pass < 2; pass++) {
        for (let f = 1; f < n; f++) series[f] = series[f - 1]! + alpha * (series[f]! - series[f - 1]!)
        for (let f = n - 2; f >= 0; f--) series[f] = series[f + 1]! + alpha * (series[f]! - series[f + 1]!)
      }
      for (let f = 0; f < n; f++) rot[f * J * 4 + j * 4 + c] = series[f]!
    }
    for (let f = 0; f < n; f++) {
      const o = f * J * 4 + j * 4
      const len = Math.hypot(rot[o]!, rot[o + 1]!, rot[o + 2]!, rot[o + 3]!) || 1
      for (let c = 0; c < 4; c++) rot[o + c] = rot[o + c]! / len
    }
  }
  return { ...clip, rotations: rot, rootTranslation: filterRoot(clip, filterAlpha(Math.min(strength, ROOT_STRENGTH), clip.fps)) }
}

/**
 * The root's ground path is smoothed no harder than this strength (a 3 Hz cutoff): a stronger low-pass would flatten
 * the pelvis' sway toward each stance foot (about 1 Hz in a walk, faster in a quickened one) to a straight line.
 */
const ROOT_STRENGTH = Math.log(3 / 8) / Math.log(1.2 / 8)

/**
 * The root's ground path gets a zero-phase low-pass too; its height is kept, because raising the pelvis where
 * the stride needs it low would put planted feet out of reach (they are re-applied by IK afterwards).
 */
function filterRoot (clip: MotionClip, alpha: number): Float32Array {
  const n = clip.frameCount
  const out = Float32Array.from(clip.rootTranslation)
  const series = new Float64Array(n)
  for (const c of [0, 2]) {
    for (let f = 0; f < n; f++) series[f] = out[f * 3 + c]!
    for (let pass = 0; pass < 2; pass++) {
      for (let f = 1; f < n; f++) series[f] = series[f - 1]! + alpha * (series[f]! - series[f - 1]!)
      for (let f = n - 2; f >= 0; f--) series[f] = series[f + 1]! + alpha * (series[f]! - series[f + 1]!)
    }
    for (let f = 0; f < n; f++) out[f * 3 + c] = series[f]!
  }
  return out
}
