// A worker re-validates the request it reads back from the database with the same schemas the API used
// (the engine's options schema included), so a stale or hand-edited row fails its job instead of reaching the engine.
import { describe, expect, it } from 'vitest'
import { jobFailureOf } from '../src/domain/job-failures.js'
import { parseRender, parseText2Motion } from '../src/domain/job-params.js'
import type { Job } from '../src/domain/records.js'
import { storedRender, storedText2Motion } from '../src/domain/stored-requests.js'

function jobWith (request: unknown): Job {
  const now = new Date()
  return {
    rid: 'r-1',
    clientId: 'c',
    processor: 'text2motion',
    parameters: [],
    request: request as Job['request'],
    status: 'PROGRESS',
    details: {},
    chargedAmount: 0,
    variants: {},
    outputs: {},
    processingInfo: {},
    ctime: now,
    mtime: now
  }
}

const generated = parseText2Motion(['prompt=walk', 'model=openmotion_mannequin', 'footLockingMode=always', 'poseFilteringStrength=0.5'], 8)

describe('stored requests', () => {
  it('reads back what the API stored, unchanged', () => {
    expect(storedText2Motion(jobWith(JSON.parse(JSON.stringify(generated))))).toEqual(generated)
    const render = parseRender(['t2m_rid=abc', 'variant_id=1', 'camMode=2'])
    expect(storedRender(jobWith(JSON.parse(JSON.stringify(render))))).toEqual(render)
  })

  it.each([
    ['an option value the engine does not know', { footLockingMode: 'sideways' }, 'footLockingMode'],
    ['an option out of the engine\'s range', { poseFilteringStrength: 3 }, 'poseFilteringStrength'],
    ['a missing option', { simulation: undefined }, 'simulation'],
    ['too many variants', { numVariants: 40 }, 'numVariants']
  ])('fails the job with 502 naming the field for %s', (_, change, field) => {
    const stored = { ...generated, settings: { ...generated.settings, ...change } }
    const failure = jobFailureOf(catchError(() => storedText2Motion(jobWith(stored))))
    expect(failure.code).toBe(502)
    expect(failure.message).toContain(field)
  })

  it('refuses a request of an unknown mode and a render without its source', () => {
    expect(jobFailureOf(catchError(() => storedText2Motion(jobWith({ ...generated, mode: 'teleport' })))).message).toContain('mode teleport')
    expect(jobFailureOf(catchError(() => storedRender(jobWith({ processor: 'render', camMode: 0 })))).code).toBe(502)
  })
})

function catchError (run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}
