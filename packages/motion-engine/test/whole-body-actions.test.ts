// The defining feature of each whole-body action, measured on the generated motion (driven by an
// explicit plan, so the prompt analysis is not under test here).
import { describe, expect, it } from 'vitest'
import { fk, jointIndex } from '../src/index.js'
import type { ActionSpec, MotionClip, Vec3 } from '../src/index.js'
import { quatRotate } from '../src/math/quat.js'
import { engine, footSkate, track } from './helpers/motion.js'

function plan (...actions: Partial<ActionSpec>[]): Promise<MotionClip> {
  return engine.generateTimeline(actions.map(a => ({ action: { kind: 'idle', speed: 1, emotion: 'neutral', ...a } })), { prompt: 'plan', seed: 7 })
}

/** A body axis of a joint (its local vector `v`) in the world, per frame. */
function axis (clip: MotionClip, joint: string, v: Vec3): Vec3[] {
  const j = jointIndex(clip.skeleton, joint)
  return Array.from({ length: clip.frameCount }, (_, f) => quatRotate(fk(clip, f).rotations[j]!, v))
}

/** Angles (degrees) made continuous across ±180. */
function unwrap (angles: number[]): number[] {
  const out = [angles[0]!]
  for (let i = 1; i < angles.length; i++) {
    let d = angles[i]! - angles[i - 1]!
    d -= 360 * Math.round(d / 360)
    out.push(out[i - 1]! + d)
  }
  return out
}

const DEG = 180 / Math.PI
const yaw = (clip: MotionClip): number[] => unwrap(axis(clip, 'Hips', [0, 0, 1]).map(f => Math.atan2(f[0], f[2]) * DEG))
const last = <T>(xs: T[]): T => xs[xs.length - 1]!
const lowestJoint = (clip: MotionClip): number[] =>
  Array.from({ length: clip.frameCount }, (_, f) => Math.min(...fk(clip, f).positions.map(p => p[1])))

describe('acrobatics', () => {
  it('backflip: the hips turn a full circle backwards about the lateral axis while the body is off the floor', async () => {
    const clip = await plan({ kind: 'backflip' })
    const up = axis(clip, 'Hips', [0, 1, 0])
    const pitch = unwrap(up.map(u => Math.atan2(u[2], u[1]) * DEG))
    expect(last(pitch) - pitch[0]!).toBeLessThan(-320)
    expect(last(pitch) - pitch[0]!).toBeGreaterThan(-400)
    // Backwards, not sideways: the hips' up axis stays in the sagittal plane.
    expect(Math.max(...up.map(u => Math.abs(u[0])))).toBeLessThan(0.3)
    expect(Math.max(...lowestJoint(clip))).toBeGreaterThan(0.25)
    const duration = clip.frameCount / clip.fps
    expect(duration).toBeGreaterThan(1.8)
    expect(duration).toBeLessThan(3.5)
  })

  it('cartwheel: both hands touch the floor and the body turns over sideways, travelling to the side', async () => {
    for (const [direction, sign] of [['left', 1], ['right', -1]] as const) {
      const clip = await plan({ kind: 'cartwheel', direction })
      for (const hand of ['LeftHandMiddle4', 'RightHandMiddle4']) expect(Math.min(...track(clip, hand).map(p => p[1]))).toBeLessThan(0.04)
      const up = axis(clip, 'Hips', [0, 1, 0])
      const roll = unwrap(up.map(u => Math.atan2(u[0], u[1]) * DEG))
      expect(sign * (last(roll) - roll[0]!)).toBeGreaterThan(320)
      expect(Math.min(...up.map(u => u[1]))).toBeLessThan(-0.9)
      const hips = track(clip, 'Hips')
      expect(sign * (last(hips)[0] - hips[0]![0])).toBeGreaterThan(1)
      expect(Math.abs(last(hips)[2] - hips[0]![2])).toBeLessThan(0.4)
    }
  })
})

