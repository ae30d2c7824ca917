// A plan written as the chunker's rule examples write it (src/prompt/chunker-rules.ts): the entries in order, ", "
// between them, " + " before an overlay; an action is its kind, its way, "with" its side, "×" its count, its
// degrees and its seconds.
import type { ActionSpec, TimelineEntry } from '../../src/prompt/plan.js'

function actionSummary (a: ActionSpec): string {
  const parts: string[] = [a.kind]
  if (a.direction !== undefined) parts.push(a.direction)
  if (a.side !== undefined) parts.push(`with ${a.side}`)
  if (a.count !== undefined) parts.push(`×${a.count}`)
  if (a.degrees !== undefined) parts.push(`${a.degrees}°`)
  if (a.durationSeconds !== undefined) parts.push(`${a.durationSeconds} s`)
  return parts.join(' ')
}

export function planSummary (timeline: readonly TimelineEntry[]): string {
  return timeline.map(e => actionSummary(e.action) + (e.overlay === undefined ? '' : ` + ${actionSummary(e.overlay)}`)).join(', ')
}
