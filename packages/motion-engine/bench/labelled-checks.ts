// Machine checks of what a prompt asked for, run on the exported motion: travel and its direction, turning,
// pelvis height (sitting, kneeling, lying), a hand above the head, leaving the floor, repetitions, length.
import type { Vec3 } from '../src/index.js'
import { quatRotate } from '../src/math/quat.js'
import type { ExportedMotion } from './exported-motion.js'
import { soleTracks } from './quality-metrics.js'

export interface LabelledPrompt {
  prompt: string
  /** Action kinds the parser must produce, in order (an overlay follows its base action). */
  actions: string[]
  check: MotionCheck
  /** Locomotion prompts also meet the skating targets. */
  locomotion?: boolean
}

export interface MotionCheck {
  /** Ground displacement of the pelvis from first to last frame, metres, in the starting facing frame. */
  travel?: { min?: number, max?: number, dir?: 'forward' | 'backward' | 'left' | 'right' }
  /** Net heading change, degrees (positive = left), ±25°. */
  turn?: number
  /** Total heading swept, degrees, at least (spins, circles). */
  swept?: number
  /** Lowest pelvis height below this, metres. */
  hipsBelow?: number
  /** Pelvis height at the end below (lying, sitting) or above (standing up) this, metres. */
  endHipsBelow?: number
  endHipsAbove?: number
  /** A hand higher than the top of the head at some frame. */
  handAboveHead?: 'left' | 'right' | 'either' | 'both'
  /** No hand ever above the head. */
  handsLow?: boolean
  /** Number of distinct airborne phases (both feet off the floor), exactly or at least. */
  flights?: number
  minFlights?: number
  /** Number of pelvis dips of at least 12 cm below standing. */
  dips?: number
  /** Clip length in seconds. */
  seconds?: { min?: number, max?: number }
  /** Some joint moves: the hands or the head travel at least this far relative to the pelvis, metres. */
  handPath?: number
  headPath?: number
  /** Some ankle rises at least this high above the floor, metres (kicks). */
  ankleAbove?: number
  /** The head turns at least this many degrees from the pelvis' facing at some frame. */
  headTurn?: number
}

function yawOf (m: ExportedMotion, f: number): number {
  const q = m.rotations[f]![m.names.indexOf('Hips')]!
  const fwd = quatRotate(q, [0, 0, 1])
  return Math.atan2(fwd[0], fwd[2])
}

function unwrappedYaw (m: ExportedMotion): number[] {
  const out: number[] = []
  for (let f = 0; f < m.frameCount; f++) {
    let y = yawOf(m, f)
    if (f > 0) { while (y - out[f - 1]! > Math.PI) y -= 2 * Math.PI; while (y - out[f - 1]! < -Math.PI) y += 2 * Math.PI }
    out.push(y)
  }
  return out
}

function track (m: ExportedMotion, name: string): Vec3[] {
  const j = m.names.indexOf(name)
  return m.positions.map(f => f[j]!)
}

/** Runs of true values, ignoring runs shorter than `min` frames. */
function runs (flags: boolean[], min: number): number {
  let count = 0
  let len = 0
  for (const v of [...flags, false]) {
    if (v) len++
    else { if (len >= min) count++; len = 0 }
  }
  return count
}

function relativePath (m: ExportedMotion, name: string): number {
  const p = track(m, name)
  const h = track(m, 'Hips')
  let sum = 0
  for (let f = 1; f < m.frameCount; f++) {
    sum += Math.hypot(
      p[f]![0] - h[f]![0] - p[f - 1]![0] + h[f - 1]![0],
      p[f]![1] - h[f]![1] - p[f - 1]![1] + h[f - 1]![1],
      p[f]![2] - h[f]![2] - p[f - 1]![2] + h[f - 1]![2]
    )
  }
  return sum
}

