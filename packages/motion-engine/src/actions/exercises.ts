// Whole-body exercises and strikes: jumping jacks (small ballistic hops, feet apart and together), squats, high
// kicks, punch combinations, pushing, pulling, a two-handed bat swing, falling down, sitting on a chair.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext, FootTarget } from '../synth/action-clip.js'
import { smootherstep } from '../synth/easing.js'
import { keyed, repeatKeys, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import { addPose, pose } from '../synth/pose-spec.js'
import type { PartialPose, PoseSpec } from '../synth/pose-spec.js'
import { armPose, BOTH_ARMS } from './channels.js'
import { kick, punch } from './combat.js'
import { LYING, SEATED, SQUAT } from './postures.js'

const G = 9.81

export function jumpingJacks (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const count = ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.max(1, Math.round(ctx.spec.durationSeconds / 0.9)) : 4)
  const apex = 0.1 * k
  const v = Math.sqrt(2 * G * apex)
  const flight = (2 * v) / G
  const stance = 0.22 / (ctx.style.tempo * ctx.spec.speed)
  // Each jack is two hops: out (feet apart, arms overhead) and in (feet together, arms down).
  const hop = flight + stance
  const lead = 0.25
  const n = Math.round((lead + count * 2 * hop + 0.4) * ctx.fps) + 1
  const stand = 0.94 * k
  const half = 0.095 * k
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const feet: [FootTarget | null, FootTarget | null][] = []
  const start = ctx.feet
  const cx = (start[0][0] + start[1][0]) / 2
  const cz = (start[0][2] + start[1][2]) / 2
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps - lead
    const i = Math.floor(t / hop)
    const u = t - i * hop
    const active = t >= 0 && i < count * 2
    const outward = active && i % 2 === 0
    let y = stand
    let open = 0
    let air = false
    if (active && u >= stance) {
      const tf = u - stance
      y = stand + v * tf - 0.5 * G * tf * tf
      air = true
      const e = smootherstep(tf / flight)
      open = outward ? e : 1 - e
    } else if (active) {
      y = stand - 0.05 * k * Math.sin(Math.PI * u / stance)
      open = i % 2 === 1 ? 1 : 0
    }
    const spread = half + 0.22 * k * open
    root.push([cx, y, cz])
    feet.push([0, 1].map(s => {
      const x = cx + (s === 0 ? spread : -spread)
      return { pos: [x, 0.08 * k + (air ? y - stand : 0), cz], yaw: 0, pitch: 0, planted: !air }
    }) as [FootTarget, FootTarget])
    poses.push(
      addPose(pose({}), {
        ...armPose('left', { flex: 0, abduct: 10 + 150 * open, elbow: 10 }),
        ...armPose('right', { flex: 0, abduct: 10 + 150 * open, elbow: 10 })
      })
    )
  }
  return { poses, root, heading: root.map(() => 0), footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing' }
}

export function squat (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const count = ctx.spec.count ?? 3
  const down: PartialPose = { ...SQUAT, ...armPose('left', { flex: 85, abduct: 5, elbow: 5 }), ...armPose('right', { flex: 85, abduct: 5, elbow: 5 }) }
  const keys = repeatKeys([{ t: 0, pose: {} }, { t: 0.8, pose: down, y: 0.6 * k, z: -0.12 * k }, { t: 1.6, pose: {} }], count)
  return keyed(ctx, keys, IN_PLACE)
}

export function highKick (ctx: ActionContext): ActionClip {
  return kick({ ...ctx, style: { ...ctx.style, amplitude: ctx.style.amplitude * 1.45 } })
}

export function combo (ctx: ActionContext): ActionClip {
  // Jab, cross, hook... alternating hands: three strikes per combination.
  return punch({ ...ctx, spec: { ...ctx.spec, count: (ctx.spec.count ?? 1) * 3, side: undefined } })
}

function leanAction (ctx: ActionContext, arms: PartialPose, lean: number, shift: number): ActionClip {
  const k = ctx.scale
  const count = ctx.spec.count ?? 2
  const set = { ...arms, spineFlex: lean, pelvisPitch: lean * 0.4 }
  const keys = repeatKeys([{ t: 0, pose: {} }, { t: 0.5, pose: set, z: shift * k }, { t: 1.1, pose: set, z: shift * k }, { t: 1.6, pose: {} }], count)
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...BOTH_ARMS, 'spineFlex', 'pelvisPitch'] })
}

