// Whole-body posture changes: idle, crouch, sit down / stand up (on the floor), kneel, lie down, crawl.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed } from '../synth/keyframes.js'
import { holdChair, standFromChair } from './chair.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'

export const SQUAT: PartialPose = {
  lHipFlex: 95,
  rHipFlex: 95,
  lKnee: 125,
  rKnee: 125,
  lAnkle: -30,
  rAnkle: -30,
  spineFlex: 28,
  pelvisPitch: 12,
  lArmFlex: 35,
  rArmFlex: 35,
  lElbow: 40,
  rElbow: 40,
  headFlex: -15
}
export const SEATED: PartialPose = {
  pelvisPitch: -25,
  lHipFlex: 112,
  rHipFlex: 112,
  lKnee: 100,
  rKnee: 100,
  lAnkle: 5,
  rAnkle: 5,
  spineFlex: 22,
  headFlex: -10,
  lArmFlex: 45,
  rArmFlex: 45,
  lArmAbduct: 14,
  rArmAbduct: 14,
  lElbow: 35,
  rElbow: 35,
  lHipAbduct: 10,
  rHipAbduct: 10
}
export const LYING: PartialPose = {
  pelvisPitch: -88,
  lHipFlex: 4,
  rHipFlex: 4,
  lKnee: 8,
  rKnee: 8,
  lAnkle: 15,
  rAnkle: 15,
  headFlex: 12,
  lArmAbduct: 18,
  rArmAbduct: 18,
  lElbow: 8,
  rElbow: 8,
  lArmFlex: 0,
  rArmFlex: 0
}
/** Lying face down, head turned a little, hands beside the shoulders. */
export const PRONE: PartialPose = {
  pelvisPitch: 88,
  lHipFlex: -2,
  rHipFlex: -2,
  lKnee: 6,
  rKnee: 6,
  lAnkle: 40,
  rAnkle: 40,
  spineFlex: -4,
  neckFlex: -18,
  headFlex: -12,
  headTwist: 25,
  lArmFlex: 20,
  rArmFlex: 20,
  lArmAbduct: 70,
  rArmAbduct: 70,
  lArmTwist: -80,
  rArmTwist: -80,
  lElbow: 110,
  rElbow: 110
}
/**
 * On the right knee, the left foot flat in front. The back foot rests on its toes: the shin rises from the knee to the
 * ankle, the foot points down to the ball and the toes bend flat on the floor.
 */
export const KNEEL: PartialPose = {
  lHipFlex: 88,
  lKnee: 92,
  lAnkle: -2,
  rHipFlex: -4,
  rKnee: 93,
  rAnkle: -40,
  rToe: 56,
  spineFlex: 6,
  lArmFlex: 20,
  rArmFlex: 5,
  lElbow: 50,
  rElbow: 15
}
export const CRAWL: PartialPose = {
  pelvisPitch: 78,
  lHipFlex: 78,
  rHipFlex: 78,
  lKnee: 92,
  rKnee: 92,
  lAnkle: 40,
  rAnkle: 40,
  spineFlex: 6,
  neckFlex: -35,
  headFlex: -25,
  lArmFlex: 84,
  rArmFlex: 84,
  lArmAbduct: 8,
  rArmAbduct: 8,
  lElbow: 6,
  rElbow: 6,
  lWrist: -70,
  rWrist: -70
}

export const POSTURE_POSES: Readonly<Record<string, PartialPose>> = { SQUAT, SEATED, LYING, PRONE, KNEEL, CRAWL }

const HELD: Partial<Record<ActionContext['posture'], PartialPose>> = { sitting: SEATED, lying: LYING, prone: PRONE, kneeling: KNEEL, crawling: CRAWL }

