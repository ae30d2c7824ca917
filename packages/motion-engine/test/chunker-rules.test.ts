import { describe, expect, it } from 'vitest'
import type { ChunkerRule } from '../src/prompt/chunker-rule.js'
import { ADDED_CLAUSES, ADDS_TO_CLAUSE_BEFORE, CLAUSE_ORDER, MARK_RUNS, TIME_BINDINGS } from '../src/prompt/chunker-rules.js'
import { CLAUSE_MARKS } from '../src/prompt/clause-marks.js'
import { lex } from '../src/prompt/lexer.js'
import { planPrompt } from '../src/prompt/parser.js'
import { planSummary } from './helpers/plan-summary.js'

const TABLES = { CLAUSE_MARKS, MARK_RUNS, CLAUSE_ORDER, ADDED_CLAUSES, ADDS_TO_CLAUSE_BEFORE: [ADDS_TO_CLAUSE_BEFORE], TIME_BINDINGS }
const RULES: readonly ChunkerRule[] = Object.values(TABLES).flat()

describe('the chunker\'s rules', () => {
  it('are named once each, and each names a prompt it decides', () => {
    expect(new Set(RULES.map(r => r.id)).size).toBe(RULES.length)
    expect(RULES.filter(r => r.examples.length === 0).map(r => r.id)).toEqual([])
  })

  const noMarks = CLAUSE_MARKS.filter(r => r.opens === 'none')
  const cases = RULES.flatMap(r => r.examples.map(([prompt, plan]) => [r.id, prompt, plan] as const))
  it.each(cases)('%s: "%s" is planned as "%s"', (id, prompt, plan) => {
    const seen = new Set<string>()
    const read = planPrompt(prompt, undefined, rule => seen.add(rule))
    expect(planSummary(read.timeline)).toBe(plan)
    if (!noMarks.some(r => r.id === id)) expect([...seen]).toContain(id)
  })

  // A word that is no mark leaves no trace of its own: each example keeps it in its clause.
  it.each(noMarks.flatMap(r => r.examples.map(([prompt]) => [r.id, prompt] as const)))('%s: "%s" is not cut at the word', (id, prompt) => {
    const rule = noMarks.find(r => r.id === id)!
    const marks = lex(prompt).flatMap(t => (t.type === 'separator' ? [t.word] : []))
    expect(marks.filter(w => rule.words instanceof RegExp ? rule.words.test(w) : rule.words.includes(w))).toEqual([])
  })
})
