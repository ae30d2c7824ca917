// A groove on the beat: knee bounce, hip sway, alternating arm pumps and head bob; style changes the energy.
import type { ActionClip, ActionContext } from '../synth/action-clip.js'
import { IN_PLACE, keyed } from '../synth/keyframes.js'
import type { Key } from '../synth/keyframes.js'

export function dance (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const a = ctx.style.amplitude
  const beat = 0.5
  const beats = ctx.spec.count !== undefined ? ctx.spec.count * 4 : Math.max(4, Math.round((ctx.spec.durationSeconds ?? 4) / beat))
  const keys: Key[] = [{ t: 0, pose: {} }]
  for (let i = 0; i < beats; i++) {
    const s = i % 2 === 0 ? 1 : -1
    const t = (i + 1) * beat
    const up = i % 4 < 2
    keys.push({
      t: t - beat / 2,
      y: 0.9 * k,
      x: 0.05 * k * s * a,
      pose: {
        pelvisRoll: 9 * s * a,
        spineSide: -6 * s * a,
        headSide: 4 * s,
        headFlex: 10,
        lKnee: 30,
        rKnee: 30,
        lArmAbduct: up ? 60 + 60 * a * (s > 0 ? 1 : 0.3) : 30,
        rArmAbduct: up ? 60 + 60 * a * (s < 0 ? 1 : 0.3) : 30,
        lArmFlex: up ? 20 : 55,
        rArmFlex: up ? 20 : 55,
        lElbow: 90,
        rElbow: 90,
        lArmTwist: -60,
        rArmTwist: -60,
        spineTwist: 10 * s * a
      }
    })
    keys.push({
      t,
      y: 0.935 * k,
      x: 0.02 * k * s * a,
      pose: {
        pelvisRoll: 4 * s * a,
        headFlex: -4,
        lElbow: 70,
        rElbow: 70,
        lArmFlex: 35,
        rArmFlex: 35,
        lArmAbduct: 35,
        rArmAbduct: 35,
        lArmTwist: -40,
        rArmTwist: -40
      }
    })
  }
  keys.push({ t: beats * beat + 0.5, pose: {} })
  return keyed(ctx, keys, IN_PLACE)
}
