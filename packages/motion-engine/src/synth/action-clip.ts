// What every action synthesizer receives and returns. Positions are in the action's local frame: origin at the
// root's ground position when the action starts, +Z = the heading at that moment.
import type { Vec3 } from '../clip.js'
import type { ActionParameters } from '../prompt/action-parameters.js'
import type { Channel, PoseSpec } from './pose-spec.js'
import type { Random } from './random.js'
import type { Style } from './style.js'

/** `prone`: lying face down. */
export type Posture = 'standing' | 'sitting' | 'lying' | 'prone' | 'crouching' | 'kneeling' | 'crawling' | 'chair'

/** A body part that can bear weight on the floor; a roll rests on the upper back, then the pelvis. */
export type SupportPart = 'lFoot' | 'rFoot' | 'lHand' | 'rHand' | 'lKnee' | 'rKnee' | 'upperBack' | 'pelvis'

export interface FootTarget {
  /** Ankle position, local frame. */
  pos: Vec3
  /** Foot yaw relative to the action's start heading, radians. */
  yaw: number
  /** Foot pitch in degrees, positive = toes down. */
  pitch: number
  /** The foot is on the ground (stance): post-processing keeps it exactly here. */
  planted?: boolean
}

export interface ActionContext {
  spec: ActionParameters
  style: Style
  random: Random
  fps: number
  /** Skeleton size relative to the 1.75 m reference. */
  scale: number
  /** Ankle ground positions ([left, right], y = 0) where the previous action left the feet, local frame. */
  feet: [Vec3, Vec3]
  posture: Posture
  /**
   * Locomotion flow: the previous action was a gait in the same direction (start mid-stride), or the next one is
   * (end mid-stride, without the closing step).
   */
  flow?: { fromGait: boolean, intoGait: boolean }
}

export interface ActionClip {
  poses: PoseSpec[]
  /** Root (hips) position per frame; y is absolute height unless `ground` is 'fit'. */
  root: Vec3[]
  /** Heading change since the action started, radians, positive = turned left. */
  heading: number[]
  /**
   * 'targets': legs solved by IK to `feet`; 'planted': feet stay where the previous action left them;
   * 'free': legs follow the pose channels.
   */
  footMode: 'targets' | 'planted' | 'free'
  feet?: [FootTarget | null, FootTarget | null][]
  /** 'fit' lowers/raises the root each frame so the lowest body point touches the floor. */
  ground: 'fit' | 'explicit'
  endPosture: Posture
  /**
   * With footMode 'free': which feet keep their carried ground position by shifting the root ('both' default,
   * a single foot for kicks, 'none' for actions that travel such as crawling).
   */
  pivotFoot?: 'both' | 0 | 1 | 'none'
  /** With footMode 'free': feet held flat where the action started (legs solved by IK after the body is placed). */
  plantFeet?: (0 | 1)[]
  /** With ground 'fit': feet that do not hold the body up (a foot stepping back in the air while kneeling). */
  fitExclude?: (0 | 1)[]
  /** Planted feet are meant to slide (spins, shuffles): `auto` foot locking lets them glide. */
  glide?: boolean
  /**
   * Acrobatics: per frame, the parts bearing the body's weight (none = flight). Compose then places the root itself
   * (see support-placement.ts): the body rests on the floor and pivots about its supports, and flies ballistically.
   */
  support?: SupportPart[][]
  /** For upper-body overlays: the channels this action drives. */
  channels?: readonly Channel[]
}

export type ActionSynth = (ctx: ActionContext) => ActionClip

/** Frames for a duration scaled by tempo (at least 2). */
export function frameCount (seconds: number, ctx: ActionContext): number {
  return Math.max(2, Math.round((seconds / (ctx.style.tempo * ctx.spec.speed)) * ctx.fps))
}
