// The engine's phases as spans (read the prompt, synthesise, post-process) when the process traces: an operator
// sees where a slow job spent its time. Only @opentelemetry/api is used: in a process without an OpenTelemetry
// SDK (the browser, a test, a service with tracing off) every call here is a no-op.
import { SpanStatusCode, trace, type Span } from '@opentelemetry/api'

const tracer = trace.getTracer('@openmotion/motion-engine')

function failed (span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error))
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
}

/** Runs a synchronous phase inside a span named `name`. */
export function phaseSync<T> (name: string, fn: () => T): T {
  return tracer.startActiveSpan(name, (span) => {
    try {
      return fn()
    } catch (error) {
      failed(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}

/** Runs an asynchronous phase inside a span named `name` (active for everything it awaits). */
export async function phase<T> (name: string, fn: () => Promise<T>): Promise<T> {
  return await tracer.startActiveSpan(name, async (span) => {
    try {
      return await fn()
    } catch (error) {
      failed(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}
