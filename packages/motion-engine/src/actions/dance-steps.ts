// Travelling dance steps as footstep plans on the beat: the waltz box (a quarter turn per box, rise and fall), the
// cha-cha basic (rock steps and chassés, Cuban hip action), the jazz square with jazz hands, and the moonwalk
// (one foot flat sliding back past the other, which stands on its ball, then the roles swap).
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext, FootTarget } from '../synth/action-clip.js'
import { smootherstep } from '../synth/easing.js'
import { runGait } from '../synth/gait.js'
import type { Footstep } from '../synth/gait.js'
import { addKeyedOffsets } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { addPose, pose } from '../synth/pose-spec.js'
import type { PartialPose, PoseSpec } from '../synth/pose-spec.js'
import { armPose } from './channels.js'

/** A step: which foot, on which beat (fractional for "and"), to a local position (metres, before scale) and yaw. */
interface Beat { foot: 0 | 1, beat: number, x: number, z: number, yaw?: number }

function stepsOnBeats (ctx: ActionContext, beats: Beat[], beatSeconds: number, swing: number): Footstep[] {
  const k = ctx.scale
  const cx = (ctx.feet[0][0] + ctx.feet[1][0]) / 2
  const cz = (ctx.feet[0][2] + ctx.feet[1][2]) / 2
  return beats.map(b => {
    const t = 0.3 + b.beat * beatSeconds
    const to: Vec3 = [cx + b.x * k, 0, cz + b.z * k]
    return { foot: b.foot, start: t - swing * beatSeconds, end: t, to, yaw: b.yaw ?? 0 }
  })
}

function danceGait (ctx: ActionContext, steps: Footstep[], styling: Key[], extra: PartialPose, heading?: (t: number) => number): ActionClip {
  const k = ctx.scale
  const clip = runGait(ctx, {
    steps,
    duration: steps[steps.length - 1]!.end + 0.5,
    hipHeight: 0.93 * k,
    bob: 0.015 * k,
    sway: 0.02 * k,
    flight: false,
    lift: 0.05 * k,
    armSwing: 0,
    elbow: 20,
    lean: 0,
    stepLength: 0.35 * k,
    extraPose: extra,
    ...(heading === undefined ? {} : { heading })
  })
  return addKeyedOffsets(clip, ctx, styling)
}

const HALF = 0.095

/**
 * Waltz box step in 3/4: forward, side, close; back, side, close, each box turning a quarter to the left (`direction:
 * 'right'` turns right). Rise on beats 2 and 3, lower at the end of 3; arms in closed hold. `count`: boxes (default 2).
 */
export function waltz (ctx: ActionContext): ActionClip {
  const boxes = Math.max(1, ctx.spec.count ?? 2)
  const turn = (ctx.spec.direction === 'right' ? -1 : 1) * (Math.PI / 2)
  const beat = 0.6 / (ctx.style.tempo * ctx.spec.speed)
  const s = 0.4
  const w = 0.3
  // The box in the frame of its first step; each box is the last one rotated by a quarter turn about the centre.
  const box: [0 | 1, number, number][] = [[0, HALF, s], [1, -HALF - w, s], [0, HALF - w, s], [1, -HALF - w, 0], [0, HALF, 0], [1, -HALF, 0]]
  const beats: Beat[] = []
  const centre: [number, number] = [-w / 2, s / 2]
  for (let b = 0; b < boxes; b++) {
    for (const [i, [foot, x, z]] of box.entries()) {
      const yaw = turn * (b + (i + 1) / 6)
      const dx = x - centre[0]
      const dz = z - centre[1]
      beats.push({ foot, beat: b * 6 + i, x: centre[0] + Math.cos(yaw) * dx + Math.sin(yaw) * dz, z: centre[1] - Math.sin(yaw) * dx + Math.cos(yaw) * dz, yaw })
    }
  }
  const steps = stepsOnBeats(ctx, beats, beat, 0.75)
  const hold: PartialPose = {
    ...armPose('left', { flex: 45, abduct: 60, elbow: 95, twist: -20 }),
    ...armPose('right', { flex: 50, abduct: 35, elbow: 100, twist: -60 }),
    spineFlex: -4,
    headTwist: 20,
    neckFlex: -4
  }
  // Rise and fall: down on 1, up through 2 and 3 (the knees straighten, the heels lift at the top).
  const styling: Key[] = [{ t: 0, pose: {} }]
  for (let i = 0; i < boxes * 6; i++) {
    const t = 0.3 + i * beat
    const down = i % 3 === 0
    styling.push({ t, pose: { lKnee: down ? 14 : 0, rKnee: down ? 14 : 0, pelvisRoll: (i % 2 === 0 ? 1 : -1) * 2 } })
  }
  styling.push({ t: 0.3 + boxes * 6 * beat + 0.4, pose: {} })
  return danceGait(ctx, steps, styling, hold)
}