describe('balance and falls', () => {
  it('moonwalk: the feet slide backwards on the floor, never stepping, while the body glides backwards', async () => {
    const clip = await plan({ kind: 'moonwalk' })
    const hips = track(clip, 'Hips')
    expect(last(hips)[2] - hips[0]![2]).toBeLessThan(-0.8)
    for (const ball of ['LeftToeBase', 'RightToeBase']) {
      const p = track(clip, ball)
      // A step would lift the ball 10 cm or more; sliding keeps it on the floor.
      expect(Math.max(...p.map(q => q[1]))).toBeLessThan(0.09)
      let slid = 0
      for (let f = 1; f < p.length; f++) slid += Math.min(0, p[f]![2] - p[f - 1]![2])
      expect(slid).toBeLessThan(-0.6)
    }
  })

  it('stumble: the trunk pitches forward, a foot lands well ahead to catch it, and the body ends upright', async () => {
    const clip = await plan({ kind: 'stumble' })
    const head = track(clip, 'Head')
    const hips = track(clip, 'Hips')
    const lean = head.map((h, f) => h[2] - hips[f]![2])
    expect(Math.max(...lean)).toBeGreaterThan(0.12)
    expect(Math.abs(last(lean))).toBeLessThan(0.06)
    const ahead = Math.max(...['LeftFoot', 'RightFoot'].map(j => Math.max(...track(clip, j).map(p => p[2]))))
    expect(ahead - hips[0]![2]).toBeGreaterThan(0.45)
  })

  it('stumbling backwards: the trunk falls back, a foot lands well behind to catch it, and the body ends upright', async () => {
    const clip = await engine.generate({ prompt: 'he stumbles backwards', seed: 1 })
    const head = track(clip, 'Head')
    const hips = track(clip, 'Hips')
    const lean = head.map((h, f) => h[2] - hips[f]![2])
    expect(Math.min(...lean)).toBeLessThan(-0.08)
    expect(Math.abs(last(lean))).toBeLessThan(0.06)
    const behind = Math.min(...['LeftFoot', 'RightFoot'].map(j => Math.min(...track(clip, j).map(p => p[2]))))
    expect(hips[0]![2] - behind).toBeGreaterThan(0.3)
  })

  it('jumps and hops travel the way the words name: left, right, forward, back, or stay in place', async () => {
    const cases = [['jump to the left', 0, 1], ['someone jumps to the right', 0, -1], ['jump forward', 2, 1], ['jump backwards', 2, -1], ['hop to the left', 0, 1]] as const
    for (const [prompt, component, sign] of cases) {
      const hips = track(await engine.generate({ prompt, seed: 1 }), 'Hips')
      expect(sign * (last(hips)[component] - hips[0]![component]), prompt).toBeGreaterThan(0.3)
      const across = component === 0 ? 2 : 0
      expect(Math.abs(last(hips)[across] - hips[0]![across]), prompt).toBeLessThan(0.05)
    }
    const inPlace = track(await engine.generate({ prompt: 'jump in place', seed: 1 }), 'Hips')
    expect(Math.hypot(last(inPlace)[0] - inPlace[0]![0], last(inPlace)[2] - inPlace[0]![2])).toBeLessThan(0.05)
  })

  it('stomping with a named foot stamps that foot on the spot, the other stays on the floor', async () => {
    for (const [side, moving, planted] of [['left', 'LeftFoot', 'RightFoot'], ['right', 'RightFoot', 'LeftFoot']] as const) {
      const clip = await engine.generate({ prompt: `stomp with the ${side} foot three times`, seed: 1 })
      const lifted = track(clip, moving).map(p => p[1])
      let strikes = 0
      for (let f = 1; f < lifted.length; f++) if (lifted[f - 1]! > 0.15 && lifted[f]! <= 0.15) strikes++
      expect(strikes, side).toBe(3)
      expect(Math.max(...track(clip, planted).map(p => p[1])), side).toBeLessThan(0.12)
      const hips = track(clip, 'Hips')
      expect(Math.hypot(last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2]), side).toBeLessThan(0.1)
    }
  })

  it('crawling covers the distance asked for, forwards or backwards', async () => {
    for (const [prompt, metres] of [['crawl forward 1.5 meters', 1.5], ['crawl forward 4 meters', 4], ['crawl backwards 2 meters', -2]] as const) {
      const hips = track(await engine.generate({ prompt, seed: 1 }), 'Hips')
      // Within one stride of the crawl (about 0.32 m).
      expect(Math.abs(last(hips)[2] - hips[0]![2] - metres), prompt).toBeLessThan(0.35)
    }
  })

  it('pushed: the body is driven away from the push and catches itself standing', async () => {
    const cases = [['front', 2, -1], ['back', 2, 1], ['left', 0, -1], ['right', 0, 1]] as const
    for (const [from, component, sign] of cases) {
      const clip = await plan({ kind: 'pushed', from })
      const hips = track(clip, 'Hips')
      expect(sign * (last(hips)[component] - hips[0]![component]), from).toBeGreaterThan(0.25)
      expect(last(hips)[1], from).toBeGreaterThan(0.85)
    }
  })

  it('pushed with a fall: from the front the person ends lying on the back, from behind face down', async () => {
    for (const [from, facing] of [['front', 1], ['back', -1]] as const) {
      const clip = await plan({ kind: 'pushed', from, fall: true })
      expect(last(track(clip, 'Hips'))[1], from).toBeLessThan(0.3)
      expect(facing * last(axis(clip, 'Hips', [0, 0, 1]))[1], from).toBeGreaterThan(0.8)
    }
  })
})

