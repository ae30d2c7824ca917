// Timeline → clip: runs each action in its own local frame, places it where the previous one ended, blends the
// transition, layers upper-body overlays, adds style posture and secondary motion, then solves legs by IK.
import type { MotionClip, Quat, Skeleton, Vec3 } from '../clip.js'
import { fkPose } from '../fk.js'
import { solveTwoBone } from '../ik.js'
import { clampFrame, limitsFor } from '../joint-limits.js'
import { quatFromAxisAngleRad, quatMultiply } from '../math/quat.js'
import type { ActionSpec, TimelineEntry } from '../prompt/plan.js'
import type { Emotion } from '../prompt/action-parameters.js'
import { ACTIONS } from '../actions/library.js'
import { bodyExtent, lowestPoint } from '../body-extent.js'
import { ANKLE_HEIGHT, jointIndex, skeletonScale } from '../skeleton.js'
import type { FootTarget, Posture } from './action-clip.js'
import { blendWindow, layer, transitionWeight } from './blending.js'
import { CHANNELS, addPose, mixPose, poseIndices, writePose } from './pose-spec.js'
import type { PoseSpec } from './pose-spec.js'
import { createRandom, hashSeed } from './random.js'
import type { Random } from './random.js'
import { applySecondary, createSecondaryState } from './secondary.js'
import { styleFor } from './style.js'
import { emptyPlan, recordContacts } from '../post/contact-plan.js'
import type { ContactPlan } from '../post/contact-plan.js'
import { flattenToes } from './toe-contact.js'
import { placeOnSupports } from './support-placement.js'
import type { Style } from './style.js'

export interface ComposeInput {
  timeline: TimelineEntry[]
  skeleton: Skeleton
  fps: number
  seed: number
  variantIndex: number
  /** Called after each action is synthesized (progress, abort checks). */
  afterAction?: (index: number) => Promise<void>
}

interface State { pos: Vec3, heading: number, feet: [Vec3, Vec3], posture: Posture, pose: PoseSpec | null, rootY: number }

function toLocal (p: Vec3, origin: Vec3, heading: number): Vec3 {
  const dx = p[0] - origin[0]
  const dz = p[2] - origin[2]
  const c = Math.cos(heading)
  const s = Math.sin(heading)
  return [c * dx - s * dz, p[1], s * dx + c * dz]
}

function toWorld (p: Vec3, origin: Vec3, heading: number): Vec3 {
  const c = Math.cos(heading)
  const s = Math.sin(heading)
  return [origin[0] + c * p[0] + s * p[2], p[1], origin[2] - s * p[0] + c * p[2]]
}

function footWorldRotation (yaw: number, pitchDeg: number): Quat {
  return quatMultiply(quatFromAxisAngleRad([0, 1, 0], yaw), quatFromAxisAngleRad([1, 0, 0], (pitchDeg * Math.PI) / 180))
}

const GAITS = new Set(['walk', 'jog', 'run', 'sneak'])

/** Two straight gaits in the same direction flow into each other without stopping ("walk then run"). */
function chainsGait (a: ActionSpec, b: ActionSpec): boolean {
  const backward = (x: ActionSpec) => x.direction === 'backward'
  return GAITS.has(a.kind) && GAITS.has(b.kind) && backward(a) === backward(b)
}

export interface ComposedMotion {
  clip: MotionClip
  /** Where each foot was planted, frame by frame, for post-processing to keep. */
  contacts: ContactPlan
}

