// Acrobatics: a standing backflip (arm swing, take-off, tucked rotation through 360° in flight, absorbing landing)
// and a cartwheel (hand, hand, foot, foot, the body inverting sideways over the hands).
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { armPose } from './channels.js'
import { supportedKeys, wrapTurns } from './supported-keys.js'
import type { SupportSpan } from './supported-keys.js'

/** Both legs alike; the ankle keeps the sole level with the floor (whole turns of the pelvis aside) unless given. */
function legs (hip: number, knee: number, pelvisPitch: number, ankle?: number): PartialPose {
  const a = ankle ?? hip - knee - (pelvisPitch - 360 * Math.round(pelvisPitch / 360))
  return { lHipFlex: hip, rHipFlex: hip, lKnee: knee, rKnee: knee, lAnkle: a, rAnkle: a, pelvisPitch }
}

function arms (flex: number, abduct: number, elbow: number): PartialPose {
  return { ...armPose('left', { flex, abduct, elbow }), ...armPose('right', { flex, abduct, elbow }) }
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
      { t: at(0.3), pose: { ...legs(40, 50, 10 + turn), spineFlex: 8, ...arms(-35, 10, 15) } },
      { t: at(0.5), pose: { ...legs(85, 100, 22 + turn), spineFlex: 18, headFlex: -12, ...arms(-55, 10, 15) } },
      { t: at(0.66), pose: { ...legs(50, 60, 8 + turn, 5), spineFlex: 6, headFlex: -16, ...arms(45, 12, 12) } },
      { t: at(0.8), pose: { ...legs(-5, 4, -22 + turn, 35), spineFlex: -12, headFlex: -20, ...arms(150, 15, 10) } },
      // Tucked: the rotation speeds up as the body folds, and slows as it opens to spot the floor.
      { t: at(0.96), pose: { ...legs(95, 110, -110 + turn, 25), spineFlex: 25, headFlex: -10, ...arms(80, 20, 60) } },
      { t: at(1.13), pose: { ...legs(125, 135, -235 + turn, 25), spineFlex: 35, headFlex: 10, ...arms(60, 20, 80) } },
      { t: at(1.3), pose: { ...legs(72, 80, -318 + turn), spineFlex: 20, headFlex: 5, ...arms(90, 25, 30) } },
      // Landing knees bent, arms forward for balance, then standing up.
      { t: at(1.42), pose: { ...legs(55, 65, -340 + turn), spineFlex: 16, ...arms(85, 25, 25) } },
      { t: at(1.68), pose: { ...legs(85, 105, -345 + turn), spineFlex: 20, headFlex: -6, ...arms(65, 20, 25) } },
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
 * Cartwheel to the left (or `direction: 'right'`), the body rolling a full turn about its front-to-back axis while it
 * travels sideways: the lead foot steps out, lead hand, other hand (a straddled handstand), other foot, lead foot.
 * A leg bearing weight is abducted about as far as the body has rolled, so it stays under the body.
 */
export function cartwheel (ctx: ActionContext): ActionClip {
  const dir = ctx.spec.direction === 'right' ? -1 : 1
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
