// A cheap physical plausibility pass: joint limits, hands pushed out of the torso capsule, the centre of mass kept
// over the support polygon while standing, and no body part below the floor.
import type { MotionClip, Vec3 } from '../clip.js'
import { fk, fkPose } from '../fk.js'
import { solveTwoBone } from '../ik.js'
import { clampFrame, limitsFor } from '../joint-limits.js'
import { add, dot, normalize, scale, sub } from '../math/vec3.js'
import { ANKLE_HEIGHT, jointIndex, skeletonScale } from '../skeleton.js'
import { footTracks } from './contacts.js'
import type { FootTrack } from './contacts.js'

export interface SimulationReport { clampedJoints: number, handsPushed: number, balanceShifts: number, floorLifts: number }

// Segment mass fractions (Winter, Biomechanics and Motor Control of Human Movement), lumped on joints.
const MASS: [string, number][] = [
  ['Hips', 0.142],
  ['Spine1', 0.139],
  ['Spine2', 0.216],
  ['Head', 0.081],
  ['LeftArm', 0.028],
  ['RightArm', 0.028],
  ['LeftForeArm', 0.016],
  ['RightForeArm', 0.016],
  ['LeftHand', 0.006],
  ['RightHand', 0.006],
  ['LeftUpLeg', 0.1],
  ['RightUpLeg', 0.1],
  ['LeftLeg', 0.0465],
  ['RightLeg', 0.0465],
  ['LeftFoot', 0.0145],
  ['RightFoot', 0.0145]
]

export function closestOnSegment (p: Vec3, a: Vec3, b: Vec3): Vec3 {
  const ab = sub(b, a)
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / Math.max(1e-9, dot(ab, ab))))
  return add(a, scale(ab, t))
}

export function simulate (clip: MotionClip, options: { floor: boolean }): { clip: MotionClip, report: SimulationReport } {
  const s = clip.skeleton
  const J = s.joints.length
  const k = skeletonScale(s)
  const rot = Float32Array.from(clip.rotations)
  const rootT = Float32Array.from(clip.rootTranslation)
  const limits = limitsFor(s)
  const report: SimulationReport = { clampedJoints: 0, handsPushed: 0, balanceShifts: 0, floorLifts: 0 }
  const j = (n: string) => jointIndex(s, n)
  const hips = j('Hips')
  const neck = j('Neck')
  const arms = ['Left', 'Right'].map(side => ({ upper: j(side + 'Arm'), mid: j(side + 'ForeArm'), end: j(side + 'Hand') }))
  const legs = ['Left', 'Right'].map(side => ({ upper: j(side + 'UpLeg'), mid: j(side + 'Leg'), end: j(side + 'Foot') }))
  const toes = [j('LeftToeBase'), j('RightToeBase')]
  const mass = MASS.map(([n, m]) => [j(n), m] as const)
  const totalMass = mass.reduce((a, [, m]) => a + m, 0)
  const radius = 0.13 * k
  const tracks = footTracks(clip, 'height')
  const floorPoints = [
    ['Hips', 0.1],
    ['LeftFoot', ANKLE_HEIGHT],
    ['RightFoot', ANKLE_HEIGHT],
    ['LeftToeBase', 0.015],
    ['RightToeBase', 0.015],
    ['LeftLeg', 0.05],
    ['RightLeg', 0.05],
    ['LeftHand', 0.02],
    ['RightHand', 0.02],
    ['Head', 0.1],
    ['Spine2', 0.1]
  ].map(([n, r]) => [j(n as string), (r as number) * k] as const)

  const shifts = balanceShifts(clip, tracks, mass.map(([i, m]) => [i, m / totalMass] as const), legs.map(l => l.end), toes)
  for (let f = 0; f < clip.frameCount; f++) {
    const base = f * J * 4
    const root = (): Vec3 => [rootT[f * 3]!, rootT[f * 3 + 1]!, rootT[f * 3 + 2]!]
    report.clampedJoints += clampFrame(limits, rot, base)

    // Self-penetration: hands and elbows inside the torso capsule are pushed out radially, by arm IK.
    let world = fkPose(s, root(), rot, base)
    for (const arm of arms) {
      const hand = world.positions[arm.end]!
      const axisPoint = closestOnSegment(hand, world.positions[hips]!, world.positions[neck]!)
      const d = sub(hand, axisPoint)
      const dist = Math.hypot(...d)
      if (dist < radius) {
        const out = dist < 1e-6 ? forwardOf(world) : normalize(d)
        const target = add(axisPoint, scale(out, radius * 1.02))
        const elbowDir = normalize(sub(world.positions[arm.mid]!, world.positions[arm.upper]!))
        solveTwoBone(s, root(), rot, base, arm, target, add(elbowDir, [0, -0.5, 0]))
        report.handsPushed++
        world = fkPose(s, root(), rot, base)
      }
    }

    // Balance: the pelvis moves by the smoothed shift that keeps the centre of mass over the supporting feet.
    const [dx, dz] = shifts[f]!
    if (Math.abs(dx) + Math.abs(dz) > 1e-5) {
      const support = [0, 1].filter(i => tracks[i]!.contact[f])
      const feet = legs.map(l => world.positions[l.end]!)
      const footRot = legs.map(l => world.rotations[l.end]!)
      rootT[f * 3] = rootT[f * 3]! + dx
      rootT[f * 3 + 2] = rootT[f * 3 + 2]! + dz
      // Supporting feet stay where they stand; a lifted leg travels with the body.
      for (const i of support) solveTwoBone(s, root(), rot, base, legs[i]!, feet[i]!, forwardOf(world), footRot[i])
      report.balanceShifts++
      world = fkPose(s, root(), rot, base)
    }

    if (options.floor) {
      let low = Infinity
      for (const [i, r] of floorPoints) low = Math.min(low, world.positions[i]![1] - r)
      if (low < 0) {
        rootT[f * 3 + 1] = rootT[f * 3 + 1]! - low
        report.floorLifts++
      }
    }
  }
  return { clip: { ...clip, rotations: rot, rootTranslation: rootT }, report }
}