/** The failed parts of a check, empty when the motion does what the prompt asked. */
export function checkMotion (m: ExportedMotion, c: MotionCheck): string[] {
  const fails: string[] = []
  const hips = track(m, 'Hips')
  const last = m.frameCount - 1
  const yaw = unwrappedYaw(m)
  if (c.travel !== undefined) {
    const d: Vec3 = [hips[last]![0] - hips[0]![0], 0, hips[last]![2] - hips[0]![2]]
    const y0 = yaw[0]!
    const forward = d[0] * Math.sin(y0) + d[2] * Math.cos(y0)
    const left = d[0] * Math.cos(y0) - d[2] * Math.sin(y0)
    const dist = Math.hypot(d[0], d[2])
    if (c.travel.min !== undefined && dist < c.travel.min) fails.push(`travel ${dist.toFixed(2)} < ${c.travel.min}`)
    if (c.travel.max !== undefined && dist > c.travel.max) fails.push(`travel ${dist.toFixed(2)} > ${c.travel.max}`)
    const along = { forward, backward: -forward, left, right: -left }
    if (c.travel.dir !== undefined && along[c.travel.dir] < dist * 0.7) fails.push(`travel not ${c.travel.dir}`)
  }
  const deg = (r: number) => (r * 180) / Math.PI
  if (c.turn !== undefined && Math.abs(deg(yaw[last]! - yaw[0]!) - c.turn) > 25) fails.push(`turn ${deg(yaw[last]! - yaw[0]!).toFixed(0)} ≠ ${c.turn}`)
  if (c.swept !== undefined && Math.abs(deg(yaw[last]! - yaw[0]!)) < c.swept) fails.push(`swept ${deg(yaw[last]! - yaw[0]!).toFixed(0)} < ${c.swept}`)
  const minHips = Math.min(...hips.map(p => p[1]))
  if (c.hipsBelow !== undefined && minHips > c.hipsBelow) fails.push(`hips ${minHips.toFixed(2)} not below ${c.hipsBelow}`)
  if (c.endHipsBelow !== undefined && hips[last]![1] > c.endHipsBelow) fails.push(`end hips ${hips[last]![1].toFixed(2)} not below ${c.endHipsBelow}`)
  if (c.endHipsAbove !== undefined && hips[last]![1] < c.endHipsAbove) fails.push(`end hips ${hips[last]![1].toFixed(2)} not above ${c.endHipsAbove}`)
  const top = track(m, 'Head/End')
  const above = (n: string) => track(m, n).some((p, f) => p[1] > top[f]![1])
  if (c.handAboveHead !== undefined) {
    const l = above('LeftHand')
    const r = above('RightHand')
    const ok = { left: l, right: r, either: l || r, both: l && r }[c.handAboveHead]
    if (!ok) fails.push(`no ${c.handAboveHead} hand above the head`)
  }
  if (c.handsLow === true && (above('LeftHand') || above('RightHand'))) fails.push('a hand went above the head')
  if (c.flights !== undefined || c.minFlights !== undefined) {
    const soles = soleTracks(m)
    const airborne = Array.from({ length: m.frameCount }, (_, f) => soles.every(t => t[f]![1] > 0.02))
    const n = runs(airborne, 1)
    if (c.flights !== undefined && n !== c.flights) fails.push(`${n} flights ≠ ${c.flights}`)
    if (c.minFlights !== undefined && n < c.minFlights) fails.push(`${n} flights < ${c.minFlights}`)
  }
  if (c.dips !== undefined) {
    const stand = Math.max(...hips.map(p => p[1]))
    const n = runs(hips.map(p => p[1] < stand - 0.12), 3)
    if (n !== c.dips) fails.push(`${n} dips ≠ ${c.dips}`)
  }
  const seconds = m.frameCount / m.fps
  if (c.seconds?.min !== undefined && seconds < c.seconds.min) fails.push(`${seconds.toFixed(1)} s < ${c.seconds.min}`)
  if (c.seconds?.max !== undefined && seconds > c.seconds.max) fails.push(`${seconds.toFixed(1)} s > ${c.seconds.max}`)
  if (c.handPath !== undefined) {
    const path = Math.max(relativePath(m, 'LeftHand'), relativePath(m, 'RightHand'))
    if (path < c.handPath) fails.push(`hands moved ${path.toFixed(2)} < ${c.handPath}`)
  }
  if (c.headPath !== undefined && relativePath(m, 'Head/End') < c.headPath) fails.push(`head moved ${relativePath(m, 'Head/End').toFixed(2)} < ${c.headPath}`)
  if (c.ankleAbove !== undefined) {
    const top = Math.max(...['LeftFoot', 'RightFoot'].flatMap(n => track(m, n).map(p => p[1])))
    if (top < c.ankleAbove) fails.push(`ankles reach ${top.toFixed(2)} < ${c.ankleAbove}`)
  }
  if (c.headTurn !== undefined) {
    const head = m.names.indexOf('Head')
    const hipsJ = m.names.indexOf('Hips')
    let most = 0
    for (let f = 0; f < m.frameCount; f++) {
      const a = quatRotate(m.rotations[f]![head]!, [0, 0, 1])
      const b = quatRotate(m.rotations[f]![hipsJ]!, [0, 0, 1])
      most = Math.max(most, Math.abs(deg(Math.atan2(a[0], a[2]) - Math.atan2(b[0], b[2]))))
    }
    if (most < c.headTurn) fails.push(`head turned ${most.toFixed(0)}° < ${c.headTurn}°`)
  }
  return fails
}
