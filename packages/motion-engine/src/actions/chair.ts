// Sitting on a chair behind the character and standing up from it: the pelvis settles at seat height while the
// feet stay where they stand (unlike sitting on the floor, which lowers the body onto it).
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { IN_PLACE, keyed } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { armPose } from './channels.js'

/** Hips height when seated on a 45 cm seat (the hips joint sits about 8 cm above the seat). */
export const CHAIR_HIPS = 0.53

export const CHAIR_SEATED: PartialPose = { lHipFlex: 88, rHipFlex: 88, lKnee: 85, rKnee: 85, spineFlex: 4, pelvisPitch: -4 }

/** Sits down on a chair behind the character: the pelvis settles at seat height, the feet stay where they stand. */
export function sitChair (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const hold = ctx.spec.durationSeconds ?? 1.5
  const seated: PartialPose = {
    ...CHAIR_SEATED,
    ...armPose('left', { flex: 30, abduct: 10, elbow: 50 }),
    ...armPose('right', { flex: 30, abduct: 10, elbow: 50 })
  }
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.7, pose: { ...seated, spineFlex: 30, pelvisPitch: 18 }, y: 0.7 * k, z: -0.12 * k },
    { t: 1.4, pose: seated, y: CHAIR_HIPS * k, z: -0.24 * k },
    { t: 1.4 + hold, pose: { ...seated, headFlex: -4 }, y: CHAIR_HIPS * k, z: -0.24 * k }
  ], { footMode: 'planted', ground: 'explicit', endPosture: 'chair' })
}

export function standFromChair (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const seated = CHAIR_SEATED
  return keyed(ctx, [
    { t: 0, pose: seated, y: CHAIR_HIPS * k, z: 0 },
    { t: 0.6, pose: { ...seated, spineFlex: 35, pelvisPitch: 20 }, y: (CHAIR_HIPS + 0.02) * k, z: 0.08 * k },
    { t: 1.4, pose: {}, y: 0.94 * k, z: 0.24 * k }
  ], IN_PLACE)
}

/** Seated on the chair for a while (gestures play over it). */
export function holdChair (ctx: ActionContext, seconds: number): ActionClip {
  const k = ctx.scale
  return keyed(
    ctx,
    [
      { t: 0, pose: CHAIR_SEATED, y: CHAIR_HIPS * k },
      { t: seconds, pose: CHAIR_SEATED, y: CHAIR_HIPS * k }
    ],
    { footMode: 'planted', ground: 'explicit', endPosture: 'chair' }
  )
}
