// Motion-capture quality figures, computed the way capture data is measured: floor, foot skating in
// contact, pelvis bob and sway, flight, end-effector acceleration, jerk, variant diversity. Input is motion read
// back from exported files (see exported-motion.ts).
import type { Quat, Vec3 } from '../src/index.js'
import { quatRotate } from '../src/math/quat.js'
import type { ExportedMotion } from './exported-motion.js'

export interface QualityFigures {
  /** 5th percentile of the lowest skinned vertex, cm (0 = on the floor). */
  meshFloor: number
  /** 5th percentile of the lowest skeleton sole point (heel, ball, toe tip), cm. */
  soleFloor: number
  /** Horizontal speed of sole points in contact, cm/s. */
  skateMean: number
  skateP95: number
  /** Fraction of sole-point samples in contact (a clip with no contact cannot skate). */
  contactFraction: number
  /** Pelvis height p95 − p5 while travelling, cm. */
  bob: number
  /** Pelvis lateral excursion (p95 − p5) around its 1 s smoothed path while travelling, cm. */
  sway: number
  /** Fraction of travelling frames (all frames when it does not travel) with no sole point near the floor. */
  flight: number
  /** Top speed: the pelvis' largest ground distance covered in any half second, m/s. */
  topSpeed: number
  /** Largest end-effector acceleration, m/s². */
  maxAccel: number
  /** Mean joint jerk, m/s³. */
  jerk: number
  /** Mean distance of the centre of mass outside the supporting feet while standing still, cm. */
  balance: number
}

// Segment mass fractions (Winter, Biomechanics and Motor Control of Human Movement), lumped on joints.
const MASS: [string, number][] = [['Hips', 0.142], ['Spine1', 0.139], ['Spine2', 0.216], ['Head', 0.081], ['LeftArm', 0.028], ['RightArm', 0.028],
  ['LeftForeArm', 0.016], ['RightForeArm', 0.016], ['LeftHand', 0.006], ['RightHand', 0.006], ['LeftUpLeg', 0.1], ['RightUpLeg', 0.1],
  ['LeftLeg', 0.0465], ['RightLeg', 0.0465], ['LeftFoot', 0.0145], ['RightFoot', 0.0145]]

const CONTACT_HEIGHT = 0.025
const CONTACT_SPEED = 1
const SOLE_JOINTS = ['LeftFoot', 'LeftToeBase', 'LeftToeBase/End', 'RightFoot', 'RightToeBase', 'RightToeBase/End']
const END_EFFECTORS = ['LeftHandMiddle1/End', 'RightHandMiddle1/End', 'LeftToeBase/End', 'RightToeBase/End', 'Head/End']

export function percentile (values: number[], p: number): number {
  if (values.length === 0) return 0
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))]!
}

function mean (values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length
}

function index (m: ExportedMotion, name: string): number {
  const i = m.names.indexOf(name)
  if (i < 0) throw new Error(`exported motion has no ${name}`)
  return i
}

/** The point under a joint on the sole: its rest height above the sole, straight down in the joint's frame. */
function solePoint (p: Vec3, q: Quat, height: number): Vec3 {
  const d = quatRotate(q, [0, -height, 0])
  return [p[0] + d[0], p[1] + d[1], p[2] + d[2]]
}

/** Sole point tracks [point][frame]; End Sites share their parent's sole offset rule (rest height above sole). */
export function soleTracks (m: ExportedMotion): Vec3[][] {
  return SOLE_JOINTS.map(name => {
    const j = index(m, name)
    const base = name.endsWith('/End') ? name.slice(0, -4) : name
    // An End Site sits at its parent's height in this rig's rest pose (toe tip level with the ball).
    const h = m.soleOffset.get(base) ?? 0
    return m.positions.map((frame, f) => solePoint(frame[j]!, m.rotations[f]![j]!, h))
  })
}

function movingAverage (values: number[], radius: number): number[] {
  return values.map((_, i) => {
    const a = Math.max(0, i - radius)
    const b = Math.min(values.length - 1, i + radius)
    let s = 0
    for (let k = a; k <= b; k++) s += values[k]!
    return s / (b - a + 1)
  })
}

