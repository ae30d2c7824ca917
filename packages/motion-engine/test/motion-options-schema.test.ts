// The options schema is the one contract for generation options: the engine validates with it, and callers
// (motion-api) read its allowed values and bounds instead of restating them.
import { describe, expect, it } from 'vitest'
import { DEFAULT_OPTIONS, FOOT_LOCKING_MODES, MotionOptionsSchema, POSE_FILTERING_LIMITS, isFootLockingMode, normalizeRequest } from '../src/index.js'

describe('motion options schema', () => {
  it('publishes the allowed values, bounds and defaults the engine applies', () => {
    expect(FOOT_LOCKING_MODES).toEqual(['auto', 'always', 'never', 'grounding'])
    expect(POSE_FILTERING_LIMITS).toEqual({ min: 0, max: 1 })
    expect(DEFAULT_OPTIONS).toEqual({ footLockingMode: 'auto', poseFilteringStrength: 0, simulation: true, rootAtOrigin: false })
    expect(Object.keys(MotionOptionsSchema.properties).sort()).toEqual(Object.keys(DEFAULT_OPTIONS).sort())
    expect(isFootLockingMode('grounding')).toBe(true)
    expect(isFootLockingMode('sideways')).toBe(false)
  })

  it.each([
    [{ footLockingMode: 'sideways' }, 'footLockingMode must be one of auto, always, never, grounding'],
    [{ poseFilteringStrength: 1.5 }, 'poseFilteringStrength'],
    [{ poseFilteringStrength: Number.NaN }, 'poseFilteringStrength'],
    [{ simulation: 'yes' }, 'simulation'],
    [{ rootAtOrigin: 1 }, 'rootAtOrigin']
  ])('refuses %o with a message naming the option', (options, message) => {
    expect(() => normalizeRequest({ prompt: 'walk', options: options as never })).toThrow(message)
  })

  it('fills the defaults for options left out', () => {
    expect(normalizeRequest({ prompt: 'walk', options: { footLockingMode: 'never' } }).options).toEqual({ ...DEFAULT_OPTIONS, footLockingMode: 'never' })
  })
})
