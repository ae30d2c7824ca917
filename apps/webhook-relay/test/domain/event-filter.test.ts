import { describe, expect, it } from 'vitest'
import { isValidEventPattern, matchesEventType } from '../../src/domain/event-filter.js'

describe('endpoint event filters', () => {
  it('matches every event without a filter', () => {
    expect(matchesEventType(null, 'anything')).toBe(true)
    expect(matchesEventType(undefined, 'anything')).toBe(true)
  })

  it('matches exact names only exactly', () => {
    expect(matchesEventType(['job.done'], 'job.done')).toBe(true)
    expect(matchesEventType(['job.done'], 'job.done.late')).toBe(false)
  })

  it('matches prefix wildcards at any depth below the prefix, not the prefix itself or a longer word', () => {
    expect(matchesEventType(['job.*'], 'job.done')).toBe(true)
    expect(matchesEventType(['job.*'], 'job.step.started')).toBe(true)
    expect(matchesEventType(['job.*'], 'job')).toBe(false)
    expect(matchesEventType(['job.*'], 'jobs.done')).toBe(false)
    expect(matchesEventType(['*'], 'x')).toBe(true)
  })

  it('accepts names and trailing wildcards, refuses wildcards elsewhere', () => {
    expect(isValidEventPattern('job.*')).toBe(true)
    expect(isValidEventPattern('invoice:paid')).toBe(true)
    expect(isValidEventPattern('*.done')).toBe(false)
    expect(isValidEventPattern('job.*.x')).toBe(false)
  })
})
