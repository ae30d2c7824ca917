import { describe, expect, it } from 'vitest'
import { BINDERS } from '../src/prompt/clause-binders.js'
import { planPrompt } from '../src/prompt/parser.js'
import { planSummary } from './helpers/plan-summary.js'

// Binders that only mark a word for the others (a refused way, a push that fells) and bind nothing themselves: their
// examples are held by the plan alone.
const MARKING = new Set(['negation: a refused or alternative modifier', 'manner: a push that fells'])

describe('the clause reader\'s modifier binders', () => {
  it('are named once each, by what they bind', () => {
    expect(new Set(BINDERS.map(b => b.id)).size).toBe(BINDERS.length)
    expect(BINDERS.filter(b => !/^(count|side|direction|manner|negation|action): /.test(b.id)).map(b => b.id)).toEqual([])
  })

  it('each name prompts they read', () => {
    expect(BINDERS.filter(b => b.examples.length === 0).map(b => b.id)).toEqual([])
  })

  it.each(BINDERS.flatMap(b => b.examples.map(([prompt, plan]) => [b.id, prompt, plan] as const)))('%s: "%s" is planned as "%s"', (id, prompt, plan) => {
    const seen = new Set<string>()
    const read = planPrompt(prompt, undefined, binder => seen.add(binder))
    expect(planSummary(read.timeline)).toBe(plan)
    if (!MARKING.has(id)) expect([...seen]).toContain(id)
  })

  it('a refused or alternative way is noted as ignored', () => {
    expect(planPrompt('kick with the right leg, not the left').understood).toEqual(['"left" ignored: negated'])
    expect(planPrompt('turn left or right').understood).toEqual(['"right" ignored: an alternative ("or")'])
  })

  it('bind each modifier to the action word it belongs to', () => {
    const [walk, jump] = planPrompt('walk three steps to the left and jump twice').timeline.map(e => e.action)
    expect(walk).toMatchObject({ kind: 'walk', count: 3, direction: 'left' })
    expect(jump).toMatchObject({ kind: 'jump', count: 2 })
    expect(planPrompt('kick with the right leg, not the left').timeline[0]!.action).toMatchObject({ kind: 'kick', side: 'right' })
    expect(planPrompt('a person lies down on his back').timeline.at(-1)!.action).toMatchObject({ kind: 'lieDown', style: 'onBack' })
    expect(planPrompt('waves with two hands').timeline[0]!.action).toMatchObject({ kind: 'wave', side: 'both' })
  })
})
