// The development set (test/data/kitml-captions-dev.jsonl, bench/dev-set.ts): real captions of recorded motions must
// plan the movement their recording is named for.
import { beforeAll, describe, expect, it } from 'vitest'
import { loadDevCaptions, scoreDevSet } from '../bench/dev-set.js'
import type { DevSetScore } from '../bench/dev-set.js'
import { parsePrompt } from '../src/index.js'

describe('development set of real captions', () => {
  let score: DevSetScore
  beforeAll(() => { score = scoreDevSet(loadDevCaptions(), parsePrompt) }, 600_000)

  it('plans the recorded movement for at least 90 % of the captions', () => {
    expect(score.captions).toBeGreaterThan(8000)
    expect(score.correct / score.captions).toBeGreaterThanOrEqual(0.9)
  })

  it('plans it for at least 75 % of the captions of every recording kind', () => {
    const weak = score.kinds.filter(k => k.correct / k.captions < 0.75).map(k => `${k.name}: ${k.correct}/${k.captions}`)
    expect(weak).toEqual([])
  })
})
