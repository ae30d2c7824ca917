// The labelled prompt sets: every prompt of bench/labelled-prompts.json parses to its actions and its exported
// motion passes its machine check (locomotion prompts also meet the capture-calibrated skating and floor targets);
// every prompt of bench/labelled-plans.ts plans exactly its labelled actions and parameters.
import { describe, expect, it } from 'vitest'
import { checkLabelledPlan, LABELLED_PLANS } from '../bench/labelled-plans.js'
import { loadLabelledPrompts, runLabelled } from '../bench/labelled-run.js'
import type { LabelledResult } from '../bench/labelled-run.js'
import { engine } from './helpers/motion.js'

describe('labelled prompt set', () => {
  const prompts = loadLabelledPrompts()

  it('holds at least 150 prompts, each with a machine check', () => {
    expect(prompts.length).toBeGreaterThanOrEqual(150)
    for (const p of prompts) expect(Object.keys(p.check).length, p.prompt).toBeGreaterThan(0)
  })

  it('passes at least 90 % of the prompts, and every locomotion prompt keeps its feet planted on the floor', async () => {
    const results: LabelledResult[] = []
    for (const p of prompts) results.push(await runLabelled(engine, p))
    const failed = results.filter(r => r.fails.length > 0)
    expect(failed.map(r => `${r.prompt}: ${r.fails.join('; ')}`).length / results.length).toBeLessThanOrEqual(0.1)
    for (const r of results) {
      if (r.skate === undefined) continue
      expect(r.skate.mean, r.prompt).toBeLessThan(r.skate.limits[0])
      expect(r.skate.p95, r.prompt).toBeLessThan(r.skate.limits[1])
      expect(Math.abs(r.skate.floor - 0.25), r.prompt).toBeLessThanOrEqual(0.75)
    }
  }, 300_000)
})

describe('labelled plan set', () => {
  it('holds, with the motion set, at least 400 prompts, among them negations, counts, orders and sides', () => {
    expect(loadLabelledPrompts().length + LABELLED_PLANS.length).toBeGreaterThanOrEqual(400)
    expect(LABELLED_PLANS.filter(([, , negated]) => negated !== undefined).length).toBeGreaterThanOrEqual(12)
    expect(LABELLED_PLANS.filter(([, plan]) => /count=|durationSeconds=/.test(plan)).length).toBeGreaterThanOrEqual(30)
    expect(LABELLED_PLANS.filter(([, plan]) => /side=|direction=(left|right)|degrees=-?/.test(plan)).length).toBeGreaterThanOrEqual(40)
  })

  it('plans every prompt as labelled: kinds in order, overlays, parameters and negated words', () => {
    const wrong = LABELLED_PLANS.map(checkLabelledPlan).filter(r => r.fails.length > 0).map(r => `${r.prompt}: ${r.fails.join('; ')}`)
    expect(wrong).toEqual([])
  })
})
