// A plan written as the chunker's rule examples write it (src/prompt/chunker-rules.ts): the entries in order, ", "
// between them, " + " before an overlay; an action is its kind, its way, "with" its side, "×" its count, its
// degrees, seconds, metres and speed, its emotion and how it is made.
import type { ActionSpec, TimelineEntry } from '../../src/prompt/plan.js'

function actionSummary (a: ActionSpec): string {
  const parts: string[] = [a.kind]
  if (a.direction !== undefined) parts.push(a.direction)
  if (a.side !== undefined) parts.push(`with ${a.side}`)
  if (a.count !== undefined) parts.push(`×${a.count}`)
  if (a.degrees !== undefined) parts.push(`${a.degrees}°`)
  if (a.durationSeconds !== undefined) parts.push(`${a.durationSeconds} s`)
  if (a.distance !== undefined) parts.push(`${a.distance} m`)
  if (a.speed !== 1) parts.push(`speed ${Number(a.speed.toFixed(2))}`)
  if (a.emotion !== 'neutral') parts.push(a.emotion)
  if (a.style !== undefined) parts.push(a.style)
  if (a.from !== undefined) parts.push(`from ${a.from}`)
  if (a.fall === true) parts.push('falls')
  return parts.join(' ')
}

export function planSummary (timeline: readonly TimelineEntry[]): string {
  return timeline.map(e => actionSummary(e.action) + (e.overlay === undefined ? '' : ` + ${actionSummary(e.overlay)}`)).join(', ')
}
