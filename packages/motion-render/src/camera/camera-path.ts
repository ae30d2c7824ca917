// The camera for every frame, per camMode: 0 cinematic (follows the hips, smoothed without lag so the character
// stays centred), 1 fixed (one position framing the whole motion; the character moves across the frame),
// 2 face (follows chest and head closely so the torso and face fill the frame). camHorizontalAngle orbits the
// camera around the vertical axis: 0 looks at the character's front (+Z), positive angles move the camera towards
// the character's left (+X).
import { lookAt, multiply, perspective, type Mat4, type Vec3 } from '../math/mat4.js'
import type { CharacterTrack } from './character-track.js'

export type CamMode = 0 | 1 | 2

export interface CameraOptions {
  mode: CamMode
  horizontalAngle: number
  width: number
  height: number
  fps: number
}

export interface CameraFrame {
  eye: Vec3
  target: Vec3
  viewProjection: Mat4
}

const FOV_Y = (30 * Math.PI) / 180

/** Zero-phase Gaussian smoothing: no lag in steady motion, no jitter from steps. */
function smooth (points: Vec3[], sigmaFrames: number): Vec3[] {
  const n = points.length
  if (sigmaFrames <= 0 || n < 3) return points.map((p) => [...p] as Vec3)
  const radius = Math.ceil(sigmaFrames * 3)
  const weights = Array.from({ length: radius * 2 + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigmaFrames ** 2)))
  const at = (i: number): number => Math.min(n - 1, Math.max(0, i))
  // Beyond the ends the path is extended by point reflection about the end sample, so a character walking
  // steadily stays centred up to the last frame.
  const sample = (i: number, c: number): number => {
    if (i < 0) return 2 * points[0]![c]! - points[at(-i)]![c]!
    if (i >= n) return 2 * points[n - 1]![c]! - points[at(2 * (n - 1) - i)]![c]!
    return points[i]![c]!
  }
  return points.map((_, f) => {
    const out: Vec3 = [0, 0, 0]
    let total = 0
    for (let k = -radius; k <= radius; k++) {
      const w = weights[k + radius]!
      for (let c = 0; c < 3; c++) out[c]! += w * sample(f + k, c)
      total += w
    }
    return [out[0] / total, out[1] / total, out[2] / total]
  })
}

function orbit (target: Vec3, distance: number, lift: number, angleDegrees: number): Vec3 {
  const a = (angleDegrees * Math.PI) / 180
  return [target[0] + distance * Math.sin(a), target[1] + lift, target[2] + distance * Math.cos(a)]
}

export function cameraPath (track: CharacterTrack, options: CameraOptions): CameraFrame[] {
  const aspect = options.width / options.height
  const projection = perspective(FOV_Y, aspect, 0.05, 100)
  const tanHalf = Math.tan(FOV_Y / 2)
  const h = track.height
  const frame = (eye: Vec3, target: Vec3): CameraFrame => ({ eye, target, viewProjection: multiply(projection, lookAt(eye, target)) })
  const restHips = track.hips[0]?.[1] ?? h * 0.53

  if (options.mode === 2) {
    const focus = smooth(track.chest.map((c, f) => {
      const head = track.head[f]!
      return [c[0] * 0.45 + head[0] * 0.55, c[1] * 0.45 + head[1] * 0.55 + h * 0.03, c[2] * 0.45 + head[2] * 0.55] as Vec3
    }), options.fps * 0.2)
    // Visible height ≈ 0.5 of the body: from mid-torso to just above the head.
    const distance = (h * 0.5) / (2 * tanHalf)
    return focus.map((target) => frame(orbit(target, distance, h * 0.02, options.horizontalAngle), target))
  }

  const distance = (h * 1.35) / (2 * tanHalf)
  const lift = h * 0.12
  if (options.mode === 1) {
    const xs = track.hips.map((p) => p[0]); const zs = track.hips.map((p) => p[2])
    const centre: Vec3 = [(Math.min(...xs) + Math.max(...xs)) / 2, h * 0.5, (Math.min(...zs) + Math.max(...zs)) / 2]
    const reach = Math.max(...track.hips.map((p) => Math.hypot(p[0] - centre[0], p[2] - centre[2])))
    // Far enough that the whole path, plus half a body on each side, stays inside the horizontal field of view.
    const fixedDistance = Math.max(distance, (reach + h * 0.5) / (tanHalf * aspect) + reach)
    const eye = orbit(centre, fixedDistance, lift, options.horizontalAngle)
    const still = frame(eye, centre)
    return track.hips.map(() => still)
  }

  const targets = smooth(track.hips.map((p) => [p[0], h * 0.5 + (p[1] - restHips) * 0.8, p[2]] as Vec3), options.fps * 0.4)
  return targets.map((target) => frame(orbit(target, distance, lift, options.horizontalAngle), target))
}