export function push (ctx: ActionContext): ActionClip {
  return leanAction(
    ctx,
    {
      ...armPose('left', { flex: 85, abduct: 12, elbow: 8, twist: -80, wrist: -50 }),
      ...armPose('right', { flex: 85, abduct: 12, elbow: 8, twist: -80, wrist: -50 })
    },
    18,
    0.08
  )
}

export function pull (ctx: ActionContext): ActionClip {
  return leanAction(
    ctx,
    { ...armPose('left', { flex: 55, abduct: 10, elbow: 95, twist: -60 }), ...armPose('right', { flex: 55, abduct: 10, elbow: 95, twist: -60 }) },
    -14,
    -0.08
  )
}

export function batSwing (ctx: ActionContext): ActionClip {
  const count = ctx.spec.count ?? 1
  const a = ctx.style.amplitude
  const load = {
    ...armPose('left', { flex: 60, abduct: -20, elbow: 90, twist: -50 }),
    ...armPose('right', { flex: 40, abduct: 40, elbow: 110, twist: -60 }),
    spineTwist: -30 * a,
    pelvisYaw: -12,
    headTwist: 30
  }
  const hit = {
    ...armPose('left', { flex: 80, abduct: 30, elbow: 10, twist: -20 }),
    ...armPose('right', { flex: 85, abduct: -10, elbow: 25, twist: -40 }),
    spineTwist: 15 * a,
    pelvisYaw: 12,
    headTwist: 5
  }
  const follow = {
    ...armPose('left', { flex: 100, abduct: 60, elbow: 70 }),
    ...armPose('right', { flex: 110, abduct: 20, elbow: 60 }),
    spineTwist: 35 * a,
    pelvisYaw: 18,
    headTwist: -10
  }
  const keys: Key[] = repeatKeys(
    [
      { t: 0, pose: load },
      { t: 0.25, pose: hit },
      { t: 0.5, pose: follow },
      { t: 1.3, pose: load }
    ],
    count,
    [
      { t: 0, pose: {} },
      { t: 0.7, pose: load }
    ],
    [{ t: 0.6, pose: {} }]
  )
  return keyed(ctx, keys, { ...IN_PLACE, channels: [...BOTH_ARMS, 'spineTwist', 'pelvisYaw', 'headTwist'] })
}

export function fall (ctx: ActionContext): ActionClip {
  const hold = ctx.spec.durationSeconds ?? 1.2
  return keyed(
    ctx,
    [
      { t: 0, pose: {} },
      {
        t: 0.35,
        pose: {
          spineFlex: -12,
          lKnee: 25,
          rKnee: 35,
          ...armPose('left', { abduct: 70, flex: 30, elbow: 20 }),
          ...armPose('right', { abduct: 70, flex: 30, elbow: 20 })
        }
      },
      { t: 0.8, pose: { ...SEATED, spineFlex: -10, lElbow: 15, rElbow: 15, lArmFlex: -30, rArmFlex: -30 } },
      { t: 1.3, pose: LYING },
      { t: 1.3 + hold, pose: { ...LYING, headFlex: 16 } }
    ],
    { footMode: 'free', ground: 'fit', endPosture: 'lying' }
  )
}

/**
 * Side bend: the trunk bends to the named side (`side`; 'both' alternates, starting left), the other arm arching
 * over the head and the near hand sliding down the thigh, the hips shifting the other way for balance. `count`:
 * bends (default 2 each side for 'both', else 2).
 */
export function sideBend (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const a = Math.min(1.2, ctx.style.amplitude)
  const sides: (1 | -1)[] = ctx.spec.side === 'right' ? [-1] : ctx.spec.side === 'both' ? [1, -1] : [1]
  const count = Math.max(1, ctx.spec.count ?? 2) * sides.length
  const bend = (s: 1 | -1): PartialPose => {
    const near = s === 1 ? 'left' : 'right'
    const far = s === 1 ? 'right' : 'left'
    return {
      spineSide: 40 * s * a,
      pelvisRoll: -4 * s,
      neckSide: 6 * s,
      headSide: 6 * s,
      ...armPose(near, { flex: 2, abduct: 4, elbow: 8 }),
      ...armPose(far, { flex: 10, abduct: 150, elbow: 30 })
    }
  }
  const keys: Key[] = [{ t: 0, pose: {} }]
  for (let i = 0; i < count; i++) {
    const s = sides[i % sides.length]!
    const t = i * 2.3
    const held = { pose: bend(s), x: -0.04 * k * s, y: 0.935 * k }
    keys.push({ t: t + 1, ...held }, { t: t + 1.5, ...held }, { t: t + 2.3, pose: {} })
  }
  return keyed(ctx, keys, IN_PLACE)
}