describe('floor transitions', () => {
  it('gets up from lying on the back to standing, pushing off the floor with the hands', async () => {
    const down = await plan({ kind: 'lieDown' })
    const clip = await plan({ kind: 'lieDown' }, { kind: 'getUp', style: 'withHands' })
    const hands = ['LeftHandMiddle4', 'RightHandMiddle4'].map(j => track(clip, j).slice(down.frameCount))
    for (const h of hands) expect(Math.min(...h.map(p => p[1]))).toBeLessThan(0.04)
    expect(last(track(clip, 'Hips'))[1]).toBeGreaterThan(0.85)
  })

  it('lies down on the front (face down) and gets up from there', async () => {
    const down = await plan({ kind: 'lieDown', style: 'onFront' })
    expect(last(track(down, 'Hips'))[1]).toBeLessThan(0.3)
    expect(last(axis(down, 'Hips', [0, 0, 1]))[1]).toBeLessThan(-0.8)
    const up = await plan({ kind: 'lieDown', style: 'onFront' }, { kind: 'getUp' })
    expect(last(track(up, 'Hips'))[1]).toBeGreaterThan(0.85)
  })

  it('walking after lying face down or being knocked down first gets up through the posture flow', async () => {
    for (const first of [{ kind: 'lieDown', style: 'onFront' }, { kind: 'pushed', from: 'back', fall: true }] as const) {
      const clip = await plan(first, { kind: 'walk', count: 4 })
      const hips = track(clip, 'Hips')
      expect(last(hips)[1], first.kind).toBeGreaterThan(0.85)
      expect(Math.min(...hips.map(p => p[1])), first.kind).toBeLessThan(0.3)
    }
  })

  it('kneels down with the hands on the floor and ends on one knee, trunk upright', async () => {
    const clip = await plan({ kind: 'kneel', style: 'withHands' })
    expect(Math.min(...track(clip, 'RightHandMiddle4').map(p => p[1]))).toBeLessThan(0.04)
    expect(last(track(clip, 'RightLeg'))[1]).toBeLessThan(0.15)
    expect(last(axis(clip, 'Spine2', [0, 1, 0]))[1]).toBeGreaterThan(0.85)
  })

  it('goes from crawling up onto the knees without standing up in between', async () => {
    const crawl = await plan({ kind: 'crawl' })
    const clip = await plan({ kind: 'crawl' }, { kind: 'kneel' })
    const hips = track(clip, 'Hips').slice(crawl.frameCount)
    expect(Math.max(...hips.map(p => p[1]))).toBeLessThan(0.8)
    expect(last(track(clip, 'RightLeg'))[1]).toBeLessThan(0.15)
    expect(last(axis(clip, 'Spine2', [0, 1, 0]))[1]).toBeGreaterThan(0.85)
  })
})

