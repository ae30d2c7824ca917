import { describe, expect, it } from 'vitest'
import { findHostileInput } from '../src/index.js'

describe('findHostileInput', () => {
  it('names the part holding a NUL, a lone surrogate or absurd nesting, keys included', () => {
    expect(findHostileInput({ params: { id: 'a\u0000' } })).toEqual({ part: 'params', problem: 'contains a NUL character' })
    expect(findHostileInput({ query: { q: ['ok', '\ud800'] } })).toEqual({ part: 'querystring', problem: 'contains an unpaired UTF-16 surrogate' })
    expect(findHostileInput({ body: { '\udc00x': 1 } })?.problem).toBe('contains an unpaired UTF-16 surrogate')
    const deep = JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown
    expect(findHostileInput({ body: { deep } })?.problem).toBe('is nested deeper than 32 levels')
  })

  it('lets paired surrogates (emoji), numbers and buffers through', () => {
    expect(findHostileInput({ params: { id: 'x' }, query: { n: 5 }, body: { text: 'job \ud83d\ude00', raw: Buffer.from([0]) } })).toBeUndefined()
  })
})
