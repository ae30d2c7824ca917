// Two-bone reach in world space (hip → knee → ankle): the rotations that bring the ankle to a target while the
// knee stays in its current bend plane (or bends towards `forward` when the leg is straight).
import { quatFromTo, quatRotate, type Quat, type Vec3 } from '@openmotion/motion-engine'

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const scaled = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s]
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2])
const unit = (a: Vec3): Vec3 => scaled(a, 1 / (norm(a) || 1))

/** Closer than this (relative to the leg's length) counts as reached: proportional rigs are left untouched. */
const REACHED = 5e-4

/**
 * World rotations for the upper bone (`upper`, about the hip) and then the lower one (`lower`, about the knee once
 * `upper` is applied); undefined when the ankle is already at the target. Out of reach, the leg points at it.
 */
export function reachFor (hip: Vec3, knee: Vec3, ankle: Vec3, target: Vec3, forward: Vec3): { upper: Quat, lower: Quat } | undefined {
  const l1 = norm(sub(knee, hip))
  const l2 = norm(sub(ankle, knee))
  if (!(l1 > 0) || !(l2 > 0) || norm(sub(ankle, target)) < REACHED * (l1 + l2)) return undefined
  const toTarget = sub(target, hip)
  const dir = unit(toTarget)
  const reach = Math.min(Math.max(norm(toTarget), Math.abs(l1 - l2) + 1e-6), (l1 + l2) * 0.99999)
  // Bend plane: the knee's current offset from the hip–ankle line, or forward for a straight leg.
  const line = unit(sub(ankle, hip))
  const offset = sub(sub(knee, hip), scaled(line, dot(sub(knee, hip), line)))
  let side = norm(offset) > 1e-3 * l1 ? unit(offset) : forward
  side = sub(side, scaled(dir, dot(side, dir)))
  if (norm(side) < 1e-6) side = sub(forward, scaled(dir, dot(forward, dir)))
  side = unit(side)
  const cosHip = (l1 * l1 + reach * reach - l2 * l2) / (2 * l1 * reach)
  const angle = Math.acos(Math.max(-1, Math.min(1, cosHip)))
  const newKnee = add(hip, add(scaled(dir, Math.cos(angle) * l1), scaled(side, Math.sin(angle) * l1)))
  const upper = quatFromTo(unit(sub(knee, hip)), unit(sub(newKnee, hip)))
  const ankleAfterUpper = add(newKnee, quatRotate(upper, sub(ankle, knee)))
  const end = add(hip, scaled(dir, reach))
  const lower = quatFromTo(unit(sub(ankleAfterUpper, newKnee)), unit(sub(end, newKnee)))
  return { upper, lower }
}
