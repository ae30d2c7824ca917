// Acrobatics: a standing backflip (arm swing, take-off, tucked rotation through 360° in flight, absorbing landing),
// a cartwheel (hand, hand, foot, foot, the body inverting sideways over the hands), a handstand (kicked up from a
// lunge, held on the hands, stepped back down) and a forward or backward roll over the back on the floor.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { armPose, bothArms } from './channels.js'
import { supportedKeys, wrapTurns } from './supported-keys.js'
import type { SupportSpan } from './supported-keys.js'

/** Both legs alike; the ankle keeps the sole level with the floor (whole turns of the pelvis aside) unless given. */
function legs (hip: number, knee: number, pelvisPitch: number, ankle?: number): PartialPose {
  const a = ankle ?? hip - knee - (pelvisPitch - 360 * Math.round(pelvisPitch / 360))
  return { lHipFlex: hip, rHipFlex: hip, lKnee: knee, rKnee: knee, lAnkle: a, rAnkle: a, pelvisPitch }
}

/**
 * Standing backflip: about 0.6 s of flight (hips ~0.45 m above take-off), the pelvis pitching back a full turn,
 * most of it tucked. `count` flips follow each other with a reset stance between.
 */
export function backflip (ctx: ActionContext): ActionClip {
  const count = Math.max(1, ctx.spec.count ?? 1)
  const keys: Key[] = [{ t: 0, pose: {} }]
  const spans: SupportSpan[] = []
  const both = ['lFoot', 'rFoot'] as const
  let t0 = 0
  for (let i = 0; i < count; i++) {
    const turn = -360 * i
    const at = (t: number) => t0 + t
    keys.push(
      // Arms swing back as the hips sink, then drive forward and up through the push.
      { t: at(0.3), pose: { ...legs(40, 50, 10 + turn), spineFlex: 8, ...bothArms(-35, 10, 15) } },
      { t: at(0.5), pose: { ...legs(85, 100, 22 + turn), spineFlex: 18, headFlex: -12, ...bothArms(-55, 10, 15) } },
      { t: at(0.66), pose: { ...legs(50, 60, 8 + turn, 5), spineFlex: 6, headFlex: -16, ...bothArms(45, 12, 12) } },
      { t: at(0.8), pose: { ...legs(-5, 4, -22 + turn, 35), spineFlex: -12, headFlex: -20, ...bothArms(150, 15, 10) } },
      // Tucked: the rotation speeds up as the body folds, and slows as it opens to spot the floor.
      { t: at(0.96), pose: { ...legs(95, 110, -110 + turn, 25), spineFlex: 25, headFlex: -10, ...bothArms(80, 20, 60) } },
      { t: at(1.13), pose: { ...legs(125, 135, -235 + turn, 25), spineFlex: 35, headFlex: 10, ...bothArms(60, 20, 80) } },
      { t: at(1.3), pose: { ...legs(72, 80, -318 + turn), spineFlex: 20, headFlex: 5, ...bothArms(90, 25, 30) } },
      // Landing knees bent, arms forward for balance, then standing up.
      { t: at(1.42), pose: { ...legs(55, 65, -340 + turn), spineFlex: 16, ...bothArms(85, 25, 25) } },
      { t: at(1.68), pose: { ...legs(85, 105, -345 + turn), spineFlex: 20, headFlex: -6, ...bothArms(65, 20, 25) } },
      { t: at(2.26), pose: { pelvisPitch: -360 + turn } }
    )
    spans.push({ until: at(0.8), parts: [...both] }, { until: at(1.42), parts: [] }, { until: at(2.26), parts: [...both] })
    t0 = at(2.26)
  }
  keys.push({ t: t0 + 0.3, pose: { pelvisPitch: -360 * count } })
  const clip = supportedKeys(ctx, keys, spans, 'standing')
  return wrapTurns(clip, 'pelvisPitch')
}

