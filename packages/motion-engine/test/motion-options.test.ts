import { describe, expect, it } from 'vitest'
import { createHumanoidSkeleton, fk, jointIndex } from '../src/index.js'
import type { MotionClip } from '../src/index.js'
import { bodyExtent, lowestPoint } from '../src/body-extent.js'
import { simulate } from '../src/post/simulation.js'
import { lockFeet } from '../src/post/foot-lock.js'
import { quatFromAxisAngleRad } from '../src/math/quat.js'
import { engine, footSkate, generate, rootAt, rotationJerk, track } from './helpers/motion.js'

describe('motion options have their documented effects', () => {
  it('foot locking pins planted feet that glide without it', async () => {
    const options = { poseFilteringStrength: 1, simulation: false }
    const never = await generate('turn left 180 degrees then walk forward three steps', { options: { ...options, footLockingMode: 'never' } })
    const always = await generate('turn left 180 degrees then walk forward three steps', { options: { ...options, footLockingMode: 'always' } })
    const skate = (c: MotionClip) => footSkate(c, 'LeftFoot') + footSkate(c, 'RightFoot')
    expect(skate(always)).toBeLessThan(skate(never) * 0.6)
  })

  it('auto lets a foot glide when it slides fast along the floor, always pins it', () => {
    const skeleton = createHumanoidSkeleton()
    const J = skeleton.joints.length
    const frames = 16
    const rotations = new Float32Array(frames * J * 4)
    for (let i = 0; i < frames * J; i++) rotations[i * 4 + 3] = 1
    // A rigid body with bent knees sliding forward at 0.9 m/s, soles on the floor: both feet skate.
    for (let f = 0; f < frames; f++) {
      for (const side of ['Left', 'Right']) {
        rotations.set(quatFromAxisAngleRad([1, 0, 0], -0.5), (f * J + jointIndex(skeleton, side + 'UpLeg')) * 4)
        rotations.set(quatFromAxisAngleRad([1, 0, 0], 1), (f * J + jointIndex(skeleton, side + 'Leg')) * 4)
        rotations.set(quatFromAxisAngleRad([1, 0, 0], -0.5), (f * J + jointIndex(skeleton, side + 'Foot')) * 4)
      }
    }
    const root = new Float32Array(frames * 3)
    for (let f = 0; f < frames; f++) root.set([0, 0.849, (f * 0.9) / 30], f * 3)
    const clip: MotionClip = { skeleton, fps: 30, frameCount: frames, rootTranslation: root, rotations }
    const drift = (c: MotionClip) => {
      const a = fk(c, 2).positions[jointIndex(skeleton, 'LeftFoot')]!
      const b = fk(c, frames - 3).positions[jointIndex(skeleton, 'LeftFoot')]!
      return Math.hypot(b[0] - a[0], b[2] - a[2])
    }
    expect(drift(lockFeet(clip, 'auto'))).toBeGreaterThan(0.3)
    expect(drift(lockFeet(clip, 'always'))).toBeLessThan(0.02)
    expect(drift(lockFeet(clip, 'never'))).toBeGreaterThan(0.3)
  })

  it('grounding keeps the lowest point of the body (its skin, the feet standing) on the floor in every frame', async () => {
    for (const prompt of ['crouch then stand up', 'lie down then stand up', 'sit on the floor']) {
      const grounded = await generate(prompt, { options: { footLockingMode: 'grounding', simulation: false } })
      const body = bodyExtent(grounded.skeleton)
      const lt = track(grounded, 'LeftToeBase')
      const rt = track(grounded, 'RightToeBase')
      for (let f = 0; f < grounded.frameCount; f++) {
        // The mesh-floor target: −0.5…+1 cm (a lift is eased in, so the skin may hover a few millimetres).
        const low = lowestPoint(body, fk(grounded, f))
        expect(low, `${prompt} at frame ${f}`).toBeGreaterThanOrEqual(-0.005)
        expect(low, `${prompt} at frame ${f}`).toBeLessThanOrEqual(0.01)
        // Standing or crouching, that point is on a sole: the toe joints sit a sole's height above the floor.
        if (prompt.startsWith('crouch')) expect(Math.min(lt[f]![1], rt[f]![1]) - 0.015).toBeLessThan(0.01)
      }
    }
  })

  it('pose filtering reduces frame-to-frame jerk, more with higher strength', async () => {
    const j0 = rotationJerk(await generate('dance for 3 seconds', { options: { poseFilteringStrength: 0 } }))
    const j5 = rotationJerk(await generate('dance for 3 seconds', { options: { poseFilteringStrength: 0.5 } }))
    const j1 = rotationJerk(await generate('dance for 3 seconds', { options: { poseFilteringStrength: 1 } }))
    expect(j5).toBeLessThan(j0)
    expect(j1).toBeLessThan(j5)
  })

  it('rootAtOrigin starts the root at the origin; otherwise the path is centred on it', async () => {
    const atOrigin = await generate('walk forward 6 steps', { options: { rootAtOrigin: true } })
    expect(Math.abs(rootAt(atOrigin, 0)[0])).toBeLessThan(1e-6)
    expect(Math.abs(rootAt(atOrigin, 0)[2])).toBeLessThan(1e-6)
    const centred = await generate('walk forward 6 steps', { options: { rootAtOrigin: false } })
    expect(rootAt(centred, 0)[2]).toBeLessThan(-1)
    expect(rootAt(centred, 0)[2] + rootAt(centred, centred.frameCount - 1)[2]).toBeCloseTo(0, 1)
  })

  it('simulation pushes a hand out of the torso and lifts the body above the floor', () => {
    const skeleton = createHumanoidSkeleton()
    const J = skeleton.joints.length
    const rotations = new Float32Array(J * 4)
    for (let j = 0; j < J; j++) rotations[j * 4 + 3] = 1
    // Right arm folded across the chest: upper arm forward-in, forearm back into the torso.
    rotations.set(quatFromAxisAngleRad([0, 1, 0], 1.2), jointIndex(skeleton, 'RightArm') * 4)
    rotations.set(quatFromAxisAngleRad([0, 1, 0], 2.6), jointIndex(skeleton, 'RightForeArm') * 4)
    const clip: MotionClip = { skeleton, fps: 30, frameCount: 1, rootTranslation: new Float32Array([0, 0.85, 0]), rotations }
    const dist = (c: MotionClip) => {
      const p = fk(c, 0).positions
      const h = p[jointIndex(skeleton, 'RightHand')]!
      return Math.hypot(h[0] - p[0]![0], h[2] - p[0]![2])
    }
    expect(dist(clip)).toBeLessThan(0.13)
    const { clip: fixed, report } = simulate(clip, { floor: true })
    expect(report.handsPushed).toBe(1)
    expect(dist(fixed)).toBeGreaterThan(0.125)
    const feet = fk(fixed, 0).positions[jointIndex(skeleton, 'LeftFoot')]!
    expect(feet[1]).toBeGreaterThanOrEqual(0.08 - 1e-4)
  })

  it('simulation lifts penetrating feet above the floor; off (dis=s) the synthesized heights are kept', async () => {
    const lowest = (c: MotionClip) =>
      Math.min(
        ...['LeftToeBase', 'RightToeBase'].flatMap((n) => track(c, n).map((p) => p[1] - 0.015)),
        ...['LeftFoot', 'RightFoot'].flatMap((n) => track(c, n).map((p) => p[1] - 0.08))
      )
    const raw = await generate('sneak forward', { options: { simulation: false, footLockingMode: 'never' } })
    expect(lowest(raw)).toBeLessThan(-0.002)
    const { clip: lifted, report } = simulate(raw, { floor: true })
    expect(report.floorLifts).toBeGreaterThan(0)
    expect(lowest(lifted)).toBeGreaterThan(-1e-4)
    const on = await generate('sneak forward', { options: { simulation: true } })
    const off = await generate('sneak forward', { options: { simulation: false } })
    expect(lowest(on)).toBeGreaterThan(-1e-4)
    expect(Buffer.from(on.rootTranslation.buffer).equals(Buffer.from(off.rootTranslation.buffer))).toBe(false)
  })

  it('simulation moves the pelvis back over the feet when a standing pose would tip over', () => {
    const skeleton = createHumanoidSkeleton()
    const J = skeleton.joints.length
    const frames = 2
    const rotations = new Float32Array(frames * J * 4)
    for (let i = 0; i < frames * J; i++) rotations[i * 4 + 3] = 1
    for (let f = 0; f < frames; f++) {
      // Both legs swung back 20°: the feet still touch the floor but the body's mass is ahead of the toes.
      rotations.set(quatFromAxisAngleRad([1, 0, 0], 0.35), (f * J + jointIndex(skeleton, 'LeftUpLeg')) * 4)
      rotations.set(quatFromAxisAngleRad([1, 0, 0], 0.35), (f * J + jointIndex(skeleton, 'RightUpLeg')) * 4)
    }
    const clip: MotionClip = { skeleton, fps: 30, frameCount: frames, rootTranslation: new Float32Array([0, 0.95, 0, 0, 0.95, 0]), rotations }
    const { clip: fixed, report } = simulate(clip, { floor: true })
    expect(report.balanceShifts).toBe(2)
    expect(fixed.rootTranslation[2]).toBeLessThan(-0.1)
    // The feet stay planted where they were; only the pelvis moved.
    const before = fk(clip, 0).positions[jointIndex(skeleton, 'LeftFoot')]!
    const after = fk(fixed, 0).positions[jointIndex(skeleton, 'LeftFoot')]!
    expect(after[2]).toBeCloseTo(before[2], 2)
  })

  it('reports progress as steps up to the total', async () => {
    const seen: { step: number, total: number }[] = []
    await engine.generate({ prompt: 'walk then jump then wave' }, { onProgress: p => seen.push(p) })
    expect(seen.length).toBeGreaterThan(5)
    expect(seen.at(-1)!.step).toBe(seen.at(-1)!.total)
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.step).toBe(seen[i - 1]!.step + 1)
  })

  it('aborts promptly with an AbortError', async () => {
    const controller = new AbortController()
    const promise = engine.generate({ prompt: 'walk for 20 seconds then run for 20 seconds then dance for 20 seconds' }, {
      signal: controller.signal,
      onProgress: p => { if (p.step === 1) controller.abort() }
    })
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' })
    const pre = new AbortController()
    pre.abort()
    await expect(engine.generate({ prompt: 'walk' }, { signal: pre.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })
})
