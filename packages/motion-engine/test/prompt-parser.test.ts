import { describe, expect, it } from 'vitest'
import { parsePrompt } from '../src/index.js'

const kinds = (p: string) => parsePrompt(p).map(e => e.action.kind)

describe('prompt parser', () => {
  it('sequences clauses split by then, and, commas and full stops', () => {
    expect(kinds('walk forward, then turn left and sit down. wave')).toEqual(['walk', 'turn', 'sitDown', 'wave'])
  })

  it('layers an upper-body action over locomotion with while/as or a second verb in the clause', () => {
    const [entry] = parsePrompt('wave with the left hand while walking')
    expect(entry!.action.kind).toBe('walk')
    expect(entry!.overlay).toMatchObject({ kind: 'wave', side: 'left' })
    expect(parsePrompt('run forward punching')[0]!.overlay?.kind).toBe('punch')
  })

  it('reads counts from numbers, number words, plural nouns and once/twice/thrice', () => {
    expect(parsePrompt('walk forward three steps')[0]!.action.count).toBe(3)
    expect(parsePrompt('take 5 steps')[0]!.action).toMatchObject({ kind: 'walk', count: 5 })
    expect(parsePrompt('jumps twice')[0]!.action.count).toBe(2)
    expect(parsePrompt('do a few jumps')[0]!.action.count).toBe(3)
    expect(parsePrompt('clap 6 times')[0]!.action.count).toBe(6)
  })

  it('reads durations, distances and angles with their units', () => {
    expect(parsePrompt('dance for 4 seconds')[0]!.action.durationSeconds).toBe(4)
    expect(parsePrompt('wait for a minute')[0]!.action.durationSeconds).toBe(60)
    expect(parsePrompt('run 10 meters')[0]!.action.distance).toBe(10)
    expect(parsePrompt('turn right 45 degrees')[0]!.action.degrees).toBe(-45)
    expect(parsePrompt('turn around')[0]!.action.degrees).toBe(180)
    expect(parsePrompt('do a quarter turn to the left')[0]!.action.degrees).toBe(90)
  })

  it('resolves step by direction and stand by "up"', () => {
    expect(kinds('step to the left')).toEqual(['sidestep'])
    expect(kinds('step back')).toEqual(['backstep'])
    expect(kinds('step up onto the box')).toEqual(['stepUp'])
    expect(kinds('stand up')).toEqual(['standUp'])
    expect(kinds('stand still')).toEqual(['idle'])
  })

  it('applies speed adverbs, amplified by very', () => {
    expect(parsePrompt('walk slowly')[0]!.action.speed).toBeCloseTo(0.7)
    expect(parsePrompt('walk very quickly')[0]!.action.speed).toBeCloseTo(1.64)
  })

  it('carries an emotion to later clauses and colours earlier ones with the first emotion', () => {
    const t = parsePrompt('walk forward, then sadly sit down, then wave happily')
    expect(t.map(e => e.action.emotion)).toEqual(['sad', 'sad', 'happy'])
  })

  it('ignores unknown words and returns nothing when no movement is described', () => {
    expect(kinds('the quick brown fox gracefully walks over the lazy dog')).toEqual(['walk'])
    expect(parsePrompt('banana republic')).toEqual([])
  })
})

describe('prompt parser never refuses a described movement', () => {
  it('maps synonyms, multi-word names and misspellings to the closest action and says how it read them', () => {
    expect(kinds('gallop across the room')).toEqual(['skip'])
    expect(kinds('do three jumping jacks')).toEqual(['jumpingJacks'])
    expect(kinds('sit on a chair then stand up')).toEqual(['sitChair', 'standUp'])
    expect(kinds('run in a circle')).toEqual(['circle'])
    expect(parsePrompt('run in a circle')[0]!.action.gait).toBe('run')
    const [typo] = parsePrompt('wakl forward')
    expect(typo!.action.kind).toBe('walk')
    expect(typo!.understood).toContain('walk')
  })

  it('finds nothing only in text that describes no movement', () => {
    expect(parsePrompt('the weather is nice today')).toEqual([])
  })
})
