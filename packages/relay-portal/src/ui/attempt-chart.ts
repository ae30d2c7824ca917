// Delivery attempts per minute by outcome, as a plain SVG bar chart (stacked: succeeded below, failed above).
// Pure functions: bucketing and markup are unit-tested; the page only inserts the string.

export interface MinuteBucket { start: number, succeeded: number, failed: number }

const MINUTE = 60_000

/** Counts attempts per minute for the `minutes` minutes ending with the one holding `now` (oldest first). */
export function bucketAttempts (attempts: { at: string, outcome: string }[], now: number, minutes: number): MinuteBucket[] {
  const last = Math.floor(now / MINUTE) * MINUTE
  const first = last - (minutes - 1) * MINUTE
  const buckets = Array.from({ length: minutes }, (_, i) => ({ start: first + i * MINUTE, succeeded: 0, failed: 0 }))
  for (const attempt of attempts) {
    const at = Date.parse(attempt.at)
    const index = Math.floor((at - first) / MINUTE)
    const bucket = buckets[index]
    if (bucket === undefined) continue
    if (attempt.outcome === 'succeeded') bucket.succeeded++
    else bucket.failed++
  }
  return buckets
}

function clock (ms: number): string {
  const date = new Date(ms)
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}

/** The chart as SVG markup, with a text alternative listing the totals. */
export function chartSvg (buckets: MinuteBucket[], width = 600, height = 160): string {
  const top = 8
  const bottom = 18
  const left = 28
  const plot = height - top - bottom
  const max = Math.max(1, ...buckets.map((b) => b.succeeded + b.failed))
  const step = (width - left) / Math.max(1, buckets.length)
  const bar = Math.max(1, step * 0.75)
  const y = (n: number) => (n / max) * plot
  const bars = buckets.map((b, i) => {
    const x = (left + i * step).toFixed(1)
    const ok = y(b.succeeded)
    const bad = y(b.failed)
    const title = `<title>${clock(b.start)}: ${b.succeeded} succeeded, ${b.failed} failed</title>`
    return `<g>${title}<rect class="succeeded" x="${x}" y="${(top + plot - ok).toFixed(1)}" width="${bar.toFixed(1)}" height="${ok.toFixed(1)}"/>` +
      `<rect class="failed" x="${x}" y="${(top + plot - ok - bad).toFixed(1)}" width="${bar.toFixed(1)}" height="${bad.toFixed(1)}"/></g>`
  }).join('')
  // Every fifth minute, and the last one right-aligned so it never runs off the edge.
  const labels = buckets.map((b, i) => {
    if (i === buckets.length - 1) return `<text x="${width}" y="${height - 4}" text-anchor="end">${clock(b.start)}</text>`
    return i % 5 === 0 && i < buckets.length - 3 ? `<text x="${(left + i * step).toFixed(1)}" y="${height - 4}">${clock(b.start)}</text>` : ''
  }).join('')
  const succeeded = buckets.reduce((n, b) => n + b.succeeded, 0)
  const failed = buckets.reduce((n, b) => n + b.failed, 0)
  const summary = `${succeeded} succeeded and ${failed} failed attempts in the last ${buckets.length} minutes`
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${summary}">` +
    `<line class="axis" x1="${left}" y1="${top + plot}" x2="${width}" y2="${top + plot}"/>` +
    `<text x="0" y="${top + 8}">${max}</text><text x="0" y="${top + plot}">0</text>${bars}${labels}</svg>`
}
