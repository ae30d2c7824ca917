// A SayMotion parameter is decoded twice: the body guard sees `prompt="walk\u0000"` as plain text, and only
// unquoting (or parsing a request object) turns the escape into a NUL. Both decoders hold their output to what a
// store can hold, so such a value is 1102 naming the parameter, not a 500 from the database.
import { describe, expect, it } from 'vitest'
import { json, splitParams } from '../src/domain/param-values.js'

const code = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as { code?: unknown, details?: unknown }).code === 1102 ? (error as { details: unknown }).details : error
  }
  return undefined
}

describe('decoded parameter values', () => {
  it('refuses a NUL or a lone surrogate written as a JSON escape in a quoted value, naming the parameter', () => {
    expect(code(() => splitParams(['prompt="walk\\u0000"'], ['prompt']))).toEqual({ parameter: 'prompt' })
    expect(code(() => splitParams(['prompt="walk\\ud800"'], ['prompt']))).toEqual({ parameter: 'prompt' })
    expect(splitParams(['prompt="walk \\ud83d\\ude00"'], ['prompt']).get('prompt')).toBe('walk \ud83d\ude00')
  })

  it('refuses a NUL or a lone surrogate anywhere in a request object, keys included, naming the parameter', () => {
    expect(code(() => json('inPaintingRequest', '{"prompt":"a\\u0000","intervals":[{"start":0,"end":1}]}'))).toEqual({ parameter: 'inPaintingRequest' })
    expect(code(() => json('mergingRequest', '{"\\udc00":1}'))).toEqual({ parameter: 'mergingRequest' })
    expect(() => json('loopRequest', '{"prompt":"a\\u0000"}')).toThrow('loopRequest: prompt contains a NUL character')
    expect(json('refineRequest', '{"prompt":"wave \\ud83d\\ude00"}')).toEqual({ prompt: 'wave \ud83d\ude00' })
  })
})
