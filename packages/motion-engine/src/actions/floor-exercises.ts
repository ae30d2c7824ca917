// Exercises on the floor: push-ups (down onto the hands, a plank on hands and toes, the chest lowered and pushed
// back up), a plank held, and sit-ups (lying on the back with the knees bent, the trunk curled up to the knees and
// back down).
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { bothArms } from './channels.js'
import { LUNGE_HANDS } from './floor-transitions.js'
import { CRAWL, KNEEL, LYING, PRONE, SEATED, SQUAT } from './postures.js'
import { supportedKeys } from './supported-keys.js'
import type { SupportSpan } from './supported-keys.js'

const FEET = ['lFoot', 'rFoot'] as const
const HANDS = ['lHand', 'rHand'] as const
const KNEES = ['lKnee', 'rKnee'] as const

function legs (hip: number, knee: number, ankle: number): PartialPose {
  return { lHipFlex: hip, rHipFlex: hip, lKnee: knee, rKnee: knee, lAnkle: ankle, rAnkle: ankle }
}

/** Seconds a push-up takes (before tempo): down, a moment at the bottom, up. */
const REP = 1.3
/** On the hands and the balls of the feet, arms straight under the shoulders, the body in one line. */
const PLANK: PartialPose = { pelvisPitch: 75, ...legs(0, 2, 25), spineFlex: 0, neckFlex: -20, headFlex: -10, ...bothArms(74, 14, 2, -75) }
/** The bottom of a push-up: elbows bent back beside the body, the chest a hand's breadth above the floor. */
const LOWERED: PartialPose = { pelvisPitch: 84, ...legs(0, 2, 38), spineFlex: -2, neckFlex: -22, headFlex: -10, ...bothArms(12, 24, 118, -75) }
/** Halfway down: the body pitched between the two so that the hands and the toes both stay on the floor. */
const HALFWAY: PartialPose = { pelvisPitch: 75, ...legs(0, 2, 31), spineFlex: -1, neckFlex: -21, headFlex: -10, ...bothArms(40, 19, 60, -75) }
/** From all fours toward the plank: the knees half straightened, the body tipped back so the hands stay down. */
const KNEES_BACK: PartialPose = { ...PLANK, pelvisPitch: 78, ...legs(35, 50, 30), ...bothArms(78, 12, 4, -75) }
/** Squatting down with both hands on the floor in front of the feet. */
const HANDS_DOWN: PartialPose = { ...SQUAT, ...legs(110, 130, -35), pelvisPitch: 35, spineFlex: 50, ...bothArms(80, 10, 5, -60), headFlex: -5 }

/**
 * Down into a plank on hands and toes: from standing the body squats, puts the hands down and walks the feet back
 * (from lying face down, on hands and knees or from kneeling it gets there without standing up). Adds the keys and
 * support spans and returns when the plank is reached.
 */
function intoPlank (ctx: ActionContext, keys: Key[], spans: SupportSpan[]): number {
  if (ctx.posture === 'prone') {
    keys.push({ t: 0, pose: PRONE }, { t: 0.8, pose: LOWERED }, { t: 1.4, pose: PLANK })
    spans.push({ until: 0.4, parts: [...HANDS, ...KNEES] }, { until: 1.4, parts: [...HANDS, ...FEET] })
    return 1.4
  }
  if (ctx.posture === 'crawling') {
    keys.push({ t: 0, pose: CRAWL }, { t: 0.4, pose: KNEES_BACK }, { t: 0.8, pose: PLANK })
    spans.push({ until: 0.5, parts: [...HANDS, ...KNEES] }, { until: 0.8, parts: [...HANDS, ...FEET] })
    return 0.8
  }
  if (ctx.posture === 'kneeling') {
    // From one knee the hands go down beside the front foot, that foot steps back beside the other knee (on all
    // fours), and the legs straighten into the plank.
    keys.push({ t: 0, pose: KNEEL }, { t: 0.7, pose: LUNGE_HANDS }, { t: 1.3, pose: CRAWL }, { t: 1.6, pose: KNEES_BACK }, { t: 1.9, pose: PLANK })
    spans.push({ until: 0.5, parts: ['lFoot', 'rKnee'] }, { until: 0.9, parts: ['lFoot', 'rKnee', ...HANDS] }, { until: 1.2, parts: ['rKnee', ...HANDS] },
      { until: 1.6, parts: [...HANDS, ...KNEES] }, { until: 1.9, parts: [...HANDS, ...FEET] })
    return 1.9
  }
  // Squatting, the hands go down in front of the feet, the knees down behind them (on all fours), and the legs
  // straighten back into the plank, the hands staying where they were put down.
  keys.push({ t: 0, pose: {} }, { t: 0.8, pose: HANDS_DOWN }, { t: 1.4, pose: CRAWL }, { t: 1.8, pose: KNEES_BACK }, { t: 2.2, pose: PLANK })
  spans.push({ until: 0.75, parts: [...FEET] }, { until: 1.1, parts: [...FEET, ...HANDS] }, { until: 1.9, parts: [...HANDS, ...KNEES] },
    { until: 2.2, parts: [...HANDS, ...FEET] })
  return 2.2
}