/**
 * Cartwheel to the left (or `direction: 'right'` or `'backward'`), the body rolling a full turn about its
 * front-to-back axis while it travels sideways: the lead foot steps out, lead hand, other hand (a straddled
 * handstand), other foot, lead foot.
 * A leg bearing weight is abducted about as far as the body has rolled, so it stays under the body.
 */
export function cartwheel (ctx: ActionContext): ActionClip {
  // A cartwheel goes sideways: "back" is the way a left one came, to the right ("cartwheels back and forth").
  const dir = ctx.spec.direction === 'right' || ctx.spec.direction === 'backward' ? -1 : 1
  const lead = dir === 1 ? 'l' : 'r'
  const trail = dir === 1 ? 'r' : 'l'
  const leadFoot = dir === 1 ? 'lFoot' : 'rFoot'
  const trailFoot = dir === 1 ? 'rFoot' : 'lFoot'
  const leadHand = dir === 1 ? 'lHand' : 'rHand'
  const trailHand = dir === 1 ? 'rHand' : 'lHand'
  const spread = (l: number, t: number, lKnee = 4, tKnee = 4): PartialPose => ({
    [`${lead}HipAbduct`]: l,
    [`${trail}HipAbduct`]: t,
    [`${lead}Knee`]: lKnee,
    [`${trail}Knee`]: tKnee,
    lAnkle: 12,
    rAnkle: 12
  })
  // Arms overhead in a V along the trunk's axis: the lead hand reaches the floor first as the body tips.
  const overhead = { ...armPose('left', { flex: 10, abduct: 165, elbow: 5, wrist: -20 }), ...armPose('right', { flex: 10, abduct: 165, elbow: 5, wrist: -20 }) }
  const reach = (abduct: number) => armPose(dir === 1 ? 'left' : 'right', { flex: 10, abduct, elbow: 5, wrist: -20 })
  const count = Math.max(1, ctx.spec.count ?? 1)
  const keys: Key[] = [{ t: 0, pose: {} }]
  const spans: SupportSpan[] = []
  let t0 = 0
  for (let i = 0; i < count; i++) {
    const r = (deg: number) => dir * (deg + 360 * i)
    const at = (t: number) => t0 + t
    keys.push(
      { t: at(0.3), pose: { ...overhead, ...spread(22, 2, 25), pelvisRoll: r(-4) } },
      { t: at(0.6), pose: { ...overhead, ...spread(30, 4, 8), pelvisRoll: r(8), spineSide: dir * 6 } },
      // The trunk bends down toward the lead side so the lead hand meets the floor about a body length out.
      { t: at(0.85), pose: { ...overhead, ...reach(140), ...spread(50, 25), pelvisRoll: r(45), spineSide: dir * 25 } },
      { t: at(1.06), pose: { ...overhead, ...reach(125), ...spread(60, 45), pelvisRoll: r(95), spineSide: dir * 30 } },
      { t: at(1.3), pose: { ...overhead, ...spread(55, 55), pelvisRoll: r(180), headFlex: -15 } },
      { t: at(1.54), pose: { ...overhead, ...spread(45, 60), pelvisRoll: r(265), spineSide: -dir * 30 } },
      { t: at(1.75), pose: { ...overhead, ...spread(25, 50), pelvisRoll: r(315), spineSide: -dir * 20 } },
      { t: at(2.0), pose: { ...overhead, ...spread(16, 10), pelvisRoll: r(352), spineSide: -dir * 4 } }
    )
    spans.push(
      { until: at(0.2), parts: [leadFoot, trailFoot] },
      { until: at(0.6), parts: [trailFoot] },
      { until: at(0.72), parts: [leadFoot, trailFoot] },
      { until: at(1.0), parts: [leadFoot] },
      { until: at(1.12), parts: [leadFoot, leadHand] },
      { until: at(1.2), parts: [leadHand] },
      { until: at(1.38), parts: [leadHand, trailHand] },
      { until: at(1.45), parts: [trailHand] },
      { until: at(1.58), parts: [trailHand, trailFoot] },
      { until: at(1.92), parts: [trailFoot] }
    )
    t0 = at(2.0)
  }
  keys.push({ t: t0 + 0.5, pose: { ...spread(14, 10), pelvisRoll: dir * 360 * count } })
  spans.push({ until: t0 + 0.5, parts: [trailFoot, leadFoot] })
  return wrapTurns(supportedKeys(ctx, keys, spans, 'standing'), 'pelvisRoll')
}

