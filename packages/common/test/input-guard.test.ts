import { describe, expect, it } from 'vitest'
import { findHostileInput } from '../src/index.js'
import { findNonFiniteNumber } from '../src/input-guard.js'

describe('findHostileInput', () => {
  it('names the part holding a NUL, a lone surrogate or absurd nesting, keys included', () => {
    expect(findHostileInput({ params: { id: 'a\u0000' } })).toEqual({ part: 'params', problem: 'contains a NUL character' })
    expect(findHostileInput({ query: { q: ['ok', '\ud800'] } })).toEqual({ part: 'querystring', problem: 'contains an unpaired UTF-16 surrogate' })
    expect(findHostileInput({ body: { '\udc00x': 1 } })?.problem).toBe('contains an unpaired UTF-16 surrogate')
    const deep = JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown
    expect(findHostileInput({ body: { deep } })?.problem).toBe('is nested deeper than 32 levels')
  })

  it('finds a lone surrogate or NUL anywhere in a long string, and a lone low surrogate after a pair', () => {
    const plain = 'a1b2c3d4-e5f6,'.repeat(20)
    expect(findHostileInput({ params: { rids: `${plain}\u0000` } })?.problem).toBe('contains a NUL character')
    expect(findHostileInput({ params: { rids: `${plain}\udbff` } })?.problem).toBe('contains an unpaired UTF-16 surrogate')
    expect(findHostileInput({ params: { rids: `\ud83d\ude00\ude00${plain}` } })?.problem).toBe('contains an unpaired UTF-16 surrogate')
    expect(findHostileInput({ params: { rids: plain }, query: {}, body: undefined })).toBeUndefined()
  })

  it('lets paired surrogates (emoji), numbers and buffers through', () => {
    expect(findHostileInput({ params: { id: 'x' }, query: { n: 5 }, body: { text: 'job \ud83d\ude00', raw: Buffer.from([0]) } })).toBeUndefined()
  })
})

describe('findNonFiniteNumber', () => {
  it('names the first path or query field holding Infinity or NaN, alone or in an array', () => {
    expect(findNonFiniteNumber({ params: { n: 1 }, querystring: { limit: Number.POSITIVE_INFINITY } })).toBe('querystring/limit')
    expect(findNonFiniteNumber({ params: { ids: [1, Number.NaN] } })).toBe('params/ids')
    expect(findNonFiniteNumber({ params: { n: 1, s: 'Infinity' }, querystring: { list: [2, 3] } })).toBeUndefined()
    expect(findNonFiniteNumber({ params: undefined, querystring: null })).toBeUndefined()
  })
})
