import { describe, expect, it } from 'vitest'
import { analyzePrompt, bodyRelativeDistance, fitDuration, makeLoop, parsePrompt, refine, understandPrompt } from '../src/index.js'
import type { LoopOptions, MotionClip } from '../src/index.js'
import { headingAt, readRotation } from '../src/clip-ops.js'
import { quatAngle, quatConjugate, quatMultiply } from '../src/math/quat.js'
import { engine, generate, rootAt } from './helpers/motion.js'

function poseStep (c: MotionClip, f: number): number {
  let m = 0
  for (let j = 1; j < c.skeleton.joints.length; j++) m = Math.max(m, quatAngle(quatMultiply(quatConjugate(readRotation(c, f - 1, j)), readRotation(c, f, j))))
  return m
}

function rootVelocity (c: MotionClip, f: number): [number, number, number] {
  const a = rootAt(c, f - 1)
  const b = rootAt(c, f)
  return [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
}

function rootAcceleration (c: MotionClip, f: number): number {
  const a = rootVelocity(c, f)
  const b = rootVelocity(c, f + 1)
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2])
}

function percentile (values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) * p)]!
}

function wrap (a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a))
}

describe('fitDuration', () => {
  it.each([
    ['walk forward three steps', 5], ['jump', 5], ['wave with the right hand', 1.5], ['sit down then stand up', 3],
    ['run forward for 8 seconds', 2], ['dance happily', 10], ['turn left', 0.5], ['walk 20 meters', 4]
  ])('makes "%s" last %f s within 0.2 s or 5 percent', async (prompt, seconds) => {
    const clip = await fitDuration(await generate(prompt), seconds, engine, { seed: 3 })
    const length = clip.frameCount / clip.fps
    expect(Math.abs(length - seconds)).toBeLessThanOrEqual(Math.max(0.2, seconds * 0.05))
  })

  it('continues a short clip into idle motion instead of slow motion', async () => {
    const jump = await generate('jump')
    const fitted = await fitDuration(jump, (jump.frameCount / jump.fps) * 4, engine, { seed: 3 })
    // The original jump keeps at least 1/1.25 of its tempo: its frames come first, at most 25 % longer.
    const tail = Array.from({ length: 20 }, (_, i) => poseStep(fitted, fitted.frameCount - 1 - i))
    expect(Math.max(...tail)).toBeGreaterThan(0) // the idle is alive, not a frozen frame
    expect(fitted.frameCount).toBe(Math.round(jump.frameCount * 4))
  })
})