/** Frames where the pelvis travels faster than 0.3 m/s on its smoothed path. */
function travellingFrames (m: ExportedMotion): { frames: number[], sx: number[], sz: number[] } {
  const hips = index(m, 'Hips')
  const r = Math.round(m.fps / 2)
  const sx = movingAverage(m.positions.map(f => f[hips]![0]), r)
  const sz = movingAverage(m.positions.map(f => f[hips]![2]), r)
  const frames: number[] = []
  for (let f = 1; f + 1 < m.frameCount; f++) {
    const v = Math.hypot(sx[f + 1]! - sx[f - 1]!, sz[f + 1]! - sz[f - 1]!) * m.fps / 2
    if (v > 0.3) frames.push(f)
  }
  return { frames, sx, sz }
}

export function measure (m: ExportedMotion): QualityFigures {
  const n = m.frameCount
  const soles = soleTracks(m)
  const lowestSole = Array.from({ length: n }, (_, f) => Math.min(...soles.map(t => t[f]![1])))
  const floor = percentile(lowestSole, 5)
  const skate: number[] = []
  let samples = 0
  for (const track of soles) {
    for (let f = 1; f + 1 < n; f++) {
      samples++
      const a = track[f - 1]!
      const b = track[f + 1]!
      const speed = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) * m.fps / 2
      if (track[f]![1] - floor < CONTACT_HEIGHT && speed < CONTACT_SPEED) skate.push(Math.hypot(b[0] - a[0], b[2] - a[2]) * m.fps / 2 * 100)
    }
  }
  const hips = index(m, 'Hips')
  const travel = travellingFrames(m)
  const moving = travel.frames.length > m.fps / 2 ? travel.frames : Array.from({ length: n }, (_, f) => f)
  const bob = percentile(moving.map(f => m.positions[f]![hips]![1]), 95) - percentile(moving.map(f => m.positions[f]![hips]![1]), 5)
  const lateral = moving.map(f => {
    const dx = travel.sx[Math.min(n - 1, f + 1)]! - travel.sx[Math.max(0, f - 1)]!
    const dz = travel.sz[Math.min(n - 1, f + 1)]! - travel.sz[Math.max(0, f - 1)]!
    const len = Math.hypot(dx, dz) || 1
    const p = m.positions[f]![hips]!
    return ((p[0] - travel.sx[f]!) * dz - (p[2] - travel.sz[f]!) * dx) / len
  })
  const sway = travel.frames.length > m.fps / 2 ? percentile(lateral, 95) - percentile(lateral, 5) : 0
  const window = Math.max(1, Math.round(m.fps / 2))
  let topSpeed = 0
  for (let f = window; f < n; f++) {
    const a = m.positions[f - window]![hips]!
    const b = m.positions[f]![hips]!
    topSpeed = Math.max(topSpeed, Math.hypot(b[0] - a[0], b[2] - a[2]) * m.fps / window)
  }
  const airborne = moving.filter(f => lowestSole[f]! - floor > CONTACT_HEIGHT).length / moving.length
  let maxAccel = 0
  for (const name of END_EFFECTORS) {
    const j = index(m, name)
    for (let f = 1; f + 1 < n; f++) {
      const [a, b, c] = [m.positions[f - 1]![j]!, m.positions[f]![j]!, m.positions[f + 1]![j]!]
      maxAccel = Math.max(maxAccel, Math.hypot(c[0] - 2 * b[0] + a[0], c[1] - 2 * b[1] + a[1], c[2] - 2 * b[2] + a[2]) * m.fps * m.fps)
    }
  }
  const jerks: number[] = []
  for (let j = 0; j < m.names.length; j++) {
    for (let f = 3; f < n; f++) {
      const p = [0, 1, 2, 3].map(k => m.positions[f - k]![j]!)
      jerks.push(Math.hypot(...[0, 1, 2].map(c => p[0]![c]! - 3 * p[1]![c]! + 3 * p[2]![c]! - p[3]![c]!)) * m.fps ** 3)
    }
  }
  return {
    balance: balanceError(m, soles, floor),
    meshFloor: percentile(m.meshLowest, 5) * 100,
    soleFloor: floor * 100,
    skateMean: mean(skate),
    skateP95: percentile(skate, 95),
    contactFraction: samples === 0 ? 0 : skate.length / samples,
    bob: bob * 100,
    sway: sway * 100,
    flight: airborne,
    topSpeed,
    maxAccel,
    jerk: mean(jerks)
  }
}

