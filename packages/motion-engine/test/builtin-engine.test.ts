import { describe, expect, it } from 'vitest'
import { EngineError } from '../src/index.js'
import { generate, rootAt, touchdowns, track } from './helpers/motion.js'

const deg = (r: number) => (r * 180) / Math.PI

function hipsYaw (clip: Awaited<ReturnType<typeof generate>>, f: number): number {
  const J = clip.skeleton.joints.length
  const [x, y, z, w] = Array.from(clip.rotations.slice(f * J * 4, f * J * 4 + 4))
  return Math.atan2(2 * (x! * z! + w! * y!), 1 - 2 * (x! * x! + y! * y!))
}

describe('builtin engine: prompts become the motion they describe', () => {
  it('walks forward about three step lengths with three stepping footfalls plus a closing step', async () => {
    const clip = await generate('walk forward three steps', { options: { rootAtOrigin: true } })
    const travel = rootAt(clip, clip.frameCount - 1)[2] - rootAt(clip, 0)[2]
    expect(travel).toBeGreaterThan(3 * 0.7 * 0.85)
    expect(travel).toBeLessThan(3 * 0.7 * 1.2)
    expect(Math.abs(rootAt(clip, clip.frameCount - 1)[0])).toBeLessThan(0.1)
    expect(touchdowns(clip, 'LeftFoot') + touchdowns(clip, 'RightFoot')).toBe(4)
  })

  it('leaves the ground in a jump with a parabolic root height', async () => {
    const clip = await generate('jump')
    const y = Array.from({ length: clip.frameCount }, (_, f) => rootAt(clip, f)[1])
    const stand = y[0]!
    const air = y.map((v, f) => [f, v] as const).filter(([f]) => {
      const feet = [track(clip, 'LeftToeBase')[f]![1], track(clip, 'RightToeBase')[f]![1]]
      return Math.min(...feet) > 0.05
    })
    expect(air.length).toBeGreaterThan(5)
    expect(Math.max(...y)).toBeGreaterThan(stand + 0.2)
    // Second differences of a parabola are constant: -g / fps².
    const dd = air.slice(2, -2).map(([f]) => y[f + 1]! - 2 * y[f]! + y[f - 1]!)
    const mean = dd.reduce((a, b) => a + b, 0) / dd.length
    expect(mean * clip.fps * clip.fps).toBeCloseTo(-9.81, 0)
    for (const v of dd) expect(Math.abs(v - mean)).toBeLessThan(0.004)
  })

  it('turns the hips about +90 degrees for "turn left 90 degrees"', async () => {
    const clip = await generate('turn left 90 degrees')
    expect(deg(hipsYaw(clip, clip.frameCount - 1) - hipsYaw(clip, 0))).toBeGreaterThan(80)
    expect(deg(hipsYaw(clip, clip.frameCount - 1) - hipsYaw(clip, 0))).toBeLessThan(100)
    const right = await generate('turn right 90 degrees')
    expect(deg(hipsYaw(right, right.frameCount - 1))).toBeLessThan(-80)
  })

  it('raises the right hand above the head to wave while the left hand stays low', async () => {
    const clip = await generate('wave with the right hand')
    const head = track(clip, 'Head')
    const right = track(clip, 'RightHand')
    const left = track(clip, 'LeftHand')
    const mid = Math.floor(clip.frameCount / 2)
    expect(right[mid]![1]).toBeGreaterThan(head[mid]![1])
    expect(Math.max(...left.map(p => p[1]))).toBeLessThan(1.1)
  })

  it('walks where it faces after a turn, backwards when told, and covers a requested distance', async () => {
    const end = async (prompt: string) => {
      const c = await generate(prompt, { options: { rootAtOrigin: true } })
      return rootAt(c, c.frameCount - 1)
    }
    const afterTurn = await end('turn left 90 degrees then walk forward three steps')
    expect(afterTurn[0]).toBeGreaterThan(1.8)
    expect(Math.abs(afterTurn[2])).toBeLessThan(0.15)
    expect((await end('walk backward three steps'))[2]).toBeLessThan(-1)
    expect((await end('run 4 meters'))[2]).toBeCloseTo(4, 1)
    expect((await end('step to the left twice'))[0]).toBeGreaterThan(0.6)
    const right = await end('walk to the right for 3 seconds')
    expect(right[0]).toBeLessThan(-1.5)
    expect(Math.abs(right[2])).toBeLessThan(0.3)
  })

  it('makes clips longer for larger counts and durations', async () => {
    const two = await generate('jump twice')
    const one = await generate('jump')
    expect(two.frameCount).toBeGreaterThan(one.frameCount * 1.5)
    const long = await generate('stand for 6 seconds')
    const short = await generate('stand for 2 seconds')
    expect(long.frameCount / long.fps).toBeCloseTo(6, 0)
    expect(short.frameCount / short.fps).toBeCloseTo(2, 0)
  })

  it('steps faster when told to walk quickly', async () => {
    const normal = await generate('walk six steps')
    const quick = await generate('walk six steps quickly')
    expect(quick.frameCount).toBeLessThan(normal.frameCount * 0.9)
  })

  it('waves while staying seated, and stands up before walking away from the floor', async () => {
    const seated = await generate('sit down then wave')
    const hips = track(seated, 'Hips')
    const hand = track(seated, 'RightHand')
    const head = track(seated, 'Head')
    const last = seated.frameCount - 1
    expect(Math.max(...hips.slice(Math.floor(last * 0.6)).map(p => p[1]))).toBeLessThan(0.3)
    expect(hand.some((p, f) => f > last * 0.6 && p[1] > head[f]![1])).toBe(true)
    const away = await generate('sit down then walk forward', { options: { rootAtOrigin: true } })
    expect(track(away, 'Hips').at(-1)![1]).toBeGreaterThan(0.85)
    expect(rootAt(away, away.frameCount - 1)[2]).toBeGreaterThan(1)
  })

  it('flows from walking into running without stopping in between', async () => {
    const clip = await generate('walk four steps then run 5 meters', { options: { rootAtOrigin: true } })
    const speeds = Array.from(
      { length: clip.frameCount - 1 },
      (_, f) => Math.hypot(rootAt(clip, f + 1)[0] - rootAt(clip, f)[0], rootAt(clip, f + 1)[2] - rootAt(clip, f)[2]) * clip.fps
    )
    const moving = speeds.slice(Math.round(clip.fps * 0.6), speeds.length - Math.round(clip.fps * 0.8))
    expect(Math.min(...moving)).toBeGreaterThan(0.4)
    const stopped = await generate('walk four steps then wave then run 5 meters')
    const s2 = Array.from(
      { length: stopped.frameCount - 1 },
      (_, f) => Math.hypot(rootAt(stopped, f + 1)[2] - rootAt(stopped, f)[2], rootAt(stopped, f + 1)[0] - rootAt(stopped, f)[0]) * stopped.fps
    )
    expect(Math.min(...s2.slice(Math.round(stopped.fps * 0.6), s2.length - Math.round(stopped.fps * 0.8)))).toBeLessThan(0.05)
  })

  it('walks with a slower tempo when tired than when happy', async () => {
    const tired = await generate('a tired person walks six steps')
    const happy = await generate('a happy person walks six steps')
    expect(tired.frameCount).toBeGreaterThan(happy.frameCount * 1.2)
  })

  it('lowers the head and chest for a sad character', async () => {
    const neutral = await generate('stand for 2 seconds')
    const sad = await generate('a sad person stands for 2 seconds')
    const f = 30
    expect(track(sad, 'Head')[f]![1]).toBeLessThan(track(neutral, 'Head')[f]![1] - 0.02)
    expect(track(sad, 'Spine2')[f]![2] - rootAt(sad, f)[2]).toBeGreaterThan(track(neutral, 'Spine2')[f]![2] - rootAt(neutral, f)[2])
  })

  it('rejects text that describes no movement with ENGINE_ERR_INVALID_INPUT (494 in the API), saying so and listing movements', async () => {
    const err = await generate('purple elephant tomorrow').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(EngineError)
    expect((err as EngineError).code).toBe('ENGINE_ERR_INVALID_INPUT')
    expect((err as EngineError).message).toContain('no movement')
    expect((err as EngineError).message).toContain('walk')
  })

  it('never refuses a described movement: unknown verbs and typos move the body', async () => {
    for (const prompt of ['gallop across the room', 'wakl forward', 'she is dancnig', 'trot along']) {
      const clip = await generate(prompt, { options: { rootAtOrigin: true } })
      const hands = track(clip, 'RightHand')
      const moved =
        Math.hypot(...([0, 1, 2] as const).map((i) => hands.at(-1)![i] - hands[0]![i])) +
        Math.max(...hands.map((p) => p[1])) -
        Math.min(...hands.map((p) => p[1]))
      expect(moved, prompt).toBeGreaterThan(0.1)
    }
  })

  it('rejects bad parameters with code 502', async () => {
    const err = await generate('walk', { options: { poseFilteringStrength: 2 } }).catch((e: unknown) => e)
    expect((err as EngineError).code).toBe('ENGINE_ERR_BAD_PARAMETERS')
  })

  it('rejects a request for more motion than the engine limit with code 502 before synthesizing', async () => {
    await expect(generate('walk for 3 hours')).rejects.toMatchObject({ code: 'ENGINE_ERR_BAD_PARAMETERS' })
    await expect(generate('jump 100000 times')).rejects.toMatchObject({ code: 'ENGINE_ERR_BAD_PARAMETERS' })
  })

  it('is deterministic for the same prompt, seed and variant', async () => {
    const a = await generate('walk then wave', { variantIndex: 1 })
    const b = await generate('walk then wave', { variantIndex: 1 })
    expect(Buffer.from(a.rotations.buffer).equals(Buffer.from(b.rotations.buffer))).toBe(true)
    expect(Buffer.from(a.rootTranslation.buffer).equals(Buffer.from(b.rootTranslation.buffer))).toBe(true)
  })

  it('gives visibly different variants for different variant indices', async () => {
    const a = await generate('walk forward', { variantIndex: 0 })
    const b = await generate('walk forward', { variantIndex: 2 })
    const differsInLength = a.frameCount !== b.frameCount
    const n = Math.min(a.frameCount, b.frameCount)
    const ha = track(a, 'RightHand').slice(0, n)
    const hb = track(b, 'RightHand').slice(0, n)
    const meanDiff = ha.reduce((s, p, i) => s + Math.hypot(p[0] - hb[i]![0], p[1] - hb[i]![1], p[2] - hb[i]![2]), 0) / n
    expect(differsInLength || meanDiff > 0.03).toBe(true)
    expect(meanDiff).toBeGreaterThan(0.02)
  })

  it('layers an upper-body wave over walking', async () => {
    const clip = await generate('walk forward while waving the left hand')
    const travel = rootAt(clip, clip.frameCount - 1)[2] - rootAt(clip, 0)[2]
    expect(travel).toBeGreaterThan(1)
    const head = track(clip, 'Head')
    const left = track(clip, 'LeftHand')
    const above = left.filter((p, f) => p[1] > head[f]![1]).length
    expect(above).toBeGreaterThan(10)
  })

  it('synthesizes every action family without leaving the floor plane or producing NaN', async () => {
    const prompts = [
      'jog for 2 seconds',
      'run 5 meters',
      'sneak forward',
      'crawl forward',
      'hop twice',
      'spin',
      'step to the left twice',
      'take 3 steps back',
      'step up',
      'sit down then stand up',
      'crouch',
      'kneel',
      'lie down',
      'clap',
      'point forward',
      'bow',
      'nod',
      'shake head',
      'punch twice',
      'kick',
      'dance',
      'stretch',
      'look around',
      'pick up the box then throw it',
      'tired walk',
      'angry punch',
      'confident walk',
      'happy jump'
    ]
    for (const p of prompts) {
      const clip = await generate(p)
      expect(clip.frameCount, p).toBeGreaterThan(10)
      expect(clip.rotations.every(Number.isFinite), p).toBe(true)
      const low = Math.min(...track(clip, 'LeftToeBase').map(q => q[1]), ...track(clip, 'RightToeBase').map(q => q[1]))
      expect(low, p).toBeGreaterThan(-0.01)
    }
  })
})

describe('builtin engine clip contract', () => {
  it('stores a unit quaternion for every joint in every frame', async () => {
    const clip = await generate('walk then sit down')
    for (let i = 0; i < clip.rotations.length; i += 4) {
      const r = clip.rotations
      expect(Math.hypot(r[i]!, r[i + 1]!, r[i + 2]!, r[i + 3]!)).toBeCloseTo(1, 4)
    }
    expect(clip.rootTranslation.length).toBe(clip.frameCount * 3)
    expect(clip.rotations.length).toBe(clip.frameCount * clip.skeleton.joints.length * 4)
  })
})