/**
 * Handstand: a lunge onto the lead foot (left, or `side: 'right'`) with the arms overhead, the hands put down about a
 * leg's length ahead while the rear leg swings up, both legs together above the hands for `durationSeconds` (1.5 s),
 * then back down the same way: the lead foot lands where it pushed off and the body stands up where it started.
 */
export function handstand (ctx: ActionContext): ActionClip {
  const hold = Math.max(0.3, ctx.spec.durationSeconds ?? 1.5)
  const lead = ctx.spec.side === 'right' ? 'r' : 'l'
  const rear = lead === 'l' ? 'r' : 'l'
  const leadFoot = lead === 'l' ? 'lFoot' : 'rFoot'
  const rearFoot = lead === 'l' ? 'rFoot' : 'lFoot'
  const hands = ['lHand', 'rHand'] as const
  const stride = (leadHip: number, leadKnee: number, rearHip: number, rearKnee: number, ankle = 10): PartialPose => ({
    [`${lead}HipFlex`]: leadHip,
    [`${lead}Knee`]: leadKnee,
    [`${lead}Ankle`]: ankle,
    [`${rear}HipFlex`]: rearHip,
    [`${rear}Knee`]: rearKnee,
    [`${rear}Ankle`]: ankle
  })
  // Arms along the trunk's axis overhead, palms flat on the floor when the body is upside down.
  const overhead = (wrist: number) => bothArms(172, 8, 4, wrist)
  const entry: Key[] = [
    { t: 0.35, pose: { ...overhead(0), ...stride(40, 35, 0, 4, 0) } },
    { t: 0.7, pose: { ...overhead(-20), ...stride(50, 40, -12, 4, -5), pelvisPitch: 18, spineFlex: 6 } },
    { t: 1.05, pose: { ...overhead(-60), ...stride(95, 30, -30, 10, -10), pelvisPitch: 95, spineFlex: 10, neckFlex: -20 } },
    { t: 1.4, pose: { ...overhead(-80), ...stride(95, 40, 15, 10, 25), pelvisPitch: 150, spineFlex: 0, neckFlex: -30 } },
    { t: 1.75, pose: { ...overhead(-85), ...stride(5, 2, 5, 2, 30), pelvisPitch: 178, spineFlex: -8, neckFlex: -35 } }
  ]
  const held = entry[entry.length - 1]!
  // Down the way it came: a moment `t` of the way up is mirrored about the hold.
  const out = (t: number) => held.t + hold + (held.t - t)
  const keys: Key[] = [
    { t: 0, pose: {} },
    ...entry,
    { t: held.t + hold / 2, pose: { ...held.pose, [`${lead}HipFlex`]: 12, [`${rear}HipFlex`]: -2, pelvisPitch: 182 } },
    { t: held.t + hold, pose: held.pose },
    ...entry.slice(0, -1).reverse().map(k => ({ ...k, t: out(k.t) })),
    { t: out(0), pose: {} }
  ]
  const spans: SupportSpan[] = [
    { until: 0.15, parts: [leadFoot, rearFoot] },
    { until: 0.6, parts: [rearFoot] },
    { until: 0.85, parts: [leadFoot, rearFoot] },
    { until: 1.15, parts: [leadFoot] },
    { until: 1.35, parts: [leadFoot, ...hands] },
    { until: out(1.35), parts: [...hands] },
    { until: out(1.15), parts: [leadFoot, ...hands] },
    { until: out(0.85), parts: [leadFoot] },
    { until: out(0.6), parts: [leadFoot, rearFoot] },
    { until: out(0.15), parts: [rearFoot] },
    { until: out(0), parts: [leadFoot, rearFoot] }
  ]
  return supportedKeys(ctx, keys, spans, 'standing')
}