/** Centre of mass outside the bounding box (+3 cm) of the sole points touching the floor, upright and still frames. */
function balanceError (m: ExportedMotion, soles: Vec3[][], floor: number): number {
  const hips = index(m, 'Hips')
  const mass = MASS.map(([n, w]) => [index(m, n), w] as const)
  const total = mass.reduce((a, [, w]) => a + w, 0)
  const lowSupports = ['LeftLeg', 'RightLeg', 'LeftHand', 'RightHand'].map(n => index(m, n))
  const errors: number[] = []
  for (let f = 1; f + 1 < m.frameCount; f++) {
    const a = m.positions[f - 1]![hips]!
    const b = m.positions[f + 1]![hips]!
    if (Math.hypot(b[0] - a[0], b[2] - a[2]) * m.fps / 2 > 0.25 || m.positions[f]![hips]![1] < 0.6) continue
    // A knee or hand on the floor supports the body too (kneeling, picking up): the feet alone do not decide.
    if (lowSupports.some(j => m.positions[f]![j]![1] < 0.12)) continue
    const touching = soles.map(t => t[f]!).filter(p => p[1] - floor < CONTACT_HEIGHT)
    if (touching.length === 0) continue
    let cx = 0
    let cz = 0
    for (const [j, w] of mass) { cx += m.positions[f]![j]![0] * w / total; cz += m.positions[f]![j]![2] * w / total }
    const out = (v: number, lo: number, hi: number) => (v < lo ? lo - v : v > hi ? v - hi : 0)
    const xs = touching.map(p => p[0])
    const zs = touching.map(p => p[2])
    errors.push(Math.hypot(out(cx, Math.min(...xs) - 0.03, Math.max(...xs) + 0.03), out(cz, Math.min(...zs) - 0.03, Math.max(...zs) + 0.03)) * 100)
  }
  return mean(errors)
}

/** Joint positions relative to the hips, in the hips' heading frame, so travel and facing do not count. */
function bodyRelative (m: ExportedMotion, f: number): Vec3[] {
  const hips = index(m, 'Hips')
  const q = m.rotations[f]![hips]!
  const fwd = quatRotate(q, [0, 0, 1])
  const yaw = Math.atan2(fwd[0], fwd[2])
  const c = Math.cos(-yaw)
  const s = Math.sin(-yaw)
  const o = m.positions[f]![hips]!
  return m.positions[f]!.map(p => {
    const dx = p[0] - o[0]
    const dz = p[2] - o[2]
    // Height stays absolute: a crouched take differs from an upright one.
    return [c * dx + s * dz, p[1], -s * dx + c * dz]
  })
}

/** Mean body-relative joint distance between two takes, compared at the same normalised time, metres. */
export function takeDistance (a: ExportedMotion, b: ExportedMotion): number {
  const samples = 60
  let sum = 0
  let count = 0
  for (let i = 0; i < samples; i++) {
    const fa = Math.round((i / (samples - 1)) * (a.frameCount - 1))
    const fb = Math.round((i / (samples - 1)) * (b.frameCount - 1))
    const pa = bodyRelative(a, fa)
    const pb = bodyRelative(b, fb)
    for (let j = 0; j < pa.length; j++) {
      sum += Math.hypot(pa[j]![0] - pb[j]![0], pa[j]![1] - pb[j]![1], pa[j]![2] - pb[j]![2])
      count++
    }
  }
  return sum / count
}

/** Smallest pairwise distance between the variants of one prompt, cm. */
export function variantDiversity (takes: ExportedMotion[]): number {
  let min = Infinity
  for (let i = 0; i < takes.length; i++) {
    for (let j = i + 1; j < takes.length; j++) min = Math.min(min, takeDistance(takes[i]!, takes[j]!))
  }
  return min * 100
}