/** From the plank reached at `t`, the body lowered onto the floor, face down, the head turned to one side. */
function downOntoFront (t: number, keys: Key[], spans: SupportSpan[]): void {
  const down: [number, PartialPose][] = [[0.2, PLANK], [0.6, HALFWAY], [1.0, LOWERED], [1.6, PRONE], [2.0, { ...PRONE, headTwist: 30 }]]
  keys.push(...down.map(([dt, p]) => ({ t: t + dt, pose: p })))
  spans.push({ until: t + 1.0, parts: [...HANDS, ...FEET] }, { until: t + 2.0, parts: [...HANDS, ...KNEES] })
}

/**
 * Push-ups, `count` of them (default 3): down into a plank (see intoPlank); each push-up lowers the chest and presses
 * back up, and after the last the body lowers itself onto the floor, face down.
 */
export function pushUp (ctx: ActionContext): ActionClip {
  const count = Math.max(1, ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds / REP) : 3))
  const keys: Key[] = []
  const spans: SupportSpan[] = []
  let t = intoPlank(ctx, keys, spans)
  const rep: [number, PartialPose][] = [[0.3, HALFWAY], [0.6, LOWERED], [0.7, LOWERED], [1.0, HALFWAY], [REP, PLANK]]
  for (let i = 0; i < count; i++) {
    keys.push(...rep.map(([dt, p]) => ({ t: t + dt, pose: p })))
    t += REP
  }
  downOntoFront(t, keys, spans)
  return supportedKeys(ctx, keys, spans, 'prone')
}

/** Seconds a plank is held unless the prompt says how long. */
const PLANK_HOLD = 5
/** A breath in the held plank: the back lets go a little and the head comes up, the hands and toes where they are. */
const PLANK_BREATH: PartialPose = { ...PLANK, spineFlex: -2, neckFlex: -16 }

/**
 * A plank held for `durationSeconds` (default 5): down into it as for push-ups, the body kept in one line on the
 * hands and the toes, breathing every 1.5 s, then lowered onto the floor, face down.
 */
export function plank (ctx: ActionContext): ActionClip {
  const keys: Key[] = []
  const spans: SupportSpan[] = []
  const reached = intoPlank(ctx, keys, spans)
  const held = reached + Math.max(1, ctx.spec.durationSeconds ?? PLANK_HOLD)
  for (let t = reached + 1.5, breath = true; t < held - 0.5; t += 1.5, breath = !breath) keys.push({ t, pose: breath ? PLANK_BREATH : PLANK })
  keys.push({ t: held, pose: PLANK })
  spans.push({ until: held, parts: [...HANDS, ...FEET] })
  downOntoFront(held, keys, spans)
  return supportedKeys(ctx, keys, spans, 'prone')
}

/** On the back, knees up and feet flat on the floor, arms along the body. */
const BACK_KNEES_UP: PartialPose = { ...LYING, ...legs(45, 95, 38), headFlex: 15, ...bothArms(10, 15, 10) }
/**
 * Curled up: the trunk raised over the thighs, the arms reaching for the knees. The pelvis tips up 48° and the hips
 * flex as much more, so the thighs and the feet stay where they were.
 */
const CURLED: PartialPose = { ...BACK_KNEES_UP, pelvisPitch: -40, ...legs(93, 95, 38), spineFlex: 45, neckFlex: 20, headFlex: 10, ...bothArms(55, 10, 5) }

/**
 * Sit-ups, `count` of them (default 3): from standing the body sits down on the floor and lies back (from sitting or
 * lying it starts there); on the back with the knees bent and the feet flat, the trunk curls up to the thighs and
 * rolls back down each time, and the body stays lying on its back.
 */
export function sitUp (ctx: ActionContext): ActionClip {
  const count = Math.max(1, ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds / 1.6) : 3))
  const keys: Key[] = ctx.posture === 'lying'
    ? [{ t: 0, pose: LYING }, { t: 0.8, pose: BACK_KNEES_UP }]
    : ctx.posture === 'sitting'
      ? [{ t: 0, pose: SEATED }, { t: 0.8, pose: BACK_KNEES_UP }]
      : [{ t: 0, pose: {} }, { t: 0.7, pose: SQUAT }, { t: 1.5, pose: SEATED }, { t: 2.3, pose: BACK_KNEES_UP }]
  let t = keys[keys.length - 1]!.t
  const spans: SupportSpan[] = [{ until: ctx.posture === 'standing' ? 1.3 : 0, parts: [...FEET] }]
  for (let i = 0; i < count; i++) {
    keys.push({ t: t + 0.7, pose: CURLED }, { t: t + 0.8, pose: CURLED }, { t: t + 1.6, pose: BACK_KNEES_UP })
    t += 1.6
  }
  keys.push({ t: t + 0.8, pose: LYING })
  // The legs stretch out along the floor: only the pelvis holds its place.
  spans.push({ until: t, parts: ['pelvis', ...FEET] }, { until: t + 0.8, parts: ['pelvis'] })
  return supportedKeys(ctx, keys, spans, 'lying')
}
