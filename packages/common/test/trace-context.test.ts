// Trace context through stored work and log lines, with the SDK's tracer provider recording into memory.
import { Writable } from 'node:stream'
import { node, tracing } from '@opentelemetry/sdk-node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '../src/logging.js'
import { currentTraceparent, inSpan, nameRequestSpan, parseTraceparent } from '../src/tracing/trace-context.js'
import { tracingConfig } from '../src/tracing/tracing-config.js'

const exporter = new tracing.InMemorySpanExporter()
const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] })
const STORED = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'

beforeAll(() => { provider.register() })
afterAll(async () => { await provider.shutdown() })
beforeEach(() => { exporter.reset() })

describe('trace context', () => {
  it('has no traceparent outside a span, and the running span\'s inside one', async () => {
    expect(currentTraceparent()).toBeUndefined()
    const inside = await inSpan('work', {}, async (span) => {
      expect(currentTraceparent()).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`)
      return currentTraceparent()
    })
    expect(parseTraceparent(inside)?.traceId).toHaveLength(32)
  })

  it('names the running request span after its route, and leaves an unsampled one alone', async () => {
    await inSpan('GET', {}, async () => { nameRequestSpan('GET', '/job/v1/status/:rids') })
    const [named] = exporter.getFinishedSpans()
    expect(named?.name).toBe('GET /job/v1/status/:rids')
    expect(named?.attributes['http.route']).toBe('/job/v1/status/:rids')
    exporter.reset()
    const unsampled = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00'
    await inSpan('GET', { from: { traceparent: unsampled, relation: 'child' } }, async (span) => {
      expect(span.isRecording()).toBe(false)
      nameRequestSpan('GET', '/job/v1/status/:rids')
    })
    expect(exporter.getFinishedSpans()).toEqual([])
  })

  it('continues a stored traceparent as a child', async () => {
    await inSpan('job', { from: { traceparent: STORED, relation: 'child' } }, async () => {})
    const [span] = exporter.getFinishedSpans()
    expect(span?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(span?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7')
    expect(span?.links).toEqual([])
  })

  it('starts a new trace linked to a stored traceparent, even inside another span', async () => {
    await inSpan('outer', {}, async () => { await inSpan('retry', { from: { traceparent: STORED, relation: 'link' } }, async () => {}) })
    const retry = exporter.getFinishedSpans().find((s) => s.name === 'retry')
    expect(retry?.spanContext().traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(retry?.parentSpanContext).toBeUndefined()
    expect(retry?.links.map((l) => l.context.spanId)).toEqual(['00f067aa0ba902b7'])
  })

  it('ignores a malformed traceparent and marks a span whose work throws as failed', async () => {
    expect(parseTraceparent('00-zz-00f067aa0ba902b7-01')).toBeUndefined()
    await expect(inSpan('broken', { from: { traceparent: 'garbage', relation: 'child' } }, async () => { throw new Error('boom') })).rejects.toThrow('boom')
    const [span] = exporter.getFinishedSpans()
    expect(span?.parentSpanContext).toBeUndefined()
    expect(span?.status).toMatchObject({ code: 2, message: 'boom' })
  })

  it('writes trace_id and span_id on log lines inside a span only', async () => {
    const lines: string[] = []
    const destination = new Writable({ write (chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done() } })
    const logger = createLogger({ name: 'test', destination })
    logger.info('outside')
    const ids = await inSpan('work', {}, async (span) => { logger.info('inside'); return span.spanContext() })
    const [outside, inside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(outside).not.toHaveProperty('trace_id')
    expect(inside).toMatchObject({ trace_id: ids.traceId, span_id: ids.spanId })
  })
})

describe('tracing config', () => {
  it('refuses a sampler ratio above 1 and an unknown sampler, naming the variable', () => {
    expect(() => tracingConfig.load({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/)
    expect(() => tracingConfig.load({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/)
    expect(tracingConfig.load({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined()
  })
})
