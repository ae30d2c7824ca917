// Arm angles that put a wrist at a point: actions that handle things (a cup at the mouth, a spoon circling in a pot,
// a broom handle) are written as hand positions in metres and turned into pose channels here. Solved numerically
// (damped least squares on the pose-channel forward kinematics) on the reference skeleton: the angles are the same
// at any height because the skeleton scales uniformly.
import type { Quat, Vec3 } from '../clip.js'
import { fkPose } from '../fk.js'
import { quatFromAxisAngleRad, quatMultiply, quatRotate } from '../math/quat.js'
import { createHumanoidSkeleton } from '../skeleton.js'
import { armQuat, pose, poseIndices, writePose } from './pose-spec.js'
import type { Channel, PartialPose, PoseSpec } from './pose-spec.js'

export type Hand = 'left' | 'right'

/** The four angles the solver moves, degrees: shoulder flexion, abduction, upper-arm twist, elbow. */
export interface ArmAngles { flex: number, abduct: number, twist: number, elbow: number }

const SKELETON = createHumanoidSkeleton()
const IX = poseIndices(SKELETON)
const ROOT: Vec3 = [0, 0.95, 0]
const Y: Vec3 = [0, 1, 0]
// The lips in the head joint's frame: 2 cm up, 10 cm forward.
const MOUTH: Vec3 = [0, 0.02, 0.1]
const VARS = ['flex', 'abduct', 'twist', 'elbow'] as const
const ELBOW_RANGE: [number, number] = [2, 150]
// Levenberg damping, squared metres per squared degree: keeps steps finite where the arm is straight.
const DAMPING = 1e-6

function channelsOf (hand: Hand): Record<keyof ArmAngles, Channel> {
  const c = hand === 'left' ? 'l' : 'r'
  return { flex: `${c}ArmFlex`, abduct: `${c}ArmAbduct`, twist: `${c}ArmTwist`, elbow: `${c}Elbow` }
}

const frame = new Float32Array(SKELETON.joints.length * 4)

/** The fixed part of an arm chain: where the upper arm hangs from and how the shoulder girdle is turned. */
interface ArmBase { side: 1 | -1, shoulder: Vec3, girdle: Quat, upper: Vec3, fore: Vec3 }

function armBase (hand: Hand, body: Readonly<PoseSpec>): ArmBase {
  for (let j = 0; j < SKELETON.joints.length; j++) { frame[j * 4] = 0; frame[j * 4 + 1] = 0; frame[j * 4 + 2] = 0; frame[j * 4 + 3] = 1 }
  writePose(body, 0, IX, frame, 0)
  const world = fkPose(SKELETON, ROOT, frame, 0)
  const s = hand === 'left' ? 0 : 1
  return {
    side: hand === 'left' ? 1 : -1,
    shoulder: world.positions[IX.arm[s]]!,
    girdle: world.rotations[IX.clav[s]]!,
    upper: SKELETON.joints[IX.fore[s]]!.offset,
    fore: SKELETON.joints[IX.hand[s]]!.offset
  }
}

function chainAt (b: ArmBase, a: ArmAngles): { elbow: Vec3, wrist: Vec3 } {
  const upper = quatMultiply(b.girdle, armQuat(b.side, a.flex, a.abduct, a.twist))
  const u = quatRotate(upper, b.upper)
  const elbow: Vec3 = [b.shoulder[0] + u[0], b.shoulder[1] + u[1], b.shoulder[2] + u[2]]
  const f = quatRotate(quatMultiply(upper, quatFromAxisAngleRad(Y, (-b.side * a.elbow * Math.PI) / 180)), b.fore)
  return { elbow, wrist: [elbow[0] + f[0], elbow[1] + f[1], elbow[2] + f[2]] }
}

/** The point between the lips (reference skeleton, standing at the origin facing +Z) with the body posed as `body`. */
export function mouthAt (body: PartialPose = {}): Vec3 {
  for (let j = 0; j < SKELETON.joints.length; j++) { frame[j * 4] = 0; frame[j * 4 + 1] = 0; frame[j * 4 + 2] = 0; frame[j * 4 + 3] = 1 }
  writePose(pose(body), 0, IX, frame, 0)
  const world = fkPose(SKELETON, ROOT, frame, 0)
  const head = world.positions[IX.head]!
  const d = quatRotate(world.rotations[IX.head]!, MOUTH)
  return [head[0] + d[0], head[1] + d[1], head[2] + d[2]]
}

/** Elbow and wrist positions (reference skeleton, standing root at the origin, facing +Z) of `body` with the arm at `a`. */
export function armAt (hand: Hand, a: ArmAngles, body: PartialPose = {}): { elbow: Vec3, wrist: Vec3 } {
  return chainAt(armBase(hand, pose(body)), a)
}

