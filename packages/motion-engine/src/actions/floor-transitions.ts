// Getting down to the floor and back up through the supports a person really uses: kneeling with the hands on the
// floor, from crawling up onto the knees, lying down on the front, and getting up from lying (on the back or the
// front), sitting, kneeling, crawling or crouching, with or without pushing off the floor with the hands.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { bothArms } from './channels.js'
import { CRAWL, KNEEL, LYING, PRONE, SEATED, SQUAT } from './postures.js'
import { supportedKeys } from './supported-keys.js'
import type { SupportSpan } from './supported-keys.js'

const FEET = ['lFoot', 'rFoot'] as const
const HANDS = ['lHand', 'rHand'] as const
const KNEES = ['lKnee', 'rKnee'] as const

/** Bent over a deep squat, palms reaching the floor in front of the feet. */
const REACH_DOWN: PartialPose = {
  ...SQUAT,
  lHipFlex: 110,
  rHipFlex: 110,
  lKnee: 140,
  rKnee: 140,
  lAnkle: -40,
  rAnkle: -40,
  spineFlex: 55,
  pelvisPitch: 30,
  ...bothArms(80, 8, 5, -10),
  headFlex: -5
}
/** On both knees, trunk upright, toes tucked under. */
const TALL_KNEEL: PartialPose = { lHipFlex: 5, rHipFlex: 5, lKnee: 100, rKnee: 100, lAnkle: 50, rAnkle: 50, spineFlex: 4, ...bothArms(10, 12, 20) }
/** Pushed up on straight arms from lying face down, knees on the floor. */
const PUSH_UP: PartialPose = {
  pelvisPitch: 62,
  lHipFlex: 30,
  rHipFlex: 30,
  lKnee: 60,
  rKnee: 60,
  lAnkle: 45,
  rAnkle: 45,
  spineFlex: -8,
  neckFlex: -30,
  headFlex: -10,
  ...bothArms(75, 18, 8, -70)
}

function span (until: number, ...parts: SupportSpan['parts']): SupportSpan {
  return { until, parts }
}

/** The right leg stepping back to go down onto its knee, the left foot standing. */
const STEP_BACK: PartialPose = { lHipFlex: 25, lKnee: 30, lAnkle: -5, rHipFlex: -20, rKnee: 75, rAnkle: 20, spineFlex: 10 }
/** Down on the right knee, the left foot forward, bent over with both hands on the floor beside the front foot. */
export const LUNGE_HANDS: PartialPose = {
  // 100°, not more: with the back knee and the hands on the floor, a thigh drawn further up lifts the front sole.
  lHipFlex: 100,
  lKnee: 110,
  lAnkle: -40,
  rHipFlex: 26,
  rKnee: 100,
  rAnkle: 45,
  pelvisPitch: 30,
  spineFlex: 75,
  ...bothArms(95, 18, 5),
  neckFlex: -10,
  headFlex: -15
}

/** Kneels down on the right knee with the hands on the floor for support (`style: 'withHands'`). */
export function kneelWithHands (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  return supportedKeys(ctx, [
    { t: 0, pose: {} },
    { t: 0.45, pose: STEP_BACK },
    { t: 1.1, pose: LUNGE_HANDS },
    { t: 1.5, pose: LUNGE_HANDS },
    { t: 2.2, pose: KNEEL },
    { t: 2.2 + hold, pose: { ...KNEEL, headFlex: 10 } }
  ], [span(0.15, ...FEET), span(0.95, 'lFoot'), span(1.75, 'lFoot', 'rKnee', ...HANDS), span(2.2 + hold, 'lFoot', 'rKnee')], 'kneeling')
}

/** From hands and knees up onto the knees, then the left foot forward: kneeling on one knee. */
export function kneelFromCrawl (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  return supportedKeys(ctx, [
    { t: 0, pose: CRAWL },
    { t: 0.9, pose: TALL_KNEEL },
    // Weight onto the right knee, the left knee comes up high and the foot is set down in front.
    { t: 1.3, pose: { ...TALL_KNEEL, lHipFlex: 75, lKnee: 125, lAnkle: 10, spineFlex: 8 } },
    { t: 1.7, pose: KNEEL },
    { t: 1.7 + hold, pose: { ...KNEEL, headFlex: 10 } }
  ], [span(0.5, ...HANDS, ...KNEES), span(1.05, ...KNEES), span(1.55, 'rKnee'), span(1.7 + hold, 'lFoot', 'rKnee')], 'kneeling')
}