describe('trunk and hops', () => {
  it('side bend: the trunk leans to the side the words name', async () => {
    for (const [side, sign] of [['left', 1], ['right', -1]] as const) {
      const clip = await engine.generate({ prompt: `lean to the ${side}`, seed: 1 })
      const neck = track(clip, 'Neck')
      const hips = track(clip, 'Hips')
      const lean = neck.map((n, f) => sign * (n[0] - hips[f]![0]))
      expect(Math.max(...lean), side).toBeGreaterThan(0.15)
      expect(Math.min(...lean), side).toBeGreaterThan(-0.03)
    }
  })

  it('hop on the left foot: the right foot never touches the floor, the left one lands each hop', async () => {
    const clip = await plan({ kind: 'hop', side: 'left', count: 3 })
    expect(Math.min(...track(clip, 'RightFoot').map(p => p[1]))).toBeGreaterThan(0.2)
    const left = track(clip, 'LeftFoot').map(p => p[1])
    let landings = 0
    for (let f = 1; f < left.length; f++) if (left[f - 1]! > 0.11 && left[f]! <= 0.11) landings++
    expect(landings).toBe(3)
  })

  it('jump rope: both feet leave the floor together once per turn of the rope', async () => {
    const clip = await plan({ kind: 'jumpRope', count: 8 })
    const balls = ['LeftToeBase', 'RightToeBase'].map(j => track(clip, j).map(p => p[1]))
    const floor = Math.min(...balls.flat())
    let bounces = 0
    let airborne = false
    for (let f = 0; f < clip.frameCount; f++) {
      const up = balls.every(b => b[f]! - floor > 0.025)
      if (up && !airborne) bounces++
      airborne = up
    }
    expect(bounces).toBe(8)
  })
})

describe('dances', () => {
  it('waltz: one box of six steps spans forward-back and side-to-side, turning a quarter', async () => {
    const clip = await plan({ kind: 'waltz', count: 1 })
    const plants: Vec3[] = []
    for (const foot of ['LeftFoot', 'RightFoot']) {
      const p = track(clip, foot)
      for (let f = 1; f < p.length; f++) {
        const still = Math.hypot(p[f]![0] - p[f - 1]![0], p[f]![2] - p[f - 1]![2]) * clip.fps < 0.05 && p[f]![1] < 0.1
        if (still) plants.push(p[f]!)
      }
    }
    const span = (c: 0 | 2) => Math.max(...plants.map(p => p[c])) - Math.min(...plants.map(p => p[c]))
    expect(span(0)).toBeGreaterThan(0.4)
    expect(span(2)).toBeGreaterThan(0.3)
    expect(last(yaw(clip)) - yaw(clip)[0]!).toBeGreaterThan(70)
    expect(last(yaw(clip)) - yaw(clip)[0]!).toBeLessThan(110)
  })
})

