import { describe, expect, it } from 'vitest'
import { bucketAttempts, chartSvg } from '../src/ui/attempt-chart.ts'
import { parseEventTypes } from '../src/ui/page.ts'

const now = Date.parse('2026-11-25T10:30:30Z')

describe('bucketAttempts', () => {
  it('counts attempts per minute by outcome, oldest minute first, and drops those outside the window', () => {
    const buckets = bucketAttempts([
      { at: '2026-11-25T10:30:05Z', outcome: 'succeeded' },
      { at: '2026-11-25T10:30:50Z', outcome: 'failed' },
      { at: '2026-11-25T10:29:59Z', outcome: 'succeeded' },
      { at: '2026-11-25T10:27:00Z', outcome: 'failed' },
      { at: '2026-11-25T10:20:00Z', outcome: 'succeeded' }
    ], now, 3)
    expect(buckets).toEqual([
      { start: Date.parse('2026-11-25T10:28:00Z'), succeeded: 0, failed: 0 },
      { start: Date.parse('2026-11-25T10:29:00Z'), succeeded: 1, failed: 0 },
      { start: Date.parse('2026-11-25T10:30:00Z'), succeeded: 1, failed: 1 }
    ])
  })
})

describe('chartSvg', () => {
  it('stacks failed on succeeded with heights proportional to the busiest minute', () => {
    const svg = chartSvg([{ start: now, succeeded: 2, failed: 2 }, { start: now + 60_000, succeeded: 1, failed: 0 }], 100, 100)
    const heights = [...svg.matchAll(/class="(succeeded|failed)"[^>]*height="([\d.]+)"/g)].map((m) => [m[1], Number(m[2])])
    // 74 px of plot (100 − 8 top − 18 bottom); the busiest minute has 4 attempts.
    expect(heights).toEqual([['succeeded', 37], ['failed', 37], ['succeeded', 18.5], ['failed', 0]])
    expect(svg).toContain('aria-label="3 succeeded and 2 failed attempts in the last 2 minutes"')
  })
})

describe('parseEventTypes', () => {
  it('splits a comma list and treats an empty filter as all events', () => {
    expect(parseEventTypes(' job.*, invoice.paid ,')).toEqual(['job.*', 'invoice.paid'])
    expect(parseEventTypes('  ')).toBeNull()
  })
})
