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
  /** On the ground; otherwise a swinging foot's synthesized path, used to join filtered swings to the plants. */
  planted: boolean
  /** How far a swinging foot's rotation follows the (filtered) pose instead of the plan, 0..1; default 0. */
  follow?: number
}

/** [foot (0 left, 1 right)][frame]: the foot's planned placement, or null where the synthesizer left it free. */
export type ContactPlan = [(PlannedContact | null)[], (PlannedContact | null)[]]

export function emptyPlan (): ContactPlan {
  return [[], []]
}

function lerp3 (a: Vec3, b: Vec3, t: number): Vec3 {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/** Frames from each frame to the nearest held contact of the same foot (Infinity when none). */
function distanceToHeld (track: (PlannedContact | null)[], held: (c: PlannedContact | null | undefined) => boolean, n: number): number[] {
  const d = new Array<number>(n).fill(Infinity)
  for (let f = 0; f < n; f++) d[f] = held(track[f]) ? 0 : f > 0 ? d[f - 1]! + 1 : Infinity
  for (let f = n - 2; f >= 0; f--) d[f] = Math.min(d[f]!, d[f + 1]! + 1)
  return d
}

/**
 * Solves the legs back onto the planned contacts: planted frames exactly, and the `ramp` swing frames on either
 * side blended from the plan toward the current (filtered) leg, so the join happens in the air, never on the floor.
 * Returns which frames each foot was held, for later locking passes.
 */
export function applyContacts (clip: MotionClip, plan: ContactPlan, includeGlide: boolean, ramp = 2): { clip: MotionClip, held: boolean[][] } {
  const s = clip.skeleton
  const J = s.joints.length
  const n = clip.frameCount
  const rot = Float32Array.from(clip.rotations)
  const sides = ['Left', 'Right'].map(side => ({
    chain: { upper: jointIndex(s, side + 'UpLeg'), mid: jointIndex(s, side + 'Leg'), end: jointIndex(s, side + 'Foot') },
    toe: jointIndex(s, side + 'ToeBase')
  }))
  const isHeld = (c: PlannedContact | null | undefined): boolean => c !== null && c !== undefined && c.planted && (includeGlide || !c.glide)
  const distance = plan.map(track => distanceToHeld(track, isHeld, n))
  const held = [0, 1].map(side => distance[side]!.map(d => d === 0))
  for (let f = 0; f < n; f++) {
    const base = f * J * 4
    const root: Vec3 = [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
    for (const side of [0, 1] as const) {
      const c = plan[side][f]
      const d = distance[side]![f]!
      if (c === null || c === undefined || (c.planted && d > 0)) continue
      const w = ramp === Infinity ? 1 : Math.max(0, 1 - d / (ramp + 1))
      const world = fkPose(s, root, rot, base)
      const { chain, toe } = sides[side]!
      const f3 = quatRotate(world.rotations[0]!, [0, 0, 1])
      const pole: Vec3 = [f3[0], 0, f3[2]]
      const target = lerp3(world.positions[chain.end]!, c.ankle, w)
      if (w === 0) continue
      const keep = w * (1 - (c.follow ?? 0))
      solveTwoBone(s, root, rot, base, chain, target, pole, quatSlerp(world.rotations[chain.end]!, c.foot, keep))
      const o = base + toe * 4
      rot.set(quatSlerp([rot[o]!, rot[o + 1]!, rot[o + 2]!, rot[o + 3]!], c.toe, keep), o)
    }
  }
  return { clip: { ...clip, rotations: rot }, held }
}

/** Records the contacts of one synthesized frame from its final world pose. */
export function recordContacts (plan: ContactPlan, world: { positions: Vec3[], rotations: Quat[] }, local: Float32Array, feet: [number, number],
  toes: [number, number], planted: [boolean | null, boolean | null], glide: boolean): void {
  for (const side of [0, 1] as const) {
    if (planted[side] === null) { plan[side].push(null); continue }
    const a = world.positions[feet[side]]!
    const o = toes[side] * 4
    plan[side].push({
      ankle: [a[0], a[1], a[2]],
      foot: world.rotations[feet[side]]!,
      toe: [local[o]!, local[o + 1]!, local[o + 2]!, local[o + 3]!],
      glide,
      planted: planted[side]
    })
  }
}
