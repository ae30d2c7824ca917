// Ballistic jumps and one-legged hops: anticipation crouch, take-off, parabolic flight under gravity, absorbing landing.
import type { Vec3 } from '../clip.js'
import type { ActionClip, ActionContext, FootTarget } from '../synth/action-clip.js'
import { smootherstep } from '../synth/easing.js'
import { addPose, pose } from '../synth/pose-spec.js'
import type { PoseSpec } from '../synth/pose-spec.js'

const G = 9.81

interface JumpShape { height: number, distance: number, crouch: number, oneLeg: boolean, defaultCount: number }

function ballistic (ctx: ActionContext, shape: JumpShape): ActionClip {
  const k = ctx.scale
  const tempo = ctx.style.tempo * ctx.spec.speed
  const amp = ctx.style.amplitude
  const count = ctx.spec.count ?? shape.defaultCount
  const apex = shape.height * k * Math.sqrt(amp)
  const v = Math.sqrt(2 * G * apex)
  const flight = (2 * v) / G
  const prep = 0.38 / tempo
  const push = 0.12
  const land = 0.3 / tempo
  const settle = shape.oneLeg ? 0.12 : 0.35 / tempo
  const cycle = prep + push + flight + land
  const total = count * cycle + settle + 0.2
  const n = Math.round(total * ctx.fps) + 1
  const stand = 0.94 * k
  const low = stand - shape.crouch * k
  // The way each jump travels, a unit (x, z) in the local frame (+x is the character's left): `dist` metres along it.
  const along = travel(ctx.spec.direction)
  const dist = shape.distance * k
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const heading: number[] = []
  const feet: [FootTarget | null, FootTarget | null][] = []
  const start: [Vec3, Vec3] = ctx.feet
  // A hop is on the named foot (`side`), the other held up; unnamed, on the leading foot.
  const lifted = ctx.spec.side === 'left' ? 1 : ctx.spec.side === 'right' ? 0 : ctx.style.lead === 0 ? 1 : 0
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps
    const c = Math.min(count - 1, Math.floor(t / cycle))
    const u = t - c * cycle
    const z0 = c * dist
    let y = stand
    let z = z0
    let crouch = 0
    let air = 0
    let armUp = 0
    // The arms swing back early in the crouch and forward-up through the push: a 0.3 s swing, as in real jumps,
    // instead of a flick inside the push alone.
    const swingStart = prep * 0.55
    if (u < prep) {
      crouch = smootherstep(u / prep)
      armUp = u < swingStart ? -smootherstep(u / swingStart) : -1 + 2 * smootherstep((u - swingStart) / (prep + push - swingStart))
    } else if (u < prep + push) {
      const e = (u - prep) / push
      crouch = 1 - smootherstep(e)
      armUp = -1 + 2 * smootherstep((u - swingStart) / (prep + push - swingStart))
    } else if (u < prep + push + flight) {
      const tf = u - prep - push
      y = stand + v * tf - 0.5 * G * tf * tf
      z = z0 + dist * (tf / flight)
      air = Math.sin(Math.PI * (tf / flight))
      armUp = 1 - 0.6 * (tf / flight)
    } else if (t < count * cycle) {
      const e = (u - prep - push - flight) / land
      crouch = Math.sin(Math.PI * Math.min(1, e)) * 0.8
      z = z0 + dist
      armUp = 0.4 * (1 - e)
    } else {
      z = count * dist
    }
    y -= (stand - low) * crouch
    root.push([along[0] * z, y, along[1] * z])
    heading.push(0)
    const lean = 22 * crouch + 8 * air
    poses.push(addPose(pose({ spineFlex: lean, pelvisPitch: 10 * crouch, headFlex: -10 * crouch }), {
      lArmFlex: 70 * armUp * amp,
      rArmFlex: 70 * armUp * amp,
      lElbow: 20 + 20 * Math.abs(armUp),
      rElbow: 20 + 20 * Math.abs(armUp),
      ...(shape.oneLeg ? { [lifted === 0 ? 'lHipFlex' : 'rHipFlex']: 25, [lifted === 0 ? 'lKnee' : 'rKnee']: 85 } : {})
    }))
    // Feet stay planted on the ground except in flight, where they tuck under the pelvis.
    const zBase = z
    feet.push([0, 1].map(side => {
      const s = side as 0 | 1
      if (shape.oneLeg && s === lifted) return null
      const g = start[s]
      const travelled = t >= count * cycle ? count * dist : c * dist + (u >= prep + push + flight ? dist : 0)
      const onGround: Vec3 = [g[0] + along[0] * travelled, 0.08 * k, g[2] + along[1] * travelled]
      if (air > 0 || (u >= prep + push && u < prep + push + flight)) {
        const tuck = 0.12 * k * air * amp
        return { pos: [g[0] + along[0] * zBase, 0.08 * k + (y - stand) + tuck, g[2] + along[1] * zBase], yaw: 0, pitch: 20 * air }
      }
      return { pos: onGround, yaw: 0, pitch: 0, planted: true }
    }) as [FootTarget | null, FootTarget | null])
  }
  return { poses, root, heading, footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing' }
}