describe('locomotion extensions', () => {
  it('turns around either way: 180 degrees to the left or to the right', async () => {
    for (const degrees of [180, -180]) {
      const y = yaw(await plan({ kind: 'turn', degrees }))
      expect(last(y) - y[0]!).toBeCloseTo(degrees, -1)
    }
  })

  it('walks sideways four steps to the left without turning', async () => {
    const clip = await plan({ kind: 'sidestep', direction: 'left', count: 4 })
    const hips = track(clip, 'Hips')
    expect(last(hips)[0] - hips[0]![0]).toBeGreaterThan(1.2)
    expect(Math.abs(last(hips)[2] - hips[0]![2])).toBeLessThan(0.2)
    expect(Math.max(...yaw(clip).map(Math.abs))).toBeLessThan(12)
  })

  it('walks diagonally: travelling and facing 45 degrees to the named side', async () => {
    for (const [direction, sign] of [['diagonalLeft', 1], ['diagonalRight', -1]] as const) {
      const clip = await plan({ kind: 'walk', direction, count: 6 })
      const hips = track(clip, 'Hips')
      const travel = Math.atan2(last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2]) * DEG
      expect(sign * travel, direction).toBeGreaterThan(35)
      expect(sign * travel, direction).toBeLessThan(55)
      expect(sign * last(yaw(clip)), direction).toBeCloseTo(45, -1)
    }
  })

  it('walks a full circle either way and comes back near the start', async () => {
    for (const [direction, sign] of [['left', 1], ['right', -1]] as const) {
      const clip = await plan({ kind: 'circle', direction })
      const y = yaw(clip)
      expect(sign * (last(y) - y[0]!), direction).toBeGreaterThan(330)
      expect(sign * (last(y) - y[0]!), direction).toBeLessThan(390)
      const hips = track(clip, 'Hips')
      expect(Math.hypot(last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2]), direction).toBeLessThan(0.6)
    }
  })

  it('walks an arc of the angle asked, "walks forward while turning left" a quarter circle that way', async () => {
    for (const [prompt, sign, degrees] of [['walks forward while turning to the left', 1, 90], ['walks a half circle to the right', -1, 180]] as const) {
      const clip = await engine.generate({ prompt, seed: 7 })
      const y = yaw(clip)
      expect(sign * (last(y) - y[0]!), prompt).toBeGreaterThan(degrees - 25)
      expect(sign * (last(y) - y[0]!), prompt).toBeLessThan(degrees + 25)
      // Along the way, not on the spot: the hips end about a radius (1.2 m) forward and across, or two radii across.
      const hips = track(clip, 'Hips')
      const [across, ahead] = [last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2]]
      expect(sign * across, prompt).toBeGreaterThan(degrees === 90 ? 0.7 : 1.8)
      expect(Math.abs(ahead), prompt).toBeLessThan(degrees === 90 ? 1.7 : 0.6)
      if (degrees === 90) expect(ahead, prompt).toBeGreaterThan(0.7)
    }
  })

  it('walks a square either way: four sides of the same length that close where they began', async () => {
    for (const prompt of ['walk in a square', 'walk in a clockwise square']) {
      const clip = await engine.generate({ prompt, seed: 7 })
      const hips = track(clip, 'Hips')
      const xs = hips.map(p => p[0])
      const zs = hips.map(p => p[2])
      const [width, depth] = [Math.max(...xs) - Math.min(...xs), Math.max(...zs) - Math.min(...zs)]
      expect(width, prompt).toBeGreaterThan(1.5)
      expect(Math.abs(width - depth), prompt).toBeLessThan(0.3)
      expect(Math.hypot(last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2]), prompt).toBeLessThan(0.3)
    }
  })

  it('walks toward the camera forward (+Z) and away from it after a half turn (−Z)', async () => {
    for (const [prompt, sign] of [['walk towards the camera', 1], ['walk away from the camera', -1]] as const) {
      const hips = track(await engine.generate({ prompt, seed: 7 }), 'Hips')
      expect(sign * (last(hips)[2] - hips[0]![2]), prompt).toBeGreaterThan(1)
    }
  })

  it('marches in place: high knees, no travel', async () => {
    const clip = await plan({ kind: 'march', direction: 'inPlace', count: 6 })
    const hips = track(clip, 'Hips')
    expect(Math.hypot(last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2])).toBeLessThan(0.15)
    expect(Math.max(...track(clip, 'LeftFoot').map(p => p[1]))).toBeGreaterThan(0.2)
  })
})

/** Times a series rises above `high` after having been below `low` (a repetition counted once per crossing). */
function rises (series: number[], low: number, high: number): number {
  let armed = false
  let n = 0
  for (const v of series) {
    if (v < low) armed = true
    else if (armed && v > high) { n++; armed = false }
  }
  return n
}

