// The analysis is total: whatever text arrives — real captions shuffled, cut, joined, with any unicode — the result
// is a plan or the engine's "no movement" refusal (the API's 494), never an exception.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadDevCaptions } from '../bench/dev-set.js'
import { ENGINE_ERROR, EngineError, planPrompt } from '../src/index.js'
import { readPrompt } from '../src/prompt/read-prompt.js'

const captions = loadDevCaptions().map(c => c.text)

/** A plan, or the documented refusals: no movement (494) or more than a clip can hold (502). */
function outcome (text: string): 'plan' | 'no movement' | 'too long' {
  planPrompt(text)
  try {
    readPrompt(text)
    return 'plan'
  } catch (err) {
    if (err instanceof EngineError && err.code === ENGINE_ERROR.INVALID_INPUT) return 'no movement'
    if (err instanceof EngineError && err.code === ENGINE_ERROR.BAD_PARAMETERS) return 'too long'
    throw err
  }
}

const caption = fc.constantFrom(...captions)
const words = caption.map(c => c.split(/\s+/))
const shuffled = words.chain(w => fc.shuffledSubarray(w, { minLength: 0, maxLength: w.length })).map(w => w.join(' '))
const truncated = fc.tuple(caption, fc.nat()).map(([c, n]) => c.slice(0, n % (c.length + 1)))
const joined = fc.array(caption, { minLength: 2, maxLength: 5 }).chain(cs =>
  fc.array(fc.constantFrom(' then ', ' and ', ', ', ' while ', ' after ', ' before ', '. ', ' not '), { minLength: cs.length, maxLength: cs.length })
    .map(seps => cs.map((c, i) => c + seps[i]!).join('')))
const withUnicode = fc.tuple(caption, fc.string({ unit: 'binary', maxLength: 12 }), fc.nat()).map(([c, u, n]) => {
  const at = n % (c.length + 1)
  return c.slice(0, at) + u + c.slice(at)
})
const anyText = fc.string({ unit: 'binary', maxLength: 80 })

describe('prompt analysis never throws', () => {
  it('reads every development caption as a plan or a refusal', () => {
    for (const text of captions) expect(['plan', 'no movement', 'too long']).toContain(outcome(text))
  }, 600_000)

  it('reads captions shuffled, truncated, joined, with unicode inserted, and arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(shuffled, truncated, joined, withUnicode, anyText), (text) => {
      expect(['plan', 'no movement', 'too long']).toContain(outcome(text))
    }), { numRuns: 1500, seed: 28 })
  }, 600_000)
})