export function idle (ctx: ActionContext): ActionClip {
  const seconds = ctx.spec.durationSeconds ?? 3
  const k = ctx.scale
  const held = HELD[ctx.posture]
  if (held !== undefined) {
    // Resting in a floor posture: hold it (breathing and head motion are layered later).
    const clip = keyed(
      { ...ctx, style: { ...ctx.style, tempo: 1 }, spec: { ...ctx.spec, speed: 1 } },
      [
        { t: 0, pose: held },
        { t: seconds, pose: held }
      ],
      { footMode: 'free', ground: 'fit', endPosture: ctx.posture }
    )
    // A held kneel stands as the kneel left it: the front foot planted where it is, the back foot on its toes
    // (fitted on the floor by the knee, not by that foot), so a gesture made kneeling lifts neither foot.
    if (ctx.posture === 'kneeling') Object.assign(clip, { pivotFoot: 0, plantFeet: [0], fitExclude: [1] })
    return clip
  }
  if (ctx.posture === 'chair') return holdChair({ ...ctx, style: { ...ctx.style, tempo: 1 }, spec: { ...ctx.spec, speed: 1 } }, seconds)
  if (ctx.posture === 'crouching') {
    return keyed(
      { ...ctx, style: { ...ctx.style, tempo: 1 }, spec: { ...ctx.spec, speed: 1 } },
      [
        { t: 0, pose: SQUAT, y: 0.55 * k, z: -0.1 * k },
        { t: seconds, pose: SQUAT, y: 0.55 * k, z: -0.1 * k }
      ],
      { footMode: 'planted', ground: 'explicit', endPosture: 'crouching' }
    )
  }
  // A slow weight shift from foot to foot; breathing is layered later for every action.
  const keys: Key[] = []
  const cycles = Math.max(1, Math.round(seconds / 2.4))
  for (let i = 0; i <= cycles * 2; i++) {
    const s = i % 2 === 0 ? 0 : (i % 4 === 1 ? 1 : -1)
    keys.push({
      t: (i * seconds) / (cycles * 2),
      x: 0.025 * k * s,
      y: 0.945 * k - 0.006 * k * Math.abs(s),
      pose: { pelvisRoll: -2.5 * s, spineSide: 1.5 * s, headSide: 0.8 * s }
    })
  }
  return keyed({ ...ctx, style: { ...ctx.style, tempo: 1 }, spec: { ...ctx.spec, speed: 1 } }, keys, {
    footMode: 'planted',
    ground: 'explicit',
    endPosture: 'standing'
  })
}

export function crouch (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const hold = ctx.spec.durationSeconds ?? 1.2
  return keyed(ctx, [
    { t: 0, pose: {}, y: 0.94 * k },
    { t: 0.8, pose: SQUAT, y: 0.56 * k, z: -0.1 * k },
    { t: 0.8 + hold, pose: { ...SQUAT, headFlex: -10 }, y: 0.55 * k, z: -0.1 * k }
  ], { footMode: 'planted', ground: 'explicit', endPosture: 'crouching' })
}

export function sitDown (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1
  return keyed(ctx, [
    { t: 0, pose: {} },
    { t: 0.7, pose: SQUAT },
    { t: 1.5, pose: SEATED },
    { t: 1.5 + hold, pose: { ...SEATED, headFlex: -4 } }
  ], { footMode: 'free', ground: 'fit', endPosture: 'sitting' })
}

export function standUp (ctx: ActionContext): ActionClip {
  if (ctx.posture === 'chair') return standFromChair(ctx)
  const from: Key[] =
    ctx.posture === 'lying'
      ? [
          { t: 0, pose: LYING },
          { t: 1.1, pose: SEATED },
          { t: 1.6, pose: { ...SQUAT, spineFlex: 40 } },
          { t: 2.6, pose: {} }
        ]
      : ctx.posture === 'standing'
        ? [
            { t: 0, pose: {} },
            { t: 0.5, pose: { spineFlex: -4, headFlex: -6 } },
            { t: 1, pose: {} }
          ]
        : [
            { t: 0, pose: ctx.posture === 'kneeling' ? KNEEL : ctx.posture === 'crawling' ? CRAWL : ctx.posture === 'crouching' ? SQUAT : SEATED },
            { t: 0.7, pose: { ...SQUAT, spineFlex: 40 } },
            { t: 1.7, pose: {} }
          ]
  return keyed(ctx, [...from, { t: from[from.length - 1]!.t + 0.4, pose: {} }], { footMode: 'free', ground: 'fit', endPosture: 'standing' })
}