function travel (direction: ActionContext['spec']['direction']): [number, number] {
  if (direction === 'left') return [1, 0]
  if (direction === 'right') return [-1, 0]
  return direction === 'backward' ? [0, -1] : [0, 1]
}

const SIDEWAYS = new Set<ActionContext['spec']['direction']>(['left', 'right'])
const TRAVELLING = new Set<ActionContext['spec']['direction']>(['forward', 'backward', 'left', 'right'])

export function jump (ctx: ActionContext): ActionClip {
  const moving = TRAVELLING.has(ctx.spec.direction) || ctx.spec.distance !== undefined
  // Sideways a person pushes off less far than forwards.
  const distance = moving ? ctx.spec.distance ?? (SIDEWAYS.has(ctx.spec.direction) ? 0.5 : 0.8) : 0
  return ballistic(ctx, { height: moving ? 0.3 : 0.35, distance, crouch: 0.2, oneLeg: false, defaultCount: 1 })
}

export function hop (ctx: ActionContext): ActionClip {
  const moving = TRAVELLING.has(ctx.spec.direction)
  return ballistic(ctx, { height: 0.12, distance: moving ? (SIDEWAYS.has(ctx.spec.direction) ? 0.25 : 0.35) : 0, crouch: 0.08, oneLeg: true, defaultCount: 3 })
}

/**
 * Skipping rope: quick low two-footed bounces on the balls of the feet (about 5 cm, two a second), upper arms at the
 * sides and the wrists turning the rope in circles, one turn per bounce. `count`: jumps (default 10).
 */
export function jumpRope (ctx: ActionContext): ActionClip {
  const k = ctx.scale
  const tempo = ctx.style.tempo * ctx.spec.speed
  const count = Math.max(1, ctx.spec.count ?? (ctx.spec.durationSeconds !== undefined ? Math.round(ctx.spec.durationSeconds * 2) : 10))
  const apex = 0.05 * k
  const v = Math.sqrt(2 * G * apex)
  const flight = (2 * v) / G
  const stance = Math.max(0.16, 0.5 / tempo - flight)
  const cycle = stance + flight
  const lead = 0.6
  const n = Math.round((lead + count * cycle + 0.5) * ctx.fps) + 1
  const stand = 0.94 * k
  const poses: PoseSpec[] = []
  const root: Vec3[] = []
  const feet: [FootTarget | null, FootTarget | null][] = []
  const start = ctx.feet
  for (let f = 0; f < n; f++) {
    const t = f / ctx.fps - lead
    const c = Math.floor(t / cycle)
    const u = t - c * cycle
    const active = t >= 0 && c < count
    let y = stand
    let air = false
    let ball = 0
    if (active && u >= stance) {
      const tf = u - stance
      y = stand + v * tf - 0.5 * G * tf * tf
      air = true
      ball = 1
    } else if (active) {
      // Landing and take-off on the balls of the feet: a small dip in the knees between bounces.
      y = stand - 0.035 * k * Math.sin((Math.PI * u) / stance)
      ball = 1
    }
    // The rope's turn: the hands circle once per bounce, passing under the feet in flight.
    const ready = smootherstep(Math.min(1, (t + lead) / lead)) * (t < count * cycle ? 1 : 1 - smootherstep((t - count * cycle) / 0.5))
    const phase = active ? (2 * Math.PI * u) / cycle : 0
    root.push([(start[0][0] + start[1][0]) / 2, y - 0.01 * k * ready, (start[0][2] + start[1][2]) / 2])
    feet.push(([0, 1] as const).map(s => {
      const g = start[s]
      const pitch = 18 * ball * ready
      return { pos: [g[0], 0.08 * k + 0.03 * k * (pitch / 18) + (air ? y - stand : 0), g[2]], yaw: 0, pitch, planted: !air }
    }) as [FootTarget, FootTarget])
    const circle = { flex: 12 + 14 * Math.cos(phase), abduct: 24 + 8 * Math.sin(phase), elbow: 80, wrist: -20 + 25 * Math.sin(phase) }
    poses.push(addPose(pose({}), {
      lArmFlex: (circle.flex - 4) * ready,
      rArmFlex: (circle.flex - 4) * ready,
      lArmAbduct: (circle.abduct - 9) * ready,
      rArmAbduct: (circle.abduct - 9) * ready,
      lElbow: (circle.elbow - 12) * ready,
      rElbow: (circle.elbow - 12) * ready,
      lWrist: circle.wrist * ready,
      rWrist: circle.wrist * ready,
      lKnee: 8 * ready,
      rKnee: 8 * ready,
      spineFlex: 4 * ready,
      headFlex: -3 * ready
    }))
  }
  return { poses, root, heading: root.map(() => 0), footMode: 'targets', feet, ground: 'explicit', endPosture: 'standing' }
}