describe('floor work, exercises and balance', () => {
  it('handstand: the body turns upside down on both hands, feet high over the head, and comes back to its feet where it began', async () => {
    const clip = await plan({ kind: 'handstand', durationSeconds: 1.5 })
    const head = track(clip, 'Head')
    const feet = ['LeftFoot', 'RightFoot'].map(j => track(clip, j))
    const inverted = head.filter((h, f) => feet.every(p => p[f]![1] > 1.6) && h[1] < 0.6).length / clip.fps
    expect(inverted).toBeGreaterThan(1.2)
    for (const hand of ['LeftHandMiddle4', 'RightHandMiddle4']) expect(Math.min(...track(clip, hand).map(p => p[1]))).toBeLessThan(0.04)
    const hips = track(clip, 'Hips')
    expect(Math.hypot(last(hips)[0] - hips[0]![0], last(hips)[2] - hips[0]![2])).toBeLessThan(0.15)
    expect(last(hips)[1]).toBeGreaterThan(0.85)
    // A longer hold holds longer.
    const long = await plan({ kind: 'handstand', durationSeconds: 3 })
    expect(long.frameCount - clip.frameCount).toBeGreaterThan(1.3 * clip.fps)
  })

  it('roll: the hips turn a full circle forwards (or backwards) with the body on the floor, travelling that way, and end standing', async () => {
    for (const [direction, sign] of [['forward', 1], ['backward', -1]] as const) {
      const clip = await plan({ kind: 'roll', direction })
      const up = axis(clip, 'Hips', [0, 1, 0])
      const pitch = unwrap(up.map(u => Math.atan2(u[2], u[1]) * DEG))
      expect(sign * (last(pitch) - pitch[0]!), direction).toBeGreaterThan(320)
      expect(sign * (last(pitch) - pitch[0]!), direction).toBeLessThan(400)
      const hips = track(clip, 'Hips')
      expect(Math.min(...hips.map(p => p[1])), direction).toBeLessThan(0.3)
      // Rolled along the floor, never thrown into the air as a flip is.
      expect(Math.max(...lowestJoint(clip)), direction).toBeLessThan(0.2)
      expect(sign * (last(hips)[2] - hips[0]![2]), direction).toBeGreaterThan(0.8)
      expect(last(hips)[1], direction).toBeGreaterThan(0.85)
    }
  })

  it('push-ups: down into a plank on hands and toes, the chest lowered and raised once per push-up, ending face down', async () => {
    const clip = await plan({ kind: 'pushUp', count: 4 })
    const chest = track(clip, 'Spine2').map(p => p[1])
    expect(rises(chest, 0.35, 0.45)).toBe(4)
    // Between the first push-up and the last the body rests on the hands and the toes only (the toe joint of a foot
    // standing on its tips is 7–8 cm up), the hips never down on the floor.
    const hips = track(clip, 'Hips').map(p => p[1])
    const first = chest.findIndex(c => c < 0.35)
    const lastUp = chest.length - 1 - [...chest].reverse().findIndex(c => c > 0.45)
    const toes = ['LeftToeBase', 'RightToeBase'].map(j => [j, track(clip, j)] as const)
    const hands = ['LeftHandMiddle4', 'RightHandMiddle4'].map(j => [j, track(clip, j)] as const)
    for (let f = first; f <= lastUp; f++) {
      for (const [j, p] of toes) expect(p[f]![1], `${j} ${f}`).toBeLessThan(0.13)
      for (const [j, p] of hands) expect(p[f]![1], `${j} ${f}`).toBeLessThan(0.1)
      expect(hips[f]!, `hips ${f}`).toBeGreaterThan(0.2)
    }
    expect(last(axis(clip, 'Hips', [0, 0, 1]))[1]).toBeLessThan(-0.8)
    // From standing it gets down once, by way of all fours: the hips, once below 0.7 m, never rise back toward standing.
    expect(Math.max(...hips.slice(hips.findIndex(h => h < 0.7)))).toBeLessThan(0.75)
    // From lying face down, on all fours or kneeling it gets into the plank without standing up first, the hands
    // staying on the floor once they are down.
    for (const first of [{ kind: 'lieDown', style: 'onFront' }, { kind: 'crawl', count: 2 }, { kind: 'kneel' }] as const) {
      const fromFloor = await plan(first, { kind: 'pushUp', count: 2 })
      const down = await plan(first)
      expect(Math.max(...track(fromFloor, 'Hips').slice(down.frameCount).map(p => p[1])), first.kind).toBeLessThan(0.75)
      expect(last(axis(fromFloor, 'Hips', [0, 0, 1]))[1], first.kind).toBeLessThan(-0.8)
    }
  })

  it('plank: held on the hands and the toes for the time asked, the body in one line off the floor, ending face down', async () => {
    const [short, long] = [await plan({ kind: 'plank', durationSeconds: 2 }), await plan({ kind: 'plank', durationSeconds: 6 })]
    expect((long.frameCount - short.frameCount) / long.fps).toBeCloseTo(4, 1)
    // The hold: on the hands and the toes, the knees off the floor, for the time asked, the hips in line between the
    // shoulders and the ankles all the while (no sag, no pike).
    const hips = track(long, 'Hips')
    const shoulders = track(long, 'LeftShoulder')
    const ankles = track(long, 'LeftFoot')
    const low = (joints: string[], below: number) => joints.map(j => track(long, j)).reduce<boolean[]>((all, p) => all.map((ok, f) => ok && p[f]![1] < below),
      Array.from({ length: long.frameCount }, () => true))
    const [hands, toes, kneesDown] = [low(['LeftHandMiddle4', 'RightHandMiddle4'], 0.1), low(['LeftToeBase', 'RightToeBase'], 0.13), low(['LeftLeg', 'RightLeg'], 0.2)]
    const held = hands.flatMap((ok, f) => (ok && toes[f] === true && kneesDown[f] === false ? [f] : []))
    expect(held.length / long.fps).toBeGreaterThan(5.5)
    for (const f of held) {
      const along = (hips[f]![2] - ankles[f]![2]) / (shoulders[f]![2] - ankles[f]![2])
      const line = ankles[f]![1] + along * (shoulders[f]![1] - ankles[f]![1])
      expect(Math.abs(hips[f]![1] - line), `hips off the line ${f}`).toBeLessThan(0.08)
    }
    expect(last(axis(long, 'Hips', [0, 0, 1]))[1]).toBeLessThan(-0.8)
    // From lying face down it pushes up into the plank without standing up first.
    const fromFloor = await plan({ kind: 'lieDown', style: 'onFront' }, { kind: 'plank', durationSeconds: 2 })
    const down = await plan({ kind: 'lieDown', style: 'onFront' })
    expect(Math.max(...track(fromFloor, 'Hips').slice(down.frameCount).map(p => p[1]))).toBeLessThan(0.75)
  })

  it('sit-ups: lying on the back with the feet flat, the trunk curls up once per sit-up while the feet stay put', async () => {
    const clip = await plan({ kind: 'sitUp', count: 3 })
    const head = track(clip, 'Head').map(p => p[1])
    expect(rises(head, 0.3, 0.6)).toBe(3)
    // From lying back the first time until the last sit-up is up, the feet stay flat where they were put.
    const first = head.findIndex(h => h < 0.3)
    const lastUp = head.length - 1 - [...head].reverse().findIndex(h => h > 0.6)
    const foot = track(clip, 'LeftFoot').slice(first, lastUp + 1)
    for (const p of foot) expect(p[1]).toBeLessThan(0.13)
    expect(Math.max(...foot.map(p => Math.abs(p[2] - foot[0]![2])))).toBeLessThan(0.05)
    expect(last(track(clip, 'Hips'))[1]).toBeLessThan(0.3)
  })

  it('lunge: the lead foot steps out the way named, the rear knee sinks near the floor, and the body comes back', async () => {
    for (const [direction, component, sign, lead] of [['forward', 2, 1, 'LeftFoot'], ['left', 0, 1, 'LeftFoot'], ['right', 0, -1, 'RightFoot'],
      ['backward', 2, -1, 'LeftFoot']] as const) {
      const clip = await plan({ kind: 'lunge', direction, count: 1, side: direction === 'forward' || direction === 'backward' ? 'left' : undefined })
      const foot = track(clip, lead)
      expect(Math.max(...foot.map(p => sign * (p[component] - foot[0]![component]))), direction).toBeGreaterThan(0.5)
      expect(Math.abs(last(foot)[component] - foot[0]![component]), direction).toBeLessThan(0.05)
      const hips = track(clip, 'Hips')
      expect(Math.min(...hips.map(p => p[1])), direction).toBeLessThan(0.75)
      expect(last(hips)[1], direction).toBeGreaterThan(0.9)
      if (direction === 'forward') expect(Math.min(...track(clip, 'RightLeg').map(p => p[1]))).toBeLessThan(0.3)
    }
    // Forward lunges alternate the legs.
    const two = await plan({ kind: 'lunge', count: 2 })
    for (const j of ['LeftFoot', 'RightFoot']) {
      const foot = track(two, j)
      expect(Math.max(...foot.map(p => p[2] - foot[0]![2])), j).toBeGreaterThan(0.5)
    }
  })

  it('sway: the feet stay planted while the body rocks from side to side (or back and forth), the head further than the hips', async () => {
    for (const [direction, component] of [[undefined, 0], ['forward', 2]] as const) {
      const clip = await plan({ kind: 'sway', count: 3, ...(direction === undefined ? {} : { direction }) })
      const hipTrack = track(clip, 'Hips')
      const headTrack = track(clip, 'Head')
      const hips = hipTrack.map(p => p[component] - hipTrack[0]![component])
      const head = headTrack.map(p => p[component] - headTrack[0]![component])
      expect(rises(hips, -0.02, 0.02), String(direction)).toBeGreaterThanOrEqual(2)
      expect(Math.max(...head.map(Math.abs)), String(direction)).toBeGreaterThan(Math.max(...hips.map(Math.abs)))
      const across = component === 0 ? 2 : 0
      expect(Math.max(...hipTrack.map(p => Math.abs(p[across] - hipTrack[0]![across])))).toBeLessThan(0.02)
      for (const j of ['LeftFoot', 'RightFoot']) expect(footSkate(clip, j), j).toBeLessThan(0.02)
    }
  })
})

