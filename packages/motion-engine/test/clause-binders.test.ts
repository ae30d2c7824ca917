import { describe, expect, it } from 'vitest'
import { BINDERS } from '../src/prompt/clause-binders.js'
import { planPrompt } from '../src/prompt/parser.js'

describe('the clause reader\'s modifier binders', () => {
  it('are named once each, by what they bind', () => {
    expect(new Set(BINDERS.map(b => b.id)).size).toBe(BINDERS.length)
    expect(BINDERS.filter(b => !/^(count|side|direction|manner|negation|action): /.test(b.id)).map(b => b.id)).toEqual([])
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
