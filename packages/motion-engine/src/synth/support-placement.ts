// Root placement for acrobatics (flips, cartwheels, falls): the body rests on whatever supports it and pivots about
// it, and leaves the floor on a ballistic arc. While supported, the lowest point of the body is put on the floor and
// the supporting hands and feet stay where they touched down (the root moves so they do); in flight the root
// height follows gravity from take-off to landing and its ground path keeps the take-off offset.
import type { Skeleton, Vec3 } from '../clip.js'
import { lowestPoint } from '../body-extent.js'
import type { BodyExtent } from '../body-extent.js'
import { fkPose } from '../fk.js'
import { clampFrame } from '../joint-limits.js'
import type { JointLimit } from '../joint-limits.js'
import type { ActionClip, SupportPart } from './action-clip.js'
import { addPose, writePose } from './pose-spec.js'
import type { PartialPose, PoseIndices } from './pose-spec.js'

const G = 9.81

export interface SupportInput {
  skeleton: Skeleton
  ix: PoseIndices
  limits: (JointLimit | undefined)[]
  body: BodyExtent
  /** The style's posture offset, added to every pose as compose does. */
  posture: PartialPose
  /** Where the previous action left the ankles, local frame (y = 0). */
  feet: [Vec3, Vec3]
  fps: number
}

const JOINT_OF: Record<SupportPart, (ix: PoseIndices) => number> = {
  lFoot: ix => ix.foot[0],
  rFoot: ix => ix.foot[1],
  lHand: ix => ix.hand[0],
  rHand: ix => ix.hand[1],
  lKnee: ix => ix.leg[0],
  rKnee: ix => ix.leg[1],
  upperBack: ix => ix.spine[2],
  pelvis: ix => ix.hips
}

/** Root positions (local frame, absolute height) for a clip whose `support` lists its weight-bearing parts per frame. */
export function placeOnSupports (clip: ActionClip, input: SupportInput): Vec3[] {
  const support = clip.support!
  const n = clip.poses.length
  const J = input.skeleton.joints.length
  const frame = new Float32Array(J * 4)
  const probeY = 2
  const fitted: number[] = []
  const parts: Map<SupportPart, Vec3>[] = []
  for (let f = 0; f < n; f++) {
    frame.fill(0)
    for (let j = 0; j < J; j++) frame[j * 4 + 3] = 1
    writePose(addPose(clip.poses[f]!, input.posture), clip.heading[f]!, input.ix, frame, 0)
    clampFrame(input.limits, frame, 0)
    const r = clip.root[f]!
    const world = fkPose(input.skeleton, [r[0], probeY, r[2]], frame, 0)
    const low = lowestPoint(input.body, world)
    fitted.push(probeY - low)
    const here = new Map<SupportPart, Vec3>()
    for (const part of support[f] ?? []) {
      const p = world.positions[JOINT_OF[part](input.ix)]!
      here.set(part, [p[0] - r[0], 0, p[2] - r[2]])
    }
    parts.push(here)
  }
  // Horizontal: the parts that stay in support from one frame to the next do not move on average (the body pivots
  // about them); a part joining or leaving the support changes no position, so nothing jumps.
  const offset: [number, number][] = []
  let current: [number, number] = [0, 0]
  const first = parts[0]!
  const startFeet = [...first.keys()].filter(p => p === 'lFoot' || p === 'rFoot')
  if (startFeet.length > 0) {
    const r = clip.root[0]!
    for (const p of startFeet) {
      // The feet start where the previous action left them.
      const carried = input.feet[p === 'lFoot' ? 0 : 1]
      const rel = first.get(p)!
      current[0] += (carried[0] - (r[0] + rel[0])) / startFeet.length
      current[1] += (carried[2] - (r[2] + rel[2])) / startFeet.length
    }
  }
  for (let f = 0; f < n; f++) {
    const r = clip.root[f]!
    if (f > 0) {
      const before = parts[f - 1]!
      const prev = clip.root[f - 1]!
      const kept = [...parts[f]!.keys()].filter(p => before.has(p))
      let dx = 0
      let dz = 0
      for (const p of kept) {
        const a = before.get(p)!
        const b = parts[f]!.get(p)!
        dx += (prev[0] + a[0] - r[0] - b[0]) / kept.length
        dz += (prev[2] + a[2] - r[2] - b[2]) / kept.length
      }
      current = [current[0] + dx, current[1] + dz]
    }
    offset.push(current)
  }
  // Vertical: fitted to the floor while supported; a parabola under gravity across each flight.
  const y = fitted.slice()
  let f = 0
  while (f < n) {
    if ((support[f] ?? []).length > 0) { f++; continue }
    let end = f
    while (end + 1 < n && (support[end + 1] ?? []).length === 0) end++
    const a = Math.max(0, f - 1)
    const b = Math.min(n - 1, end + 1)
    const T = (b - a) / input.fps
    for (let g = f; g <= end; g++) {
      const t = (g - a) / input.fps
      const u = T > 0 ? t / T : 0
      y[g] = Math.max(fitted[g]!, fitted[a]! + (fitted[b]! - fitted[a]!) * u + 0.5 * G * t * (T - t))
    }
    f = end + 1
  }
  return clip.root.map((r, i) => [r[0] + offset[i]![0], y[i]!, r[2] + offset[i]![1]])
}
