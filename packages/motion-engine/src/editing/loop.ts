// Loop making (the API's loopRequest). A cycle is cut from the clip so that its last frame flows into its first:
// the last `blend` frames cross-fade (smootherstep, zero slope at both ends) from the clip's own end into its
// beginning, placed where the end is, so the step across the seam is one of the clip's own steps — pose and
// velocity stay continuous. Repetitions are chained by the same rigid placement (the cycle's drift in position,
// height and heading), unless fix flags remove that drift from the root first.
import type { MotionClip, Quat, Vec3 } from '../clip.js'
import { headingAt, readRoot, readRotation, resampleClip } from '../clip-ops.js'
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { quatFromAxisAngleRad, quatMultiply, quatRotate, quatSlerp } from '../math/quat.js'
import { smootherstep } from '../synth/easing.js'

export type FixRootMode = 'INTERPOLATION' | 'LOCKED'

export interface LoopOptions {
  numReps: number
  /** Cross-fade frames at the seam; clamped to a third of the clip. */
  blendFrames: number
  /** INTERPOLATION spreads the root's drift over the fixed span; LOCKED holds the root at its first-frame value. */
  fixRootMode?: FixRootMode
  fixRootPositionAltitude?: boolean
  fixRootPositionHorizontal?: boolean
  fixRootOrientation?: boolean
  /** Fix over the whole cycle; otherwise only over the seam window (the last blend span before the seam). */
  fixAcrossEntireMotion?: boolean
}

interface Placement { yaw: number, offset: Vec3 }

function wrap (a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a))
}

function place (p: Vec3, q: Quat, t: Placement, origin: Vec3): { p: Vec3, q: Quat } {
  const d = quatRotate(quatFromAxisAngleRad([0, 1, 0], t.yaw), [p[0] - origin[0], 0, p[2] - origin[2]])
  return { p: [origin[0] + d[0] + t.offset[0], p[1] + t.offset[1], origin[2] + d[2] + t.offset[2]], q: quatMultiply(quatFromAxisAngleRad([0, 1, 0], t.yaw), q) }
}

/** Removes the root's drift between frame 0 and frame `L`, as the fix flags ask; `window` frames before L when not across the entire motion. */
export function fixRootDrift (clip: MotionClip, L: number, window: number, o: LoopOptions): MotionClip {
  const fixH = o.fixRootPositionHorizontal === true
  const fixY = o.fixRootPositionAltitude === true
  const fixR = o.fixRootOrientation === true
  if (!fixH && !fixY && !fixR) return clip
  const J = clip.skeleton.joints.length
  const root = Float32Array.from(clip.rootTranslation)
  const rot = Float32Array.from(clip.rotations)
  const start = readRoot(clip, 0)
  const end = readRoot(clip, Math.min(L, clip.frameCount - 1))
  const yaw0 = headingAt(clip, 0)
  const yawDrift = wrap(headingAt(clip, Math.min(L, clip.frameCount - 1)) - yaw0)
  const locked = o.fixRootMode === 'LOCKED'
  const ramp = (f: number): number => {
    if (o.fixAcrossEntireMotion === true) return locked ? 1 : Math.min(1, f / L)
    return smootherstep((f - (L - window)) / window)
  }
  for (let f = 0; f < clip.frameCount; f++) {
    const w = ramp(f)
    const p = readRoot(clip, f)
    if (fixH) {
      for (const c of [0, 2]) root[f * 3 + c] = locked ? p[c]! + (start[c]! - p[c]!) * w : p[c]! - (end[c]! - start[c]!) * w
    }
    if (fixY) root[f * 3 + 1] = locked ? p[1] + (start[1] - p[1]) * w : p[1] - (end[1] - start[1]) * w
    if (fixR) {
      const correction = locked ? -wrap(headingAt(clip, f) - yaw0) * w : -yawDrift * w
      rot.set(quatMultiply(quatFromAxisAngleRad([0, 1, 0], correction), readRotation(clip, f, 0)), f * J * 4)
    }
  }
  return { ...clip, rootTranslation: root, rotations: rot }
}

