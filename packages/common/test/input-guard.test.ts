import { describe, expect, it } from 'vitest'
import { DEFAULT_TEXT_LIMITS, findHostileInput, textProblem } from '../src/index.js'
import { findNonFiniteNumber } from '../src/input-guard.js'

describe('textProblem', () => {
  it('names a NUL, a lone surrogate of either half and a value over its limit', () => {
    expect(textProblem('a\u0000b', 10)).toBe('contains a NUL character')
    expect(textProblem('a\ud800', 10)).toBe('contains an unpaired UTF-16 surrogate')
    expect(textProblem('\udc00a', 10)).toBe('contains an unpaired UTF-16 surrogate')
    expect(textProblem('\ud83d\ude00\ude00', 10)).toBe('contains an unpaired UTF-16 surrogate')
    expect(textProblem('abcd', 3)).toBe('is longer than 3 characters')
  })

  it('accepts plain text, paired surrogates (emoji) and a value of exactly its limit', () => {
    expect(textProblem('job \ud83d\ude00 é 走る', 100)).toBeUndefined()
    expect(textProblem('abc', 3)).toBeUndefined()
    expect(textProblem('', 0)).toBeUndefined()
  })
})

describe('findHostileInput', () => {
  it('names the field holding a NUL, a lone surrogate or absurd nesting, keys included', () => {
    expect(findHostileInput({ params: { id: 'a\u0000' } })).toEqual({ field: 'params/id', problem: 'contains a NUL character' })
    expect(findHostileInput({ query: { q: ['ok', '\ud800'] } })).toEqual({ field: 'querystring/q', problem: 'contains an unpaired UTF-16 surrogate' })
    expect(findHostileInput({ body: { '\udc00x': 1 } })).toEqual({ field: 'body', problem: 'has a field name that contains an unpaired UTF-16 surrogate' })
    expect(findHostileInput({ body: { a: { '\u0000': 1 } } })).toEqual({ field: 'body/a', problem: 'contains a NUL character' })
    expect(findHostileInput({ headers: { 'x-a': 'v\u0000' } })).toEqual({ field: 'headers/x-a', problem: 'contains a NUL character' })
    expect(findHostileInput({ body: 'a\u0000' })).toEqual({ field: 'body', problem: 'contains a NUL character' })
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

  it('holds each part to its own limit', () => {
    const limits = { header: 5, parameter: 3, bodyString: 4 }
    expect(findHostileInput({ headers: { h: 'abcdef' } }, limits)).toEqual({ field: 'headers/h', problem: 'is longer than 5 characters' })
    expect(findHostileInput({ headers: { h: ['ok', 'abcdef'] } }, limits)?.field).toBe('headers/h')
    expect(findHostileInput({ params: { id: 'abcd' } }, limits)?.field).toBe('params/id')
    expect(findHostileInput({ query: { abcd: '1' } }, limits)?.field).toBe('querystring')
    expect(findHostileInput({ body: { list: ['abcde'] } }, limits)).toEqual({ field: 'body/list', problem: 'is longer than 4 characters' })
    expect(findHostileInput({ headers: { h: 'abcde' }, params: { id: 'abc' }, body: { s: 'abcd' } }, limits)).toBeUndefined()
    expect(findHostileInput({ query: { q: 'a'.repeat(DEFAULT_TEXT_LIMITS.parameter + 1) } })?.problem).toBe(`is longer than ${DEFAULT_TEXT_LIMITS.parameter} characters`)
  })

  it('names a query whose percent-encoded bytes are not UTF-8, and lets a stray % or an encoded % through', () => {
    expect(findHostileInput({ url: '/a?q=a%ED%A0%80' })).toEqual({ field: 'querystring', problem: 'is not valid percent-encoded UTF-8' })
    expect(findHostileInput({ url: '/a?q=%FF' })?.field).toBe('querystring')
    for (const url of ['/a', '/a?q=100%', '/a?q=%25ED%25A0%2580', '/a?q=%E2%9C%93+x', '/a%ED?q=1']) expect(findHostileInput({ url }), url).toBeUndefined()
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
