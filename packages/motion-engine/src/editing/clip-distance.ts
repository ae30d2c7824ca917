// How different two motions look, independent of where they happen: joint positions relative to the hips, in the
// hips' heading frame, averaged over joints and frames (metres). Refinement is tested against it.
import type { MotionClip, Vec3 } from '../clip.js'
import { headingAt, resampleClip } from '../clip-ops.js'
import { fk } from '../fk.js'

function bodyFrame (clip: MotionClip, f: number): Vec3[] {
  const pose = fk(clip, f)
  const root = pose.positions[0]!
  const h = headingAt(clip, f)
  const c = Math.cos(-h)
  const s = Math.sin(-h)
  return pose.positions.map((p) => {
    const dx = p[0] - root[0]
    const dz = p[2] - root[2]
    return [c * dx + s * dz, p[1] - root[1], -s * dx + c * dz]
  })
}

/** Mean body-relative joint distance, after time-warping `b` to the length of `a`. */
export function bodyRelativeDistance (a: MotionClip, b: MotionClip): number {
  const other = b.frameCount === a.frameCount ? b : resampleClip(b, a.frameCount)
  let sum = 0
  let n = 0
  for (let f = 0; f < a.frameCount; f++) {
    const pa = bodyFrame(a, f)
    const pb = bodyFrame(other, f)
    for (let j = 0; j < pa.length; j++) {
      sum += Math.hypot(pa[j]![0] - pb[j]![0], pa[j]![1] - pb[j]![1], pa[j]![2] - pb[j]![2])
      n++
    }
  }
  return n === 0 ? 0 : sum / n
}