/** Lies down face down: bends down to the hands, onto the knees, and lowers the body between the hands. */
export function lieDownFront (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  return supportedKeys(ctx, [
    { t: 0, pose: {} },
    { t: 0.45, pose: STEP_BACK },
    { t: 1.1, pose: LUNGE_HANDS },
    { t: 1.7, pose: CRAWL },
    { t: 2.3, pose: PUSH_UP },
    { t: 3.0, pose: PRONE },
    { t: 3.0 + hold, pose: { ...PRONE, headTwist: 30 } }
  ], [span(0.15, ...FEET), span(0.95, 'lFoot'), span(1.3, 'lFoot', 'rKnee', ...HANDS), span(1.6, 'rKnee', ...HANDS), span(3.0 + hold, ...HANDS, ...KNEES)], 'prone')
}

/** Gets up to standing from whatever floor posture the body is in; `withHands` pushes off the floor. */
export function getUp (ctx: ActionContext): ActionClip {
  const hands = ctx.spec.style === 'withHands'
  const stand: Key = { t: 0, pose: {} }
  const rise = (from: Key[], spans: SupportSpan[], last: number, seconds: number): ActionClip => {
    const end = last + seconds
    return supportedKeys(ctx, [...from, { ...stand, t: end }, { ...stand, t: end + 0.3 }], [...spans, span(end + 0.3, ...FEET)], 'standing')
  }
  const up = { ...SQUAT, spineFlex: 40, ...bothArms(hands ? 20 : 70, 12, 15) }
  switch (ctx.posture) {
    case 'lying':
      return hands
        ? rise([
          { t: 0, pose: LYING },
          { t: 1, pose: { ...SEATED, spineFlex: 10, ...bothArms(-25, 25, 10, -60) } },
          { t: 1.8, pose: REACH_DOWN },
          { t: 2.5, pose: up }
        ], [span(0.6, ...FEET), span(2.2, ...FEET, ...HANDS), span(2.5, ...FEET)], 2.5, 0.9)
        : rise([
          { t: 0, pose: LYING },
          { t: 1, pose: { ...SEATED, spineFlex: 30, ...bothArms(80, 10, 10) } },
          { t: 1.7, pose: up }
        ], [span(1.7, ...FEET)], 1.7, 0.9)
    case 'prone':
      return rise([
        { t: 0, pose: PRONE },
        { t: 0.9, pose: PUSH_UP },
        { t: 1.5, pose: CRAWL },
        { t: 2.2, pose: { ...KNEEL, spineFlex: 30 } }
      ], [span(1.9, ...HANDS, ...KNEES), span(2.2, 'lFoot', 'rKnee')], 2.2, 1.1)
    case 'sitting':
      return rise([
        { t: 0, pose: SEATED },
        { t: 0.8, pose: hands ? REACH_DOWN : up }
      ], [span(0.8, ...FEET, ...(hands ? HANDS : []))], 0.8, 0.9)
    case 'kneeling':
      return rise([
        { t: 0, pose: KNEEL },
        { t: 0.7, pose: hands ? LUNGE_HANDS : { ...KNEEL, spineFlex: 20 } }
      ], [span(0.5, 'lFoot', 'rKnee'), span(0.95, 'lFoot', 'rKnee', ...(hands ? HANDS : [])), span(1.2, 'lFoot')], 0.7, 1.1)
    case 'crawling':
      return rise([
        { t: 0, pose: CRAWL },
        { t: 0.8, pose: TALL_KNEEL },
        { t: 1.2, pose: { ...TALL_KNEEL, lHipFlex: 75, lKnee: 125, lAnkle: 10, spineFlex: 8 } },
        { t: 1.6, pose: KNEEL }
      ], [span(0.4, ...HANDS, ...KNEES), span(0.95, ...KNEES), span(1.45, 'rKnee'), span(1.8, 'lFoot', 'rKnee')], 1.6, 1.1)
    case 'crouching':
      return rise([{ t: 0, pose: SQUAT }], [], 0, 0.9)
    default:
      return rise([{ t: 0, pose: {} }, { t: 0.5, pose: { spineFlex: -4, headFlex: -6 } }], [], 0.5, 0.5)
  }
}