function forwardOf (world: { rotations: [number, number, number, number][] }): Vec3 {
  const [x, y, z, w] = world.rotations[0]!
  return normalize([2 * (x * z + w * y), 0, 1 - 2 * (x * x + y * y)])
}

/**
 * Per frame, the horizontal pelvis shift that brings the centre of mass over the supporting feet while the body
 * stands still and upright on them alone (a kick balances over the standing leg; kneeling, sitting and hands on
 * the floor are supported by more). Smoothed over 0.3 s so the correction never jitters.
 */
function balanceShifts (clip: MotionClip, tracks: FootTrack[], mass: (readonly [number, number])[], feet: number[], toes: number[]): [number, number][] {
  const s = clip.skeleton
  const k = skeletonScale(s)
  const low = ['LeftLeg', 'RightLeg', 'LeftHand', 'RightHand'].map(n => jointIndex(s, n))
  const raw: [number, number][] = []
  for (let f = 0; f < clip.frameCount; f++) {
    const world = fk(clip, f).positions
    const prev = Math.max(0, f - 1)
    const r = clip.rootTranslation
    const speed = Math.hypot(r[f * 3]! - r[prev * 3]!, r[f * 3 + 2]! - r[prev * 3 + 2]!) * clip.fps
    const support = [0, 1].filter(i => tracks[i]!.contact[f])
    const onFeetAlone = low.every(j => world[j]![1] > 0.12 * k)
    if (support.length === 0 || !onFeetAlone || r[f * 3 + 1]! < 0.6 * k || speed > 0.25 * k) { raw.push([0, 0]); continue }
    let cx = 0
    let cz = 0
    for (const [i, m] of mass) { cx += world[i]![0] * m; cz += world[i]![2] * m }
    const pts = support.flatMap(i => [feet[i]!, toes[i]!]).map(i => world[i]!)
    const out = (v: number, lo: number, hi: number) => (v < lo ? lo - v : v > hi ? hi - v : 0)
    raw.push([
      out(cx, Math.min(...pts.map(p => p[0])) - 0.03 * k, Math.max(...pts.map(p => p[0])) + 0.03 * k),
      out(cz, Math.min(...pts.map(p => p[2])) - 0.06 * k, Math.max(...pts.map(p => p[2])) + 0.03 * k)
    ])
  }
  const radius = Math.max(1, Math.round(clip.fps * 0.15))
  return raw.map((_, f) => {
    let x = 0
    let z = 0
    let n = 0
    for (let g = Math.max(0, f - radius); g <= Math.min(raw.length - 1, f + radius); g++) { x += raw[g]![0]; z += raw[g]![1]; n++ }
    return [x / n, z / n]
  })
}
