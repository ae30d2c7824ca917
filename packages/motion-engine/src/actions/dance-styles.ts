// Dance styles on the beat, feet planted: hip hop (deep knee bounce, arm pumps), salsa (hip roll, arms in frame),
// disco (the point up-and-across), ballet (pliés with port de bras), robot (held angular poses that snap).
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { keyed, IN_PLACE } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'
import type { PartialPose } from '../synth/pose-spec.js'
import { armPose } from './channels.js'

/** Beats alternating between the poses returned for even and odd beats; `y` is the hips height per beat. */
function onBeat (ctx: ActionContext, beat: number, poseAt: (i: number) => { pose: PartialPose, y: number, x?: number }, snap = false): ActionClip {
  const k = ctx.scale
  const beats = ctx.spec.count !== undefined ? ctx.spec.count * 4 : Math.max(4, Math.round((ctx.spec.durationSeconds ?? 4) / beat))
  const keys: Key[] = [{ t: 0, pose: {} }]
  for (let i = 0; i < beats; i++) {
    const p = poseAt(i)
    const key = { pose: p.pose, y: p.y * k, x: (p.x ?? 0) * k }
    // Robot moves snap into place and hold; the others flow through each beat.
    if (snap) keys.push({ t: (i + 0.25) * beat, ...key }, { t: (i + 1) * beat, ...key })
    else keys.push({ t: (i + 1) * beat, ...key })
  }
  keys.push({ t: (beats + 1) * beat, pose: {} })
  return keyed(ctx, keys, IN_PLACE)
}

export function hipHop (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  return onBeat(ctx, 0.45, i => {
    const s = i % 2 === 0 ? 1 : -1
    const down = i % 2 === 0
    return {
      y: down ? 0.86 : 0.92,
      x: 0.03 * s,
      pose: {
        lKnee: down ? 40 : 15,
        rKnee: down ? 40 : 15,
        spineFlex: down ? 18 : 5,
        headFlex: down ? 18 : -8,
        spineTwist: 12 * s * a,
        ...armPose('left', { flex: down ? 70 : 30, abduct: 30, elbow: 100, twist: -60 }),
        ...armPose('right', { flex: down ? 30 : 70, abduct: 30, elbow: 100, twist: -60 })
      }
    }
  })
}

export function salsa (ctx: ActionContext): ActionClip {
  const a = ctx.style.amplitude
  const frame = { ...armPose('left', { flex: 35, abduct: 55, elbow: 80, twist: -30 }), ...armPose('right', { flex: 45, abduct: 30, elbow: 95, twist: -50 }) }
  return onBeat(ctx, 0.4, i => {
    const s = i % 4 < 2 ? 1 : -1
    return {
      y: 0.925,
      x: 0.04 * s * a,
      pose: { ...frame, pelvisRoll: 8 * s * a, pelvisYaw: 10 * s * a, spineSide: -5 * s, lKnee: s > 0 ? 20 : 5, rKnee: s > 0 ? 5 : 20, headTwist: -8 * s }
    }
  })
}

export function disco (ctx: ActionContext): ActionClip {
  return onBeat(ctx, 0.5, i => {
    const up = i % 2 === 0
    return {
      y: up ? 0.93 : 0.9,
      pose: up
        ? {
            ...armPose('right', { flex: 150, abduct: 40, elbow: 5 }),
            ...armPose('left', { flex: -10, abduct: 20, elbow: 80 }),
            spineSide: 8,
            pelvisRoll: -6,
            headFlex: -10,
            headTwist: -15
          }
        : {
            ...armPose('right', { flex: 40, abduct: -25, elbow: 10 }),
            ...armPose('left', { flex: -10, abduct: 20, elbow: 80 }),
            spineSide: -6,
            pelvisRoll: 6,
            headFlex: 10,
            headTwist: 15,
            lKnee: 20,
            rKnee: 20
          }
    }
  })
}

export function ballet (ctx: ActionContext): ActionClip {
  // Port de bras from first position (rounded in front) to fifth (rounded overhead), with a plié on each.
  const first = { ...armPose('left', { flex: 60, abduct: -5, elbow: 40, twist: -70 }), ...armPose('right', { flex: 60, abduct: -5, elbow: 40, twist: -70 }) }
  const fifth = { ...armPose('left', { flex: 165, abduct: 15, elbow: 35, twist: -60 }), ...armPose('right', { flex: 165, abduct: 15, elbow: 35, twist: -60 }) }
  const second = { ...armPose('left', { flex: 20, abduct: 80, elbow: 20 }), ...armPose('right', { flex: 20, abduct: 80, elbow: 20 }) }
  return onBeat(ctx, 0.9, i => {
    const phase = i % 3
    const arms = phase === 0 ? first : phase === 1 ? fifth : second
    return {
      y: phase === 0 ? 0.88 : 0.94,
      pose: {
        ...arms,
        lKnee: phase === 0 ? 35 : 2,
        rKnee: phase === 0 ? 35 : 2,
        lHipAbduct: 8,
        rHipAbduct: 8,
        spineFlex: -6,
        headFlex: -8,
        headTwist: phase === 2 ? 20 : 0
      }
    }
  })
}

export function robot (ctx: ActionContext): ActionClip {
  const poses: PartialPose[] = [
    { ...armPose('left', { flex: 90, abduct: 0, elbow: 90, twist: 0 }), ...armPose('right', { flex: 0, abduct: 90, elbow: 90, twist: -90 }), headTwist: 30 },
    { ...armPose('left', { flex: 0, abduct: 90, elbow: 90, twist: -90 }), ...armPose('right', { flex: 90, abduct: 0, elbow: 90, twist: 0 }), headTwist: -30 },
    { ...armPose('left', { flex: 90, abduct: 0, elbow: 0, twist: 0 }), ...armPose('right', { flex: 90, abduct: 0, elbow: 0, twist: 0 }), spineTwist: 20 },
    {
      ...armPose('left', { flex: 0, abduct: 20, elbow: 90, twist: 0 }),
      ...armPose('right', { flex: 0, abduct: 20, elbow: 90, twist: 0 }),
      spineTwist: -20,
      headFlex: 15
    }
  ]
  return onBeat(ctx, 0.6, i => ({ y: 0.93, pose: poses[i % poses.length]! }), true)
}
