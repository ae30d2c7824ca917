// The option-driven post-processing every engine's raw clip goes through, in a fixed order:
// filter → foot locking → simulation → grounding → root placement.
import type { MotionClip } from '../clip.js'
import type { MotionOptions } from '../engine.js'
import { groundFeet, lockFeet } from './foot-lock.js'
import { filterRotations } from './pose-filter.js'
import { placeRoot } from './root-placement.js'
import { simulate } from './simulation.js'

export const POSTPROCESS_STEPS = 5

export async function postprocess (clip: MotionClip, options: MotionOptions, step: () => Promise<void>): Promise<MotionClip> {
  let c = filterRotations(clip, options.poseFilteringStrength)
  await step()
  c = lockFeet(c, options.footLockingMode)
  await step()
  if (options.simulation) c = simulate(c, { floor: options.footLockingMode !== 'never' }).clip
  await step()
  if (options.footLockingMode !== 'never') c = groundFeet(c)
  await step()
  c = placeRoot(c, options.rootAtOrigin)
  await step()
  return c
}
