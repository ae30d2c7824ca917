// The physical figures of issue 22, measured on the exported BVH and skinned GLB like motion-capture data.
import { describe, expect, it } from 'vitest'
import { exportAndRead } from '../bench/exported-motion.js'
import { measure, variantDiversity } from '../bench/quality-metrics.js'
import { DIVERSITY_PROMPTS, MAX_ACCEL, MIN_DIVERSITY, QUALITY_CASES } from '../bench/quality-cases.js'
import type { QualityCase } from '../bench/quality-cases.js'
import { engine } from './helpers/motion.js'

const byName = (name: string): QualityCase => QUALITY_CASES.find(c => c.name === name)!
const figures = async (name: string) => measure(await exportAndRead(await engine.generate({ seed: 1, ...byName(name).request })))

describe('motion quality on the exported files', () => {
  for (const c of QUALITY_CASES) {
    it(`${c.name}: mesh on the floor, feet planted, end effectors below ${MAX_ACCEL} m/s²`, async () => {
      const q = measure(await exportAndRead(await engine.generate({ seed: 1, ...c.request }), c.character === undefined ? {} : { character: c.character }))
      expect(q.meshFloor).toBeGreaterThanOrEqual(-0.5)
      expect(q.meshFloor).toBeLessThanOrEqual(1)
      expect(q.skateMean).toBeLessThan(c.skate[0])
      expect(q.skateP95).toBeLessThan(c.skate[1])
      expect(q.maxAccel).toBeLessThan(MAX_ACCEL)
      if (c.gait !== undefined) {
        expect(q.bob).toBeGreaterThanOrEqual(c.gait.bob[0])
        expect(q.bob).toBeLessThanOrEqual(c.gait.bob[1])
        expect(q.sway).toBeGreaterThanOrEqual(c.gait.sway)
      }
      if (c.flight === true) expect(q.flight).toBeGreaterThan(0.02)
    }, 60_000)
  }

  it('pose filtering at full strength cuts jerk while planted feet stay planted', async () => {
    const raw = await figures('walk filter 0')
    const smooth = await figures('walk filter 1')
    expect(smooth.jerk).toBeLessThan(raw.jerk * 0.8)
    expect(smooth.skateMean).toBeLessThan(raw.skateMean + 2)
  }, 60_000)

  it('the simulation pass (off with dis=s) keeps a kicking body balanced over its standing foot', async () => {
    const on = await figures('kick')
    const off = await figures('kick dis=s')
    expect(off.balance).toBeGreaterThan(1.5)
    expect(on.balance).toBeLessThan(off.balance * 0.5)
  }, 60_000)

  it(`variants of one job are at least ${MIN_DIVERSITY} cm apart and each is reproducible`, async () => {
    for (const prompt of DIVERSITY_PROMPTS) {
      const takes = await Promise.all([0, 1, 2, 3].map(async v => exportAndRead(await engine.generate({ prompt, seed: 1, variantIndex: v }))))
      expect(variantDiversity(takes), prompt).toBeGreaterThanOrEqual(MIN_DIVERSITY)
    }
    const again = await exportAndRead(await engine.generate({ prompt: DIVERSITY_PROMPTS[0]!, seed: 1, variantIndex: 2 }))
    const first = await exportAndRead(await engine.generate({ prompt: DIVERSITY_PROMPTS[0]!, seed: 1, variantIndex: 2 }))
    expect(variantDiversity([again, first])).toBe(0)
  }, 120_000)
})