describe('cartwheels back and forth', () => {
  it('a cartwheel "back" goes to the right, the way a left one came', async () => {
    const hips = track(await plan({ kind: 'cartwheel', direction: 'forward' }, { kind: 'cartwheel', direction: 'backward' }), 'Hips')
    expect(Math.max(...hips.map(p => p[0] - hips[0]![0]))).toBeGreaterThan(1)
    expect(Math.abs(last(hips)[0] - hips[0]![0])).toBeLessThan(0.5)
  })
})

describe('sway, which way first', () => {
  it('starts toward the left unless the right is named, and back and forth the way named', async () => {
    const firstMove = async (spec: Partial<ActionSpec>, component: number): Promise<number> => {
      const hips = track(await plan({ kind: 'sway', count: 1, ...spec }), 'Hips').map(p => p[component]!)
      return hips.map(h => h - hips[0]!).find(d => Math.abs(d) > 0.02)!
    }
    expect(await firstMove({}, 0)).toBeGreaterThan(0)
    expect(await firstMove({ direction: 'right' }, 0)).toBeLessThan(0)
    expect(await firstMove({ side: 'right' }, 0)).toBeLessThan(0)
    expect(await firstMove({ direction: 'forward' }, 2)).toBeGreaterThan(0)
    expect(await firstMove({ direction: 'backward' }, 2)).toBeLessThan(0)
  })
})