/**
 * A forward roll (a somersault on the floor), or a backward one (`direction: 'backward'`): down into a squat with
 * the hands on the floor, the head tucked, over the upper back and the pelvis, and up from a squat onto the feet a
 * body length further on. `count` rolls follow each other.
 */
export function roll (ctx: ActionContext): ActionClip {
  const way = ctx.spec.direction === 'backward' ? -1 : 1
  const count = Math.max(1, ctx.spec.count ?? 1)
  const hands = ['lHand', 'rHand'] as const
  const feet = ['lFoot', 'rFoot'] as const
  const tucked = (hip: number, knee: number, pitch: number, ankle = 20): PartialPose => ({
    ...legs(hip, knee, pitch, ankle), spineFlex: 45, neckFlex: 40, headFlex: 25
  })
  // Forward: hands down ahead of the feet; backward: sitting back, hands beside the ears to push the floor away.
  const cycle: Key[] = way === 1
    ? [
        { t: 0.45, pose: { ...legs(95, 120, 35), spineFlex: 35, ...bothArms(95, 15, 10) } },
        { t: 0.8, pose: { ...tucked(110, 100, 95, 25), ...bothArms(120, 15, 10, -70) } },
        { t: 1.1, pose: { ...tucked(125, 135, 185), ...bothArms(120, 20, 60, -40) } },
        { t: 1.4, pose: { ...tucked(130, 140, 265), ...bothArms(60, 20, 60) } },
        { t: 1.7, pose: { ...legs(105, 135, 335), spineFlex: 40, ...bothArms(95, 15, 10) } },
        { t: 2.2, pose: { pelvisPitch: 360 } }
      ]
    : [
        { t: 0.45, pose: { ...legs(95, 120, 15), spineFlex: 35, ...bothArms(95, 15, 10) } },
        { t: 0.8, pose: { ...tucked(120, 135, -40), ...bothArms(150, 15, 120, -80) } },
        { t: 1.1, pose: { ...tucked(130, 140, -120), ...bothArms(170, 15, 130, -80) } },
        { t: 1.4, pose: { ...tucked(125, 130, -200), ...bothArms(170, 15, 90, -80) } },
        { t: 1.7, pose: { ...legs(105, 135, -300), spineFlex: 40, ...bothArms(95, 15, 10) } },
        { t: 2.2, pose: { pelvisPitch: -360 } }
      ]
  const keys: Key[] = [{ t: 0, pose: {} }]
  const spans: SupportSpan[] = []
  for (let i = 0; i < count; i++) {
    const at = (t: number) => 2.2 * i + t
    const turn = way * 360 * i
    keys.push(...cycle.map(k => ({ t: at(k.t), pose: { ...k.pose, pelvisPitch: (k.pose.pelvisPitch ?? 0) + turn } })))
    spans.push(...(way === 1
      ? [{ until: at(0.6), parts: [...feet] }, { until: at(0.95), parts: [...feet, ...hands] }, { until: at(1.25), parts: ['upperBack' as const] },
          { until: at(1.55), parts: ['pelvis' as const] }, { until: at(2.2), parts: [...feet] }]
      : [{ until: at(0.7), parts: [...feet] }, { until: at(1.0), parts: ['pelvis' as const] }, { until: at(1.3), parts: ['upperBack' as const] },
          { until: at(1.55), parts: ['upperBack' as const, ...hands] }, { until: at(2.2), parts: [...feet] }]))
  }
  keys.push({ t: 2.2 * count + 0.5, pose: { pelvisPitch: way * 360 * count } })
  spans.push({ until: 2.2 * count + 0.5, parts: [...feet] })
  return wrapTurns(supportedKeys(ctx, keys, spans, 'standing'), 'pelvisPitch')
}
