// Trace context across the hops the instrumentations cannot see: a job row, an outbox row, a queue message. What
// is stored is the W3C `traceparent` text (version 00), so any store and any language reads it. Only
// @opentelemetry/api is used here: with tracing off its calls are no-ops, no span is made and nothing is stored.
import { context, trace, SpanKind, SpanStatusCode, TraceFlags, type Attributes, type Link, type Span, type SpanContext } from '@opentelemetry/api'

const tracer = trace.getTracer('@openmotion/common')
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

/** The `traceparent` of the span running now, or undefined outside any (or with tracing off). */
export function currentTraceparent (): string | undefined {
  const span = trace.getActiveSpan()
  if (span === undefined) return undefined
  const ctx = span.spanContext()
  if (!trace.isSpanContextValid(ctx)) return undefined
  return `00-${ctx.traceId}-${ctx.spanId}-${(ctx.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00'}`
}

/** The span context a `traceparent` names; undefined for a missing or malformed value (it is then ignored). */
export function parseTraceparent (value: string | null | undefined): SpanContext | undefined {
  const match = value === null || value === undefined ? null : TRACEPARENT.exec(value)
  if (match === null) return undefined
  const ctx: SpanContext = { traceId: match[1] as string, spanId: match[2] as string, traceFlags: Number.parseInt(match[3] as string, 16), isRemote: true }
  return trace.isSpanContextValid(ctx) ? ctx : undefined
}

/**
 * How a span made from stored work relates to the trace that stored it. `child`: it continues that trace (work
 * done soon after, as part of the same request). `link`: it starts a trace of its own that points back (a retry or a
 * replay, possibly days later, which would otherwise keep the first trace open for as long).
 */
export type TraceRelation = 'child' | 'link'

export interface SpanOptions {
  kind?: 'internal' | 'consumer' | 'producer'
  attributes?: Attributes
  /** The stored `traceparent` this work continues, and how. */
  from?: { traceparent: string | null | undefined, relation: TraceRelation }
}

const KINDS = { internal: SpanKind.INTERNAL, consumer: SpanKind.CONSUMER, producer: SpanKind.PRODUCER }

/**
 * Runs `fn` inside a new span (active for everything `fn` awaits, so SQL, Redis and HTTP calls nest under it, and
 * log lines carry its ids). A thrown error marks the span failed and is rethrown unchanged.
 */
export async function inSpan<T> (name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const stored = parseTraceparent(options.from?.traceparent)
  const asChild = stored !== undefined && options.from?.relation === 'child'
  const links: Link[] = stored !== undefined && !asChild ? [{ context: stored }] : []
  const parent = asChild ? trace.setSpanContext(context.active(), stored) : links.length > 0 ? trace.deleteSpan(context.active()) : context.active()
  return await tracer.startActiveSpan(name, { kind: KINDS[options.kind ?? 'internal'], attributes: options.attributes ?? {}, links }, parent, async (span) => {
    try {
      return await fn(span)
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error))
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
      throw error
    } finally {
      span.end()
    }
  })
}

/** The trace and span ids to print on a log line written inside a span (the pino mixin of logging.ts). */
export function traceIdsForLog (): { trace_id: string, span_id: string } | undefined {
  const span = trace.getActiveSpan()
  if (span === undefined) return undefined
  const ctx = span.spanContext()
  return trace.isSpanContextValid(ctx) ? { trace_id: ctx.traceId, span_id: ctx.spanId } : undefined
}

/**
 * Names the request's span (node:http's server span) after its route, `GET /job/v1/status/:rids`, and sets
 * `http.route`: what fastify's own instrumentation would add, for one lookup per request. With tracing off, or on a
 * request not sampled, there is no recording span and nothing is done.
 */
export function nameRequestSpan (method: string, route: string | undefined): void {
  if (route === undefined) return
  const span = trace.getActiveSpan()
  if (span === undefined || !span.isRecording()) return
  span.updateName(`${method} ${route}`)
  span.setAttribute('http.route', route)
}