/** Solves the 4×4 system m·x = v by Gaussian elimination with partial pivoting. */
function solve4 (m: number[][], v: number[]): number[] {
  const a = m.map((row, i) => [...row, v[i]!])
  for (let c = 0; c < 4; c++) {
    let p = c
    for (let r = c + 1; r < 4; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r
    ;[a[c], a[p]] = [a[p]!, a[c]!]
    for (let r = c + 1; r < 4; r++) {
      const f = a[r]![c]! / a[c]![c]!
      for (let k = c; k < 5; k++) a[r]![k]! -= f * a[c]![k]!
    }
  }
  const x = [0, 0, 0, 0]
  for (let r = 3; r >= 0; r--) {
    let s = a[r]![4]!
    for (let k = r + 1; k < 4; k++) s -= a[r]![k]! * x[k]!
    x[r] = s / a[r]![r]!
  }
  return x
}

// The elbow hint weighs 0.5 % of the wrist target: it only picks the swivel of the arm about the shoulder–wrist line.
const ELBOW_WEIGHT = Math.sqrt(0.005)

/** Where a relaxed elbow sits for a wrist target: below the shoulder–wrist line, a little outward. */
function naturalElbow (b: ArmBase, target: Vec3): Vec3 {
  const sh = b.shoulder
  const to: Vec3 = [target[0] - sh[0], target[1] - sh[1], target[2] - sh[2]]
  const len = Math.hypot(to[0], to[1], to[2]) || 1
  const d: Vec3 = [0.5 * to[0] / len + 0.35 * b.side, 0.5 * to[1] / len - 0.6, 0.5 * to[2] / len]
  const k = Math.hypot(b.upper[0], b.upper[1], b.upper[2]) / Math.hypot(d[0], d[1], d[2])
  return [sh[0] + k * d[0], sh[1] + k * d[1], sh[2] + k * d[2]]
}

export interface ReachOptions {
  /** Channels the arm hangs from (trunk lean and twist, clavicle); default neutral. */
  body?: PartialPose
  /** Where the elbow should be, roughly; default a relaxed elbow below and outside the shoulder–wrist line. */
  elbow?: Vec3
}

/**
 * Arm angles placing the wrist at `target` (metres, reference skeleton standing at the origin facing +Z), starting
 * from `start`. A target out of reach gives the closest reachable wrist.
 */
export function reachFor (hand: Hand, target: Vec3, start: ArmAngles, options: ReachOptions = {}): ArmAngles {
  const base = armBase(hand, pose(options.body ?? {}))
  const hint = options.elbow ?? naturalElbow(base, target)
  const residual = (q: { elbow: Vec3, wrist: Vec3 }) => [
    target[0] - q.wrist[0], target[1] - q.wrist[1], target[2] - q.wrist[2],
    ELBOW_WEIGHT * (hint[0] - q.elbow[0]), ELBOW_WEIGHT * (hint[1] - q.elbow[1]), ELBOW_WEIGHT * (hint[2] - q.elbow[2])
  ]
  let a = { ...start }
  const h = 0.5
  for (let iter = 0; iter < 60; iter++) {
    const r = residual(chainAt(base, a))
    const J = VARS.map(v => {
      const q = residual(chainAt(base, { ...a, [v]: a[v] + h }))
      return q.map((x, k) => (r[k]! - x) / h)
    })
    const m = VARS.map((_, i) => VARS.map((_, j) => J[i]!.reduce((s, x, k) => s + x * J[j]![k]!, 0) + (i === j ? DAMPING : 0)))
    const d = solve4(m, VARS.map((_, i) => J[i]!.reduce((s, x, k) => s + x * r[k]!, 0)))
    // At most 20° per iteration keeps the linearisation honest far from the solution.
    const scale = Math.min(1, 20 / Math.max(...d.map(Math.abs)))
    a = {
      flex: a.flex + d[0]! * scale,
      abduct: a.abduct + d[1]! * scale,
      twist: a.twist + d[2]! * scale,
      elbow: Math.min(ELBOW_RANGE[1], Math.max(ELBOW_RANGE[0], a.elbow + d[3]! * scale))
    }
    if (Math.max(...d.map(Math.abs)) * scale < 0.05) break
  }
  return a
}

/** The arm channels of `a` for one hand, ready to spread into a pose. */
export function armAngles (hand: Hand, a: ArmAngles): PartialPose {
  const ch = channelsOf(hand)
  return { [ch.flex]: a.flex, [ch.abduct]: a.abduct, [ch.twist]: a.twist, [ch.elbow]: a.elbow }
}

const RELAXED: ArmAngles = { flex: 30, abduct: 15, twist: 0, elbow: 60 }
// Bounded: every seed and variant brings its own carriage, so a long-running worker would otherwise collect them all.
const KEPT = 4096
const solved = new Map<string, PartialPose>()

/**
 * The arm channels that put `hand`'s wrist at `target` (reference-skeleton metres, standing, facing +Z).
 * Actions ask for the same few hand positions over and over, so recent solutions are kept.
 */
export function reach (hand: Hand, target: Vec3, options: ReachOptions = {}): PartialPose {
  const key = JSON.stringify([hand, target, options])
  let out = solved.get(key)
  if (out === undefined) {
    out = armAngles(hand, reachFor(hand, target, RELAXED, options))
    if (solved.size >= KEPT) solved.delete(solved.keys().next().value!)
    solved.set(key, out)
  }
  return { ...out }
}