describe('makeLoop', () => {
  const base = { numReps: 3, blendFrames: 12 }

  it('joins the last frame to the first with continuous pose and root velocity', async () => {
    const clip = await generate('walk forward for 3 seconds', { options: { rootAtOrigin: true } })
    const loop = makeLoop(clip, base)
    expect(loop.frameCount).toBe(3 * clip.frameCount)
    const interior = Array.from({ length: loop.frameCount - 3 }, (_, i) => i + 1)
    const poseSteps = interior.map((f) => poseStep(loop, f))
    const accelerations = interior.map((f) => rootAcceleration(loop, f))
    for (const seam of [clip.frameCount, 2 * clip.frameCount]) {
      expect(poseStep(loop, seam)).toBeLessThanOrEqual(percentile(poseSteps, 0.98) * 1.1)
      expect(rootAcceleration(loop, seam)).toBeLessThanOrEqual(percentile(accelerations, 0.98) * 1.1)
    }
    // A naive repeat (cut and paste) jumps at the seam: the measure above would see it.
    const naive = {
      ...clip,
      frameCount: 2 * clip.frameCount,
      rootTranslation: Float32Array.from([...clip.rootTranslation, ...clip.rootTranslation]),
      rotations: Float32Array.from([...clip.rotations, ...clip.rotations])
    }
    expect(rootAcceleration(naive, clip.frameCount - 1)).toBeGreaterThan(percentile(accelerations, 0.98) * 3)
  })

  it('each fix flag pins its part of the root at the seam', async () => {
    const clip = await generate('walk forward while turning left', { options: { rootAtOrigin: true } })
    // Lift the clip as it goes so there is altitude drift to remove too.
    const rising = {
      ...clip,
      rootTranslation: Float32Array.from(clip.rootTranslation, (v, i) => (i % 3 === 1 ? v + (Math.floor(i / 3) / clip.frameCount) * 0.3 : v))
    }
    const seamDrift = (options: Partial<LoopOptions>) => {
      const loop = makeLoop(rising, { ...base, ...options })
      const n = clip.frameCount
      const a = rootAt(loop, 0)
      const b = rootAt(loop, n)
      return {
        horizontal: Math.hypot(b[0] - a[0], b[2] - a[2]),
        altitude: Math.abs(b[1] - a[1]),
        heading: Math.abs(wrap(headingAt(loop, n) - headingAt(loop, 0))),
        loop
      }
    }
    const free = seamDrift({})
    expect(free.horizontal).toBeGreaterThan(0.5)
    expect(free.altitude).toBeGreaterThan(0.2)
    const h = seamDrift({ fixRootPositionHorizontal: true })
    expect(h.horizontal).toBeLessThan(0.03)
    expect(h.altitude).toBeCloseTo(free.altitude, 1)
    const y = seamDrift({ fixRootPositionAltitude: true })
    expect(y.altitude).toBeLessThan(0.01)
    expect(y.horizontal).toBeGreaterThan(0.5)
    const turning = await generate('turn left 90 degrees', { options: { rootAtOrigin: true } })
    const turnFree = makeLoop(turning, base)
    const turnFixed = makeLoop(turning, { ...base, fixRootOrientation: true })
    const drift = (l: MotionClip) => Math.abs(wrap(headingAt(l, turning.frameCount) - headingAt(l, 0)))
    expect(drift(turnFree)).toBeGreaterThan(1)
    expect(drift(turnFixed)).toBeLessThan(0.05)
  })

  it('LOCKED holds the root still, INTERPOLATION spreads the drift; fixAcrossEntireMotion decides where', async () => {
    const clip = await generate('walk forward for 3 seconds', { options: { rootAtOrigin: true } })
    const mid = Math.floor(clip.frameCount / 2)
    const travel = (options: Partial<LoopOptions>) => {
      const loop = makeLoop(clip, { ...base, numReps: 1, fixRootPositionHorizontal: true, ...options })
      const a = rootAt(loop, 0)
      const b = rootAt(loop, mid)
      return Math.hypot(b[0] - a[0], b[2] - a[2])
    }
    const lockedAll = travel({ fixRootMode: 'LOCKED', fixAcrossEntireMotion: true })
    const interpolatedAll = travel({ fixRootMode: 'INTERPOLATION', fixAcrossEntireMotion: true })
    const interpolatedSeam = travel({ fixRootMode: 'INTERPOLATION', fixAcrossEntireMotion: false })
    expect(lockedAll).toBeLessThan(0.02)
    expect(interpolatedAll).toBeGreaterThan(0.1)
    expect(interpolatedSeam).toBeGreaterThan(interpolatedAll * 1.5)
    // At the seam itself: how far the root moves over the blend span before it.
    const n = clip.frameCount
    const nearSeam = (options: Partial<LoopOptions>) => {
      const loop = makeLoop(clip, { ...base, numReps: 2, fixRootPositionHorizontal: true, ...options })
      const a = rootAt(loop, n - base.blendFrames)
      const b = rootAt(loop, n)
      return Math.hypot(b[0] - a[0], b[2] - a[2])
    }
    const free = makeLoop(clip, { ...base, numReps: 2 })
    const freeNearSeam = Math.hypot(rootAt(free, n)[0] - rootAt(free, n - base.blendFrames)[0], rootAt(free, n)[2] - rootAt(free, n - base.blendFrames)[2])
    expect(nearSeam({ fixRootMode: 'LOCKED', fixAcrossEntireMotion: true })).toBeLessThan(0.02)
    // Seam-only correction pulls the whole cycle's drift back within the blend span: far more root travel there.
    expect(nearSeam({ fixRootMode: 'INTERPOLATION', fixAcrossEntireMotion: false })).toBeGreaterThan(
      2 * Math.max(freeNearSeam, nearSeam({ fixRootMode: 'INTERPOLATION', fixAcrossEntireMotion: true }))
    )
  })
})

