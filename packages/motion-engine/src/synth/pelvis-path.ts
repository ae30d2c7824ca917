// The walking pelvis as an inverted pendulum over the planned footsteps: it vaults over each stance foot (highest at
// mid-stance, lowest in double support, where the stride decides how low it must go for both legs to reach) and
// drifts toward the supporting foot. Running inverts the vertical: lowest in mid-stance, highest in flight.
import type { Vec3 } from '../clip.js'
import { smootherstep } from './easing.js'

/** One planned step of the gait (gait.ts plans them; the pelvis path vaults over them). */
export interface Footstep {
  foot: 0 | 1
  /** Swing start and end, seconds. */
  start: number
  end: number
  /** Landing ankle ground position (y = 0), local frame. */
  to: Vec3
  /** Landing foot yaw, radians. */
  yaw: number
}

export interface PendulumEvent {
  /** Mid-swing of the other foot: the stance foot is under the pelvis. */
  t: number
  /** +1 when the left foot supports, -1 for the right. */
  side: 1 | -1
}

export function pendulumEvents (steps: Footstep[]): PendulumEvent[] {
  return [...steps]
    .sort((a, b) => a.start + a.end - b.start - b.end)
    .map(s => ({ t: (s.start + s.end) / 2, side: s.foot === 0 ? -1 : 1 }))
}

/**
 * Highest pelvis (hips joint) height at which both legs reach feet one stride apart: the double-support geometry.
 * `ankle` is the ankle height above the floor, `hipOffset` the hip joints' drop below the hips joint.
 */
export function doubleSupportHeight (stride: number, reach: number, ankle: number, hipOffset: number): number {
  const half = Math.min(stride / 2, reach * 0.95)
  return ankle + Math.sqrt(reach * reach - half * half) + hipOffset
}

export interface PelvisCurveInput {
  events: PendulumEvent[]
  /** Height standing still (before the first and after the last step). */
  stand: number
  /** Height in double support (the pendulum's trough). */
  low: number
  /** Rise from trough to mid-stance peak. */
  bob: number
  /** Lateral excursion toward the stance foot, metres. */
  sway: number
  duration: number
}

/**
 * Pelvis height and signed lateral offset (+ = toward the character's left) at time t. Walking vaults: highest at
 * each event (mid-stance). Running (`flight`) bounces: lowest at mid-stance, highest in the flight between.
 */
export function pelvisAt (input: PelvisCurveInput & { flight: boolean }, t: number): { y: number, lateral: number } {
  const { events, stand, bob, sway } = input
  const low = input.flight ? stand - bob : input.low
  const peak = input.flight ? low : Math.min(stand, low + bob)
  if (events.length === 0) return { y: stand, lateral: 0 }
  const first = events[0]!
  const last = events[events.length - 1]!
  if (t <= first.t) {
    const u = smootherstep(t / Math.max(1e-3, first.t))
    return { y: stand + (peak - stand) * u, lateral: sway * first.side * u }
  }
  if (t >= last.t) {
    const u = smootherstep((t - last.t) / Math.max(1e-3, input.duration - last.t))
    return { y: peak + (stand - peak) * u, lateral: sway * last.side * (1 - u) }
  }
  let i = 0
  while (i + 2 < events.length && t > events[i + 1]!.t) i++
  const a = events[i]!
  const b = events[i + 1]!
  const u = (t - a.t) / Math.max(1e-3, b.t - a.t)
  // Cosine between peaks: the pendulum's arc is close to it for the small angles of walking.
  const y = input.flight
    ? low + bob * (0.5 - 0.5 * Math.cos(2 * Math.PI * u))
    : low + (peak - low) * (0.5 + 0.5 * Math.cos(2 * Math.PI * u))
  const w = 0.5 + 0.5 * Math.cos(Math.PI * u)
  return { y, lateral: sway * (a.side * w + b.side * (1 - w)) }
}