export async function compose (input: ComposeInput): Promise<ComposedMotion> {
  const { skeleton, fps } = input
  const k = skeletonScale(skeleton)
  const ix = poseIndices(skeleton)
  const limits = limitsFor(skeleton)
  const J = skeleton.joints.length
  // Fitted poses rest the mannequin's skin on the floor, not its joints.
  const body = bodyExtent(skeleton)
  const legs = [0, 1].map(s => ({ upper: ix.upLeg[s]!, mid: ix.leg[s]!, end: ix.foot[s]! }))
  const footJoints = ['Left', 'Right'].map(side => ['Foot', 'ToeBase', 'Toe_End'].map(n => jointIndex(skeleton, side + n)))
  const styles = new Map<Emotion, Style>()
  const styleOf = (e: Emotion) => {
    let s = styles.get(e)
    if (s === undefined) {
      s = styleFor(e, createRandom(hashSeed(e, input.seed, input.variantIndex)), input.variantIndex)
      styles.set(e, s)
    }
    return s
  }
  const random: Random = createRandom(hashSeed('actions', input.seed, input.variantIndex))
  const half = 0.095 * k
  const state: State = { pos: [0, 0, 0], heading: 0, feet: [[half, 0, 0], [-half, 0, 0]], posture: 'standing', pose: null, rootY: 0.95 * k }
  const roots: number[] = []
  const rotations: number[] = []
  const secondary = createSecondaryState()
  let prevHeading = 0
  const contacts = emptyPlan()

  for (const [index, entry] of input.timeline.entries()) {
    const style = styleOf(entry.action.emotion)
    const local = (v: Vec3) => toLocal(v, state.pos, state.heading)
    const flow = {
      fromGait: index > 0 && chainsGait(input.timeline[index - 1]!.action, entry.action),
      intoGait: index + 1 < input.timeline.length && chainsGait(entry.action, input.timeline[index + 1]!.action)
    }
    const ctx = { style, random, fps, scale: k, feet: [local(state.feet[0]), local(state.feet[1])] as [Vec3, Vec3], posture: state.posture, flow }
    const overlay = entry.overlay === undefined ? undefined : ACTIONS[entry.overlay.kind]({ ...ctx, spec: entry.overlay })
    // A held posture under a gesture lasts as long as the gesture.
    const spec = overlay !== undefined && entry.action.kind === 'idle' && entry.action.durationSeconds === undefined
      ? { ...entry.action, durationSeconds: overlay.poses.length / fps }
      : entry.action
    const clip = ACTIONS[spec.kind]({ ...ctx, spec })
    if (clip.support !== undefined) {
      clip.root = placeOnSupports(clip, { skeleton, ix, limits, body, posture: style.posture, feet: ctx.feet, fps })
      clip.ground = 'explicit'
      clip.footMode = 'free'
      clip.pivotFoot = 'none'
    }
    if (overlay !== undefined) layer(clip, overlay, fps)
    const n = clip.poses.length
    const blend = state.pose === null ? 0 : blendWindow(fps, n)
    const plantedFeet = state.feet.map(f => [f[0], ANKLE_HEIGHT * k, f[2]] as Vec3)
    const pivot = clip.pivotFoot ?? 'both'
    const pivotFeet = pivot === 'none' ? [] : pivot === 'both' ? [0, 1] : [pivot]
    const pivotTarget =
      pivotFeet.length === 0
        ? null
        : pivotFeet.reduce<Vec3>((a, i) => [a[0] + state.feet[i]![0] / pivotFeet.length, 0, a[2] + state.feet[i]![2] / pivotFeet.length], [0, 0, 0])
    let lastWorld: { positions: Vec3[] } | null = null
    // Per foot: planted, swinging along a synthesized path (false), or left to the pose channels (null).
    const planted: [boolean | null, boolean | null] = [null, null]
    const start = { pos: state.pos, heading: state.heading }
    for (let f = 0; f < n; f++) {
      const w = transitionWeight(f, blend)
      let p = addPose(clip.poses[f]!, style.posture)
      if (w < 1 && state.pose !== null) p = mixPose(state.pose, p, w)
      const heading = start.heading + clip.heading[f]!
      applySecondary(p, (heading - prevHeading) * fps, 1 / fps, style.phase, style.tempo, secondary)
      prevHeading = heading
      for (const c of CHANNELS) if (!Number.isFinite(p[c])) p[c] = 0
      const base = rotations.length
      for (let j = 0; j < J * 4; j++) rotations.push(0)
      const frame = new Float32Array(J * 4)
      // End sites (HeadTop_End, fingertips, toe ends) carry no pose channel and stay at identity.
      for (let j = 0; j < J; j++) frame[j * 4 + 3] = 1
      writePose(p, heading, ix, frame, 0)
      const rl = clip.root[f]!
      const rw = toWorld(rl, start.pos, start.heading)
      let root: Vec3 = [rw[0], clip.ground === 'fit' ? 0.95 * k : rl[1], rw[2]]
      if (w < 1 && clip.ground === 'explicit') root[1] = state.rootY + (root[1] - state.rootY) * w
      planted[0] = planted[1] = clip.footMode === 'planted' ? true : null
      if (clip.footMode === 'targets' || clip.footMode === 'planted') {
        for (const s of [0, 1] as const) {
          let target: FootTarget | null
          if (clip.footMode === 'targets') {
            const t = clip.feet![f]![s]
            target = t === null ? null : { pos: toWorld(t.pos, start.pos, start.heading), yaw: start.heading + t.yaw, pitch: t.pitch }
          } else {
            target = { pos: plantedFeet[s]!, yaw: start.heading, pitch: 0 }
          }
          if (target === null) continue
          if (clip.footMode === 'targets') planted[s] = clip.feet![f]![s]?.planted === true
          const fwd: Vec3 = [Math.sin(heading), 0, Math.cos(heading)]
          solveTwoBone(skeleton, root, frame, 0, legs[s]!, target.pos, fwd, footWorldRotation(target.yaw, target.pitch))
        }
      }
      // Joint limits may re-pitch a planted foot, so the toes are levelled after clamping (and clamped again).
      clampFrame(limits, frame, 0)
      flattenToes(skeleton, root, frame, 0, ix.foot, ix.toe, k)
      clampFrame(limits, frame, 0)
      let world = fkPose(skeleton, root, frame, 0)
      if (clip.footMode === 'free') {
        if (pivotTarget !== null) {
          const m = pivotFeet.reduce<Vec3>(
            (a, i) => {
              const q = world.positions[ix.foot[i]!]!
              return [a[0] + q[0] / pivotFeet.length, 0, a[2] + q[2] / pivotFeet.length]
            },
            [0, 0, 0]
          )
          root = [root[0] + pivotTarget[0] - m[0], root[1], root[2] + pivotTarget[2] - m[2]]
        }
        if (clip.ground === 'fit') {
          const lifted = (clip.fitExclude ?? []).flatMap(side => footJoints[side]!)
          root[1] -= lowestPoint(body, world, j => lifted.includes(j))
        }
        // Feet the action keeps planted while the body moves over them (the front foot of a kneel).
        for (const s of clip.plantFeet ?? []) {
          const fwd: Vec3 = [Math.sin(start.heading), 0, Math.cos(start.heading)]
          solveTwoBone(skeleton, root, frame, 0, legs[s]!, plantedFeet[s]!, fwd, footWorldRotation(start.heading, 0))
          planted[s] = true
        }
        flattenToes(skeleton, root, frame, 0, ix.foot, ix.toe, k)
        world = fkPose(skeleton, root, frame, 0)
      }
      for (let j = 0; j < J * 4; j++) rotations[base + j] = frame[j]!
      recordContacts(contacts, world, frame, ix.foot, ix.toe, planted, clip.glide === true)
      roots.push(root[0], root[1], root[2])
      lastWorld = world
      if (f === n - 1) {
        state.pose = p
        state.rootY = root[1]
        state.heading = heading
        state.pos = [root[0], 0, root[2]]
      }
    }
    if (lastWorld !== null) {
      const fp = (s: 0 | 1): Vec3 => { const q = lastWorld!.positions[ix.foot[s]!]!; return [q[0], 0, q[2]] }
      state.feet = [fp(0), fp(1)]
    }
    state.posture = clip.endPosture
    await input.afterAction?.(index)
  }
  const frameCount = roots.length / 3
  return { clip: { skeleton, fps, frameCount, rootTranslation: Float32Array.from(roots), rotations: Float32Array.from(rotations) }, contacts }
}