describe('refine', () => {
  it('stays near the source at creativity 0 and departs as far as a fresh variant at 1', async () => {
    const source = await generate('walk forward for 3 seconds')
    const fresh = await generate('walk forward for 3 seconds', { seed: 99, variantIndex: 1 })
    const distance = async (creativity: number, prompt = 'walk forward for 3 seconds') =>
      bodyRelativeDistance(source, await refine(source, { prompt, creativity }, engine, { seed: 99, variantIndex: 1 }))
    const d0 = await distance(0)
    const d05 = await distance(0.5)
    const d1 = await distance(1)
    const dFresh = bodyRelativeDistance(source, fresh)
    expect(d0).toBeLessThan(d05)
    expect(d05).toBeLessThan(d1)
    expect(d0).toBeLessThan(dFresh * 0.35)
    expect(d1).toBeGreaterThan(dFresh * 0.6)
  })

  it('is steered by the prompt: a refine toward dancing moves away from the walk', async () => {
    const source = await generate('walk forward for 3 seconds')
    const toWalk = bodyRelativeDistance(source, await refine(source, { prompt: 'walk forward for 3 seconds', creativity: 0.7 }, engine, { seed: 5 }))
    const toDance = bodyRelativeDistance(source, await refine(source, { prompt: 'dance', creativity: 0.7 }, engine, { seed: 5 }))
    expect(toDance).toBeGreaterThan(toWalk)
  })
})

describe('analyzePrompt', () => {
  it('lists the actions in order with canonical phrases the parser reads back the same', async () => {
    const analysis = await analyzePrompt('A person happily walks forward three steps, then waves with the right hand and jumps twice')
    expect(analysis.actions.map((a) => a.kind)).toEqual(['walk', 'wave', 'jump'])
    expect(analysis.actions[0]!.prompt).toBe('walk forward 3 steps happily')
    for (const action of analysis.actions) {
      expect(action.durationSeconds).toBeGreaterThan(0.3)
      expect(parsePrompt(action.prompt).map((e) => e.action.kind)).toEqual([action.kind])
    }
    expect(analysis.actions[1]!.startSeconds).toBeCloseTo(analysis.actions[0]!.durationSeconds, 1)
    const reparsed = parsePrompt(analysis.optimizedPrompt)
    expect(reparsed.map((e) => [e.action.kind, e.action.count ?? null])).toEqual([['walk', 3], ['wave', null], ['jump', 2]])
  })

  it('finds nothing in a prompt without actions', async () => {
    expect(await analyzePrompt('a beautiful sunny day')).toEqual({ optimizedPrompt: '', actions: [], totalSeconds: 0, understood: [] })
  })

  it('says how a misspelt movement word was read, on the action and for the whole prompt', async () => {
    const analysis = await analyzePrompt('wakl forward')
    expect(analysis.understood).toEqual(['"wakl" read as "walk" (spelling)'])
    expect(analysis.actions.map((a) => [a.kind, a.understood])).toEqual([['walk', '"wakl" read as "walk" (spelling)']])
    expect(understandPrompt('wakl forward')).toEqual(analysis.understood)
    expect(understandPrompt('walk forward, then gallop')).toEqual([])
  })
})

describe('fitDuration over every action kind', () => {
  const PROMPTS = ['stand idle', 'walk forward', 'jog', 'run', 'sneak', 'crawl', 'jump', 'hop', 'turn left', 'spin', 'sidestep right', 'step back',
    'climb', 'sit down', 'stand up', 'crouch', 'kneel', 'lie down', 'wave', 'clap', 'point', 'bow', 'nod', 'shake head', 'punch', 'kick', 'dance',
    'stretch', 'look around', 'pick up', 'throw']

  it('covers every action the parser knows', () => {
    const kinds = new Set(PROMPTS.flatMap((p) => parsePrompt(p).map((e) => e.action.kind)))
    expect(kinds.size).toBe(31)
  })

  it.each(PROMPTS.map((prompt, i) => [prompt, [1, 3.5, 8][i % 3]!] as const))('"%s" lasts %f s', async (prompt, seconds) => {
    const clip = await fitDuration(await generate(prompt), seconds, engine, { seed: 1 })
    expect(Math.abs(clip.frameCount / clip.fps - seconds)).toBeLessThanOrEqual(Math.max(0.2, seconds * 0.05))
  })
})
