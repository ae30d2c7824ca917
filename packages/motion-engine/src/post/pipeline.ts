// The option-driven post-processing every engine's raw clip goes through, in a fixed order:
// filter → contacts (planned or detected ones re-applied, others locked) → simulation → grounding → root placement.
// Filtering first and re-applying contacts after it is what keeps smoothing from sliding a planted foot.
import type { MotionClip } from '../clip.js'
import type { MotionOptions } from '../engine.js'
import { applyContacts } from './contact-plan.js'
import { detectContacts } from './detected-plan.js'
import type { ContactPlan } from './contact-plan.js'
import { groundFeet, lockFeet } from './foot-lock.js'
import { filterRotations } from './pose-filter.js'
import { jerkWeight, keepPlantsInReach, smoothPlan } from './plan-filter.js'
import { placeRoot } from './root-placement.js'
import { simulate } from './simulation.js'

export const POSTPROCESS_STEPS = 5

/**
 * `plan`: contacts the synthesizer planned (the builtin engine has them; a learned model's clip does not, and its
 * contacts are detected instead).
 */
export async function postprocess (clip: MotionClip, options: MotionOptions, step: () => Promise<void>, plan?: ContactPlan): Promise<MotionClip> {
  const mode = options.footLockingMode
  const filtering = options.poseFilteringStrength > 0
  // Filtered, the swinging feet follow the plan's smoothed swing paths all the way (they join the plants exactly);
  // unfiltered, only the frames next to a plant are touched.
  const ramp = filtering ? Infinity : 2
  // Without planned contacts, filtering would move the feet before any could be found: they are found first (on
  // the unfiltered clip) and put back after it like planned ones. Grounding follows only planned step heights.
  const planned = plan
  if (plan === undefined && filtering && (mode === 'auto' || mode === 'always')) plan = detectContacts(clip, mode)
  if (plan !== undefined && filtering) plan = smoothPlan(plan, jerkWeight(options.poseFilteringStrength, clip.fps))
  let c = filterRotations(clip, options.poseFilteringStrength)
  if (plan !== undefined && filtering) c = keepPlantsInReach(c, plan)
  await step()
  if (mode === 'auto' || mode === 'always') {
    let held: boolean[][] | undefined
    if (plan !== undefined) {
      ({ clip: c, held } = applyContacts(c, plan, mode === 'always', ramp))
      // A planned swing is in the air even where it passes low and slow over the floor: locking never freezes it.
      held = held.map((track, side) => track.map((h, f) => h || plan![side]![f]?.planted === false))
    }
    c = lockFeet(c, mode, held)
  }
  await step()
  if (options.simulation) {
    c = simulate(c, { floor: mode !== 'never' }).clip
    // The simulation's balance and self-collision fixes move the body; planted feet go back where they were.
    if (plan !== undefined && (mode === 'auto' || mode === 'always')) c = applyContacts(c, plan, mode === 'always', filtering ? ramp : 0).clip
  }
  await step()
  if (mode !== 'never') c = groundFeet(c, planned?.map(track => track.map(e => (e === null || e === undefined ? null : e.planted ? e.ankle[1] : NaN))))
  await step()
  c = placeRoot(c, options.rootAtOrigin)
  await step()
  return c
}
