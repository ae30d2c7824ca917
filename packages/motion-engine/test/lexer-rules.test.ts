import { describe, expect, it } from 'vitest'
import { LEXER_RULES } from '../src/prompt/lexer-rules.js'
import { normalise } from '../src/prompt/lexer.js'

describe('the lexer\'s rewrite rules', () => {
  it('have unique ids and global patterns', () => {
    expect(new Set(LEXER_RULES.map(r => r.id)).size).toBe(LEXER_RULES.length)
    expect(LEXER_RULES.filter(r => !r.pattern.global).map(r => r.id)).toEqual([])
  })

  it.each(LEXER_RULES.flatMap(r => r.examples.map(e => [r.id, e] as const)))('%s rewrites "%s"', (id, example) => {
    const rule = LEXER_RULES.find(r => r.id === id)!
    const text = normalise(example)
    expect(text.replace(rule.pattern, ` ${rule.rewrite} `)).not.toBe(text)
  })

  it('every rule names a prompt it rewrites', () => {
    expect(LEXER_RULES.filter(r => r.examples.length === 0).map(r => r.id)).toEqual([])
  })
})