/** One seamless cycle of the clip plus the first frame of the next repetition (N + 1 frames, N = the clip's length). */
function closedCycle (clip: MotionClip, B: number): MotionClip {
  const N = clip.frameCount
  const J = clip.skeleton.joints.length
  const L = N - B
  const origin = readRoot(clip, 0)
  const atL = readRoot(clip, L)
  const next: Placement = { yaw: wrap(headingAt(clip, L) - headingAt(clip, 0)), offset: [atL[0] - origin[0], atL[1] - origin[1], atL[2] - origin[2]] }
  const root = new Float32Array((L + 1) * 3)
  const rot = new Float32Array((L + 1) * J * 4)
  for (let i = 0; i <= L; i++) {
    const f = B + i
    const k = f - L
    if (k < 0 || i === L) {
      const src = i === L ? place(readRoot(clip, B), readRotation(clip, B, 0), next, origin) : { p: readRoot(clip, f), q: readRotation(clip, f, 0) }
      root.set(src.p, i * 3)
      for (let j = 0; j < J; j++) rot.set(j === 0 ? src.q : readRotation(clip, i === L ? B : f, j), (i * J + j) * 4)
      continue
    }
    const w = B === 1 ? 1 : smootherstep(k / (B - 1))
    const moved = place(readRoot(clip, k), readRotation(clip, k, 0), next, origin)
    const own = readRoot(clip, f)
    root.set([own[0] + (moved.p[0] - own[0]) * w, own[1] + (moved.p[1] - own[1]) * w, own[2] + (moved.p[2] - own[2]) * w], i * 3)
    for (let j = 0; j < J; j++) rot.set(quatSlerp(readRotation(clip, f, j), j === 0 ? moved.q : readRotation(clip, k, j), w), (i * J + j) * 4)
  }
  // Resampled with the wrap frame included, so the step across the seam is scaled like every other step.
  return resampleClip({ ...clip, frameCount: L + 1, rootTranslation: root, rotations: rot }, N + 1)
}

/** The clip as a seamless loop repeated `numReps` times; each repetition lasts as long as the source clip. */
export function makeLoop (clip: MotionClip, options: LoopOptions): MotionClip {
  const reps = options.numReps
  if (!Number.isInteger(reps) || reps < 1 || reps > 100) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'numReps must be an integer from 1 to 100')
  if (clip.frameCount < 6) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'a loop needs a clip of at least 6 frames')
  const B = Math.max(2, Math.min(Math.round(options.blendFrames), Math.floor(clip.frameCount / 3)))
  const N = clip.frameCount
  const J = clip.skeleton.joints.length
  // The drift the fix flags remove is the cycle's own: from its first frame to the next repetition's first frame.
  const closed = fixRootDrift(closedCycle(clip, B), N, B, options)
  const cycle = { ...closed, frameCount: N, rootTranslation: closed.rootTranslation.slice(0, N * 3), rotations: closed.rotations.slice(0, N * J * 4) }
  const origin = readRoot(closed, 0)
  const wrapFrame = readRoot(closed, N)
  const next: Placement = {
    yaw: wrap(headingAt(closed, N) - headingAt(closed, 0)),
    offset: [wrapFrame[0] - origin[0], wrapFrame[1] - origin[1], wrapFrame[2] - origin[2]]
  }
  const root = new Float32Array(reps * N * 3)
  const rot = new Float32Array(reps * N * J * 4)
  let at: Placement = { yaw: 0, offset: [0, 0, 0] }
  for (let r = 0; r < reps; r++) {
    for (let i = 0; i < N; i++) {
      const placed = place(readRoot(cycle, i), readRotation(cycle, i, 0), at, origin)
      root.set(placed.p, (r * N + i) * 3)
      rot.set(cycle.rotations.subarray(i * J * 4, (i + 1) * J * 4), (r * N + i) * J * 4)
      rot.set(placed.q, (r * N + i) * J * 4)
    }
    // Compose: the next repetition starts where this one's wrap frame is, turned by its accumulated heading.
    const d = quatRotate(quatFromAxisAngleRad([0, 1, 0], at.yaw), next.offset)
    at = { yaw: at.yaw + next.yaw, offset: [at.offset[0] + d[0], at.offset[1] + next.offset[1], at.offset[2] + d[2]] }
  }
  return { ...clip, frameCount: reps * N, rootTranslation: root, rotations: rot }
}
