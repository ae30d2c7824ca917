// One trace as Jaeger's query API returns it, drawn as a timeline page (a row per span: service, name, duration, and
// a bar where the span ran), for the end-to-end trace test to screenshot: the Jaeger built from the Go module proxy
// has no UI assets, so its own trace view cannot be shown.
import type { JaegerSpan, JaegerTrace } from '@openmotion/test-services'

const COLOURS = ['#2f6fde', '#d9822b', '#2e9c6a', '#b04fc7', '#c23b3b']

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export const serviceOf = (trace: JaegerTrace, span: JaegerSpan): string => trace.processes[span.processID]?.serviceName ?? '?'

/** Milliseconds with one decimal, as the rows and the test's table show them. */
export const durationMs = (span: JaegerSpan): string => `${(span.duration / 1000).toFixed(1)} ms`

/** The spans in start order, each with its depth under the spans of this trace it descends from. */
export function spanRows (trace: JaegerTrace): Array<{ span: JaegerSpan, depth: number }> {
  const byId = new Map(trace.spans.map((s) => [s.spanID, s]))
  const depthOf = (span: JaegerSpan, seen = new Set<string>()): number => {
    const parent = span.references.find((r) => r.refType === 'CHILD_OF' && byId.has(r.spanID))
    if (parent === undefined || seen.has(span.spanID)) return 0
    seen.add(span.spanID)
    return 1 + depthOf(byId.get(parent.spanID) as JaegerSpan, seen)
  }
  return [...trace.spans].sort((a, b) => a.startTime - b.startTime).map((span) => ({ span, depth: depthOf(span) }))
}

export function traceTimelineHtml (trace: JaegerTrace, title: string): string {
  const rows = spanRows(trace)
  const start = Math.min(...trace.spans.map((s) => s.startTime))
  const end = Math.max(...trace.spans.map((s) => s.startTime + s.duration))
  const total = Math.max(end - start, 1)
  const services = [...new Set(rows.map((r) => serviceOf(trace, r.span)))]
  const colour = (service: string): string => COLOURS[services.indexOf(service) % COLOURS.length] as string
  const body = rows.map(({ span, depth }) => {
    const service = serviceOf(trace, span)
    const left = ((span.startTime - start) / total) * 100
    const width = Math.max((span.duration / total) * 100, 0.3)
    return `<tr data-span="${span.spanID}">
  <td class="service"><i style="background:${colour(service)}"></i>${escape(service)}</td>
  <td class="name" style="padding-left:${String(8 + depth * 14)}px">${escape(span.operationName)}</td>
  <td class="duration">${durationMs(span)}</td>
  <td class="lane"><div class="bar" style="left:${left.toFixed(2)}%;width:${width.toFixed(2)}%;background:${colour(service)}"></div></td>
</tr>`
  }).join('\n')
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>
body { font: 13px/1.4 system-ui, sans-serif; margin: 16px; color: #1d2330; background: #fff }
h1 { font-size: 16px; margin: 0 0 4px } p { margin: 0 0 12px; color: #5b6475 }
table { border-collapse: collapse; width: 100% } td { padding: 3px 8px; border-bottom: 1px solid #e6e9ef; white-space: nowrap }
th { text-align: left; padding: 4px 8px; border-bottom: 2px solid #c8ced9; font-weight: 600 }
td.duration { text-align: right; font-variant-numeric: tabular-nums } td.lane { width: 45%; position: relative }
.bar { position: absolute; top: 5px; height: 12px; border-radius: 2px; min-width: 2px }
i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px }
</style></head><body>
<h1>${escape(title)}</h1>
<p>trace ${escape(trace.traceID)} · ${String(rows.length)} spans · ${services.map(escape).join(', ')} · ${(total / 1000).toFixed(0)} ms</p>
<table><thead><tr><th>service</th><th>span</th><th>duration</th><th>timeline</th></tr></thead><tbody>
${body}
</tbody></table></body></html>`
}
