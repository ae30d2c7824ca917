// Contacts planned by the synthesizer (which foot is on the ground where, frame by frame). Post-processing that
// changes joint rotations (pose filtering, simulation) re-applies them afterwards with leg IK, so smoothing never
// moves a planted foot.
import type { MotionClip, Quat, Vec3 } from '../clip.js'
import { fkPose } from '../fk.js'
import { solveTwoBone } from '../ik.js'
import { quatRotate, quatSlerp } from '../math/quat.js'
import { jointIndex } from '../skeleton.js'

export interface PlannedContact {
  /** Ankle world position. */
  ankle: Vec3
  /** Foot world rotation. */
  foot: Quat
  /** Toe local rotation (the toes bend on the floor during heel-off). */
  toe: Quat
  /** The motion means this foot to slide (spins, shuffles): `auto` leaves it gliding, `always` pins it. */
  glide: boolean
}

/** [foot (0 left, 1 right)][frame]: the planted contact or null when the foot is free. */
export type ContactPlan = [(PlannedContact | null)[], (PlannedContact | null)[]]

export function emptyPlan (): ContactPlan {
  return [[], []]
}

function lerp3 (a: Vec3, b: Vec3, t: number): Vec3 {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/**
 * Solves the legs back onto the planned contacts. Each contact run fades in and out over `ramp` frames so a foot
 * the filter moved joins its plant smoothly. Returns which frames each foot was held, for later locking passes.
 */
export function applyContacts (clip: MotionClip, plan: ContactPlan, includeGlide: boolean, ramp = 2): { clip: MotionClip, held: boolean[][] } {
  const s = clip.skeleton
  const J = s.joints.length
  const rot = Float32Array.from(clip.rotations)
  const sides = ['Left', 'Right'].map(side => ({
    chain: { upper: jointIndex(s, side + 'UpLeg'), mid: jointIndex(s, side + 'Leg'), end: jointIndex(s, side + 'Foot') },
    toe: jointIndex(s, side + 'ToeBase')
  }))
  const held = [0, 1].map(() => new Array<boolean>(clip.frameCount).fill(false))
  const use = (c: PlannedContact | null | undefined): c is PlannedContact => c !== null && c !== undefined && (includeGlide || !c.glide)
  for (let f = 0; f < clip.frameCount; f++) {
    const base = f * J * 4
    const root: Vec3 = [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
    for (const side of [0, 1] as const) {
      const track = plan[side]
      const c = track[f]
      if (!use(c)) continue
      let before = 0
      while (before < ramp && use(track[f - before - 1])) before++
      let after = 0
      while (after < ramp && use(track[f + after + 1])) after++
      const w = Math.min(1, (before + 1) / (ramp + 1), (after + 1) / (ramp + 1))
      const world = fkPose(s, root, rot, base)
      const { chain, toe } = sides[side]!
      const fwdQ = world.rotations[0]!
      const f3 = quatRotate(fwdQ, [0, 0, 1])
      const pole: Vec3 = [f3[0], 0, f3[2]]
      const target = lerp3(world.positions[chain.end]!, c.ankle, w)
      solveTwoBone(s, root, rot, base, chain, target, pole, quatSlerp(world.rotations[chain.end]!, c.foot, w))
      const o = base + toe * 4
      const t = quatSlerp([rot[o]!, rot[o + 1]!, rot[o + 2]!, rot[o + 3]!], c.toe, w)
      rot.set(t, o)
      held[side]![f] = w >= 1
    }
  }
  return { clip: { ...clip, rotations: rot }, held }
}

/** Records the contacts of one synthesized frame from its final world pose. */
export function recordContacts (plan: ContactPlan, world: { positions: Vec3[], rotations: Quat[] }, local: Float32Array, feet: [number, number],
  toes: [number, number], planted: [boolean, boolean], glide: boolean): void {
  for (const side of [0, 1] as const) {
    if (!planted[side]) { plan[side].push(null); continue }
    const a = world.positions[feet[side]]!
    const o = toes[side] * 4
    plan[side].push({
      ankle: [a[0], a[1], a[2]],
      foot: world.rotations[feet[side]]!,
      toe: [local[o]!, local[o + 1]!, local[o + 2]!, local[o + 3]!],
      glide
    })
  }
}