/**
 * Cha-cha basic: rock forward, replace, chassé left (cha-cha-cha on 4-and-1); rock back, replace, chassé right.
 * Cuban motion: the hips roll toward each supporting foot. `count`: basics (default 2).
 */
export function chaCha (ctx: ActionContext): ActionClip {
  const basics = Math.max(1, ctx.spec.count ?? 2)
  const beat = 0.45 / (ctx.style.tempo * ctx.spec.speed)
  const h = HALF
  const c = 0.2
  const basic: [0 | 1, number, number, number][] = [
    [0, 0, h, 0.3], [1, 1, -h, 0], [0, 2, h + c, 0], [1, 2.5, -h + c, 0], [0, 3, h + 2 * c, 0],
    [1, 4, -h + c, -0.3], [0, 5, h + 2 * c, 0], [1, 6, -h, 0], [0, 6.5, h + c, 0], [1, 7, -h - c + c, 0], [0, 7.5, h, 0]
  ]
  const beats: Beat[] = []
  for (let b = 0; b < basics; b++) for (const [foot, at, x, z] of basic) beats.push({ foot, beat: b * 8 + at, x, z })
  const steps = stepsOnBeats(ctx, beats, beat, 0.45)
  const frame: PartialPose = {
    ...armPose('left', { flex: 35, abduct: 50, elbow: 80, twist: -30 }),
    ...armPose('right', { flex: 40, abduct: 30, elbow: 90, twist: -50 })
  }
  const styling: Key[] = [{ t: 0, pose: {} }]
  for (const st of steps) {
    const s = st.foot === 0 ? 1 : -1
    styling.push({ t: st.end, pose: { pelvisRoll: -7 * s, pelvisYaw: 6 * s, spineSide: 4 * s, headTwist: -4 * s } })
  }
  styling.push({ t: steps[steps.length - 1]!.end + 0.4, pose: {} })
  return danceGait(ctx, steps, styling, frame)
}

/**
 * Jazz squares: the right foot crosses in front, the left steps back, the right steps to the side, the left steps
 * forward; jazz hands (arms out, wrists up) and shoulder isolations. `count`: squares (default 2).
 */
export function jazz (ctx: ActionContext): ActionClip {
  const squares = Math.max(1, ctx.spec.count ?? 2)
  const beat = 0.5 / (ctx.style.tempo * ctx.spec.speed)
  const square: [0 | 1, number, number][] = [[1, 0.02, 0.24], [0, HALF + 0.06, -0.14], [1, -HALF - 0.12, -0.1], [0, HALF, 0.04]]
  const beats: Beat[] = []
  for (let q = 0; q < squares; q++) {
    // The crossing foot turns out a little as it crosses.
    for (const [i, [foot, x, z]] of square.entries()) beats.push({ foot, beat: q * 4 + i, x, z, yaw: i === 0 ? 0.35 : 0 })
  }
  beats.push({ foot: 1, beat: squares * 4, x: -HALF, z: 0.04 })
  const steps = stepsOnBeats(ctx, beats, beat, 0.6)
  const hands: PartialPose = {
    ...armPose('left', { flex: 30, abduct: 65, elbow: 25, wrist: -65, twist: -40 }),
    ...armPose('right', { flex: 30, abduct: 65, elbow: 25, wrist: -65, twist: -40 }),
    lKnee: 18,
    rKnee: 18
  }
  const styling: Key[] = [{ t: 0, pose: {} }]
  steps.forEach((st, i) => {
    const s = i % 2 === 0 ? 1 : -1
    styling.push({ t: st.end, pose: { spineSide: 7 * s, lClavRaise: s > 0 ? 12 : 0, rClavRaise: s < 0 ? 12 : 0, pelvisRoll: -5 * s, headSide: 5 * s } })
  })
  styling.push({ t: steps[steps.length - 1]!.end + 0.4, pose: {} })
  return danceGait(ctx, steps, styling, hands)
}

