// Upper-body actions driven straight from an ActionSpec (no prompt), standing or layered over a walk, and the
// body-relative hand tracks their tests measure.
import { createHumanoidSkeleton, fk, jointIndex, quatRotate } from '../../src/index.js'
import type { ActionSpec, MotionClip, Vec3 } from '../../src/index.js'
import { compose } from '../../src/synth/compose.js'

const skeleton = createHumanoidSkeleton()

export interface Take {
  clip: MotionClip
  fps: number
  frames: number
  /** Frames the action itself lasts (a walk under it goes on after it ends). */
  span: number
  /**
   * Joint position at a frame in the body frame of a clip facing +Z: horizontally relative to the hips, height
   * relative to the hips plus their standing height (0.95 m), so a walk's bob does not count.
   */
  at: (joint: string, f: number) => Vec3
  /** Centre of a palm (between the wrist and the knuckles), body frame. */
  palm: (side: 'Left' | 'Right', f: number) => Vec3
  /** A point 10 cm in front of the head joint, between the lips, body frame. */
  mouth: (f: number) => Vec3
  /** Direction the palm faces (unit vector, world). */
  palmFacing: (side: 'Left' | 'Right', f: number) => Vec3
  /** Direction the face points (unit vector, world). */
  facing: (f: number) => Vec3
  /** Root position, world. */
  root: (f: number) => Vec3
}

type Spec = Pick<ActionSpec, 'kind'> & Partial<ActionSpec>

export interface TakeOptions {
  /** Layered over a 9 s walk. */
  over?: 'walk'
  /** Followed by another action, standing. */
  then?: Spec
  variant?: number
}

/** The action standing, over a walk, or followed by another; variant 0 unless told. */
export async function take (spec: Spec, { over, then, variant = 0 }: TakeOptions = {}): Promise<Take> {
  const action: ActionSpec = { speed: 1, emotion: 'neutral', ...spec }
  const timeline = over === 'walk'
    ? [{ action: { kind: 'walk', speed: 1, emotion: 'neutral', durationSeconds: 9 } as ActionSpec, overlay: action }]
    : [{ action }, ...(then === undefined ? [] : [{ action: { speed: 1, emotion: 'neutral', ...then } as ActionSpec }])]
  const { clip } = await compose({ timeline, skeleton, fps: 30, seed: 3, variantIndex: variant })
  const alone = over === 'walk' || then !== undefined
  const span = alone ? (await compose({ timeline: [{ action }], skeleton, fps: 30, seed: 3, variantIndex: variant })).clip.frameCount : clip.frameCount
  const poses = Array.from({ length: clip.frameCount }, (_, f) => fk(clip, f))
  const hips = jointIndex(skeleton, 'Hips')
  const at = (joint: string, f: number): Vec3 => {
    const p = poses[f]!.positions[jointIndex(skeleton, joint)]!
    const h = poses[f]!.positions[hips]!
    return [p[0] - h[0], p[1] - h[1] + 0.95, p[2] - h[2]]
  }
  const palm = (side: 'Left' | 'Right', f: number): Vec3 => {
    const a = at(`${side}Hand`, f)
    const b = at(`${side}HandMiddle1`, f)
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]
  }
  const head = jointIndex(skeleton, 'Head')
  const mouth = (f: number): Vec3 => {
    const d = quatRotate(poses[f]!.rotations[head]!, [0, 0.02, 0.1])
    const h = at('Head', f)
    return [h[0] + d[0], h[1] + d[1], h[2] + d[2]]
  }
  const palmFacing = (side: 'Left' | 'Right', f: number) => quatRotate(poses[f]!.rotations[jointIndex(skeleton, `${side}Hand`)]!, [0, -1, 0])
  const facing = (f: number) => quatRotate(poses[f]!.rotations[head]!, [0, 0, 1])
  const root = (f: number): Vec3 => [clip.rootTranslation[f * 3]!, clip.rootTranslation[f * 3 + 1]!, clip.rootTranslation[f * 3 + 2]!]
  return { clip, fps: clip.fps, frames: clip.frameCount, span: Math.min(span, clip.frameCount), at, palm, mouth, palmFacing, facing, root }
}

export function distance (a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
}

export function range (values: number[]): number {
  return Math.max(...values) - Math.min(...values)
}

/** Speed of a body-frame track at frame f, m/s (central difference). */
export function speedAt (track: Vec3[], f: number, fps: number): number {
  const a = track[Math.max(0, f - 1)]!
  const b = track[Math.min(track.length - 1, f + 1)]!
  return distance(a, b) * fps / 2
}

/** Full turns a 2-D path makes around its own centre (signed, counterclockwise positive). */
export function turns (path: [number, number][]): number {
  const cx = path.reduce((s, p) => s + p[0], 0) / path.length
  const cy = path.reduce((s, p) => s + p[1], 0) / path.length
  let total = 0
  for (let i = 1; i < path.length; i++) {
    const a = Math.atan2(path[i - 1]![1] - cy, path[i - 1]![0] - cx)
    const b = Math.atan2(path[i]![1] - cy, path[i]![0] - cx)
    let d = b - a
    if (d > Math.PI) d -= 2 * Math.PI
    if (d < -Math.PI) d += 2 * Math.PI
    total += d
  }
  return total / (2 * Math.PI)
}

/** Rises of a signal by at least `prominence` from its last trough (hysteresis: each peak counts once). */
export function rises (values: number[], prominence: number): number {
  let count = 0
  let high = false
  let low = values[0]!
  let top = -Infinity
  for (const v of values) {
    if (!high) {
      low = Math.min(low, v)
      if (v - low >= prominence) { high = true; top = v; count++ }
    } else {
      top = Math.max(top, v)
      if (top - v >= prominence) { high = false; low = v }
    }
  }
  return count
}