export function kneel (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  const clip = keyed(ctx, [
    { t: 0, pose: {} },
    // The right foot lifts and steps back first, then the body lowers onto the right knee.
    { t: 0.4, pose: { lHipFlex: 25, lKnee: 30, lAnkle: -5, rHipFlex: -20, rKnee: 75, rAnkle: 20, spineFlex: 4, lArmFlex: 10, rArmFlex: 10 } },
    { t: 0.9, pose: { ...KNEEL, rKnee: 88, rHipFlex: 2 } },
    { t: 1.3, pose: KNEEL },
    { t: 1.3 + hold, pose: { ...KNEEL, headFlex: 10 } }
  ], { footMode: 'free', ground: 'fit', endPosture: 'kneeling' })
  // The front (left) foot stays where it stood; the right leg steps back and down onto its knee.
  clip.pivotFoot = 0
  clip.plantFeet = [0]
  clip.fitExclude = [1]
  return clip
}

export function lieDown (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  const start: Key[] = ctx.posture === 'sitting' ? [{ t: 0, pose: SEATED }] : [{ t: 0, pose: {} }, { t: 0.7, pose: SQUAT }, { t: 1.4, pose: SEATED }]
  const t0 = start[start.length - 1]!.t
  return keyed(ctx, [
    ...start,
    { t: t0 + 0.6, pose: { ...SEATED, pelvisPitch: -45, lKnee: 60, rKnee: 60, lElbow: 70, rElbow: 70, lArmFlex: -50, rArmFlex: -50 } },
    { t: t0 + 1.4, pose: LYING },
    { t: t0 + 1.4 + hold, pose: { ...LYING, headFlex: 8 } }
  ], { footMode: 'free', ground: 'fit', endPosture: 'lying' })
}

export function crawl (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const tempo = ctx.style.tempo * ctx.spec.speed
  const cycle = 1.1
  const stride = 0.32 * k * ctx.style.stepLength
  // A cycle is two strides (each hand once); a distance asked for is covered after the first reach forward.
  const cyclesAsked = (): number => {
    if (ctx.spec.count !== undefined) return ctx.spec.count / 2
    if (ctx.spec.distance !== undefined) return (ctx.spec.distance - 0.25 * k) / (2 * stride)
    return ((ctx.spec.durationSeconds ?? 4) * tempo) / cycle
  }
  const cycles = Math.max(1, Math.round(cyclesAsked()))
  // Crawling backwards the body travels the other way with the same alternating limbs.
  const way = ctx.spec.direction === 'backward' ? -1 : 1
  const keys: Key[] = [{ t: 0, pose: ctx.posture === 'crawling' ? CRAWL : {} }, { t: 0.9, pose: CRAWL, z: 0.25 * k }]
  const t0 = 0.9
  const swing = (s: number): PartialPose => ({
    ...CRAWL,
    lArmFlex: 84 + 14 * s,
    rArmFlex: 84 - 14 * s,
    rHipFlex: 78 + 14 * s,
    lHipFlex: 78 - 14 * s,
    // The knee follows the hip so the shin stays flat on the floor; the leg reaching forward lifts a little.
    rKnee: 92 + 14 * s + 10 * Math.max(0, s),
    lKnee: 92 - 14 * s + 10 * Math.max(0, -s),
    lElbow: 6 + 10 * Math.max(0, s),
    rElbow: 6 + 10 * Math.max(0, -s),
    pelvisYaw: 4 * s,
    spineSide: 3 * s
  })
  for (let i = 0; i < cycles * 2; i++) {
    const s = i % 2 === 0 ? 1 : -1
    keys.push({ t: t0 + (i + 0.5) * cycle / 2, pose: swing(s), z: 0.25 * k + way * stride * (i + 0.5) })
    keys.push({ t: t0 + (i + 1) * cycle / 2, pose: CRAWL, z: 0.25 * k + way * stride * (i + 1) })
  }
  const clip = keyed(ctx, keys, { footMode: 'free', ground: 'fit', endPosture: 'crawling' })
  clip.pivotFoot = 'none'
  return clip
}
