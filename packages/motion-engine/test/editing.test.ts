import { describe, expect, it } from 'vitest'
import { EngineError, inpaint, merge, trim } from '../src/index.js'
import type { MotionClip } from '../src/index.js'
import { quatAngle, quatConjugate, quatMultiply } from '../src/math/quat.js'
import { readRotation } from '../src/clip-ops.js'
import { engine, generate, rootAt } from './helpers/motion.js'

function rootStep (c: MotionClip, f: number): number {
  const a = rootAt(c, f - 1)
  const b = rootAt(c, f)
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2])
}

function maxRotationStep (c: MotionClip, f: number): number {
  let m = 0
  for (let j = 0; j < c.skeleton.joints.length; j++) {
    m = Math.max(m, quatAngle(quatMultiply(quatConjugate(readRotation(c, f - 1, j)), readRotation(c, f, j))))
  }
  return m
}

function typical (c: MotionClip, fn: (c: MotionClip, f: number) => number): number {
  const v = Array.from({ length: c.frameCount - 1 }, (_, i) => fn(c, i + 1)).sort((a, b) => a - b)
  return v[Math.floor(v.length * 0.95)]!
}

describe('editing: trim, inpaint, merge', () => {
  it('trims frames from both ends and rejects trims that leave nothing', async () => {
    const clip = await generate('walk forward')
    const t = trim(clip, { numTrimLeft: 5, numTrimRight: 7 })
    expect(t.frameCount).toBe(clip.frameCount - 12)
    expect(Array.from(t.rotations.slice(0, 8))).toEqual(
      Array.from(clip.rotations.slice(5 * clip.skeleton.joints.length * 4, 5 * clip.skeleton.joints.length * 4 + 8))
    )
    expect(() => trim(clip, { numTrimLeft: clip.frameCount })).toThrow(EngineError)
    expect(() => trim(clip, { numTrimLeft: 1.5 })).toThrow(/integer/)
  })

  it('inpaints only inside the intervals, blending continuously at the edges', async () => {
    const clip = await generate('walk forward for 4 seconds', { options: { rootAtOrigin: true } })
    const intervals = [{ start: 30, end: 75 }]
    const edited = await inpaint(clip, { prompt: 'wave with the right hand', intervals }, engine, { seed: 1 })
    expect(edited.frameCount).toBe(clip.frameCount)
    const J = clip.skeleton.joints.length
    for (let f = 0; f < clip.frameCount; f++) {
      if (f >= 30 && f <= 75) continue
      expect(Array.from(edited.rotations.slice(f * J * 4, (f + 1) * J * 4))).toEqual(Array.from(clip.rotations.slice(f * J * 4, (f + 1) * J * 4)))
      expect(Array.from(edited.rootTranslation.slice(f * 3, f * 3 + 3))).toEqual(Array.from(clip.rootTranslation.slice(f * 3, f * 3 + 3)))
    }
    const inside = Array.from({ length: 20 }, (_, i) => 45 + i).some(f => edited.rotations[f * J * 4 + 5] !== clip.rotations[f * J * 4 + 5])
    expect(inside).toBe(true)
    const rootLimit = Math.max(typical(clip, rootStep), typical(edited, rootStep)) * 1.5 + 1e-3
    const rotLimit = Math.max(typical(clip, maxRotationStep), 0.05) * 2
    for (const seam of [30, 31, 75, 76]) {
      expect(rootStep(edited, seam), `root @${seam}`).toBeLessThan(rootLimit)
      expect(maxRotationStep(edited, seam), `rotation @${seam}`).toBeLessThan(rotLimit)
    }
  })

  it('rejects overlapping or out-of-range intervals with 502', async () => {
    const clip = await generate('stand for 2 seconds')
    await expect(inpaint(clip, { prompt: 'wave', intervals: [{ start: 0, end: 1000 }] }, engine)).rejects.toMatchObject({ code: 'ENGINE_ERR_BAD_PARAMETERS' })
    await expect(
      inpaint(
        clip,
        {
          prompt: 'wave',
          intervals: [
            { start: 0, end: 20 },
            { start: 10, end: 30 }
          ]
        },
        engine
      )
    ).rejects.toMatchObject({ code: 'ENGINE_ERR_BAD_PARAMETERS' })
  })

  it('merges a new section after a trimmed clip with continuous root motion at the seam', async () => {
    const a = await generate('walk forward for 3 seconds', { options: { rootAtOrigin: true } })
    const merged = await merge(a, { numTrimLeft: 2, numTrimRight: 10 }, { prompt: 'jog forward for 2 seconds', blendFrames: 12 }, engine, { seed: 3 })
    const kept = a.frameCount - 12
    expect(merged.frameCount).toBeGreaterThan(kept + 12)
    const rootLimit = Math.max(typical(a, rootStep), typical(merged, rootStep)) * 1.5 + 1e-3
    for (let f = kept - 1; f <= kept + 14; f++) expect(rootStep(merged, f), `root @${f}`).toBeLessThan(rootLimit)
    for (let f = kept; f <= kept + 13; f++) expect(maxRotationStep(merged, f), `rotation @${f}`).toBeLessThan(0.35)
    // The new section keeps going forward from where the first clip stopped.
    expect(rootAt(merged, merged.frameCount - 1)[2]).toBeGreaterThan(rootAt(merged, kept - 1)[2] + 1)
  })

  it('merges two clips around a prompted section and rejects a non-integer blendFrames', async () => {
    const a = await generate('walk forward for 2 seconds')
    const b = await generate('wave')
    const merged = await merge(a, {}, { prompt: 'turn left', blendFrames: 8, clipB: b, editB: { numTrimLeft: 3 } }, engine)
    const section = await engine.generate({ prompt: 'turn left', options: { rootAtOrigin: true } })
    expect(merged.frameCount).toBe(a.frameCount + 8 + section.frameCount + 8 + b.frameCount - 3)
    await expect(merge(a, {}, { prompt: 'wave', blendFrames: 0.5 }, engine)).rejects.toMatchObject({ code: 'ENGINE_ERR_BAD_PARAMETERS' })
  })
})