const TOE_UP = 38

/** Ankle position of a foot whose ball stays at `ball` (y = 0) with the heel raised by `pitch` degrees. */
function onBall (ball: Vec3, pitch: number, k: number): Vec3 {
  const th = (pitch * Math.PI) / 180
  const ankle = 0.08 * k
  const toe = 0.125 * k
  // The ankle sits `toe` behind and `ankle` above the ball; raising the heel rotates it about the ball.
  return [ball[0], ankle * Math.cos(th) + toe * Math.sin(th), ball[2] - toe * Math.cos(th) + ankle * Math.sin(th)]
}

/**
 * Moonwalk: the flat foot slides back past the other, which stands on its ball; then the heels swap and the other
 * foot slides. The body glides backward without stepping. `count`: slides (default 6).
 */
export function moonwalk (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const slides = Math.max(2, ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds / 0.55) : 6))
  const T = 0.55 / (ctx.style.tempo * ctx.spec.speed)
  const d = 0.2 * k
  const swap = 0.3
  const lead = 0.4
  const duration = lead + slides * T + 0.5
  const n = Math.round(duration * ctx.fps) + 1
  const balls: [Vec3, Vec3] = [0, 1].map(s => [ctx.feet[s as 0 | 1][0], 0, ctx.feet[s as 0 | 1][2] + 0.125 * k]) as [Vec3, Vec3]
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const feet: [FootTarget, FootTarget][] = []
  const first: 0 | 1 = ctx.style.lead
  const sliderOf = (j: number): 0 | 1 => (j % 2 === 0 ? first : first === 0 ? 1 : 0)
  // The first slide starts beside the other foot and ends one length d behind it; every later one passes it by d.
  const span = (j: number) => (j === 0 ? d : 2 * d)
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps - lead
    const i = Math.max(0, Math.min(slides - 1, Math.floor(t / T)))
    const u = t < 0 ? 0 : Math.min(1, (t - i * T) / T)
    const slider = sliderOf(i)
    // Over the last part of each slide the heels swap: the slider's rises, the standing foot's comes down.
    const heel = smootherstep((u - (1 - swap)) / swap)
    const target = ([0, 1] as const).map(s => {
      let back = 0
      for (let j = 0; j < i; j++) if (sliderOf(j) === s) back += span(j)
      if (t >= 0 && s === slider) back += span(i) * smootherstep(u)
      let pitch: number
      if (t < 0) pitch = s === slider ? 0 : TOE_UP * smootherstep((t + lead) / lead)
      else if (s === slider) pitch = i + 1 < slides ? TOE_UP * heel : 0
      else pitch = TOE_UP * (1 - heel)
      return { pos: onBall([balls[s][0], 0, balls[s][2] - back], pitch, k), yaw: 0, pitch, planted: true }
    }) as [FootTarget, FootTarget]
    feet.push(target)
    const mz = (target[0].pos[2] + target[1].pos[2]) / 2
    root.push([(target[0].pos[0] + target[1].pos[0]) / 2, 0.9 * k, mz + 0.02 * k])
    const bob = Math.sin(Math.PI * u)
    poses.push(addPose(pose({ spineFlex: 8, pelvisPitch: 3, headFlex: -4, lElbow: 35, rElbow: 35, lArmFlex: 10, rArmFlex: 10 }), {
      [slider === 0 ? 'rKnee' : 'lKnee']: 25 * (t < 0 ? 0 : 1),
      lArmFlex: 6 * bob * (slider === 0 ? -1 : 1),
      rArmFlex: 6 * bob * (slider === 0 ? 1 : -1),
      headFlex: 2 * bob
    }))
  }
  return { poses, root, heading: root.map(() => 0), footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing', glide: true }
}
