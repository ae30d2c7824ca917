// The OpenTelemetry SDK as the services run it: OTLP over HTTP, W3C trace context, and the maintained
// instrumentations of what the apps use (node:http, undici and fetch, pg, ioredis, kafkajs). Imported only by
// start-tracing.ts, and only when tracing is on.
//
// fastify's instrumentation (@fastify/otel) is not used: it wraps every hook and handler of every route in a span
// of its own (eleven per status poll, named after the plugin function's source text), and with 10 % of traces
// sampled it cut the status poll's throughput by three quarters (docs/benchmarks.md). The request's span is
// node:http's, named after the route by createServer's onSend hook (nameRequestSpan).
//
// Spans that would be noise are not made: health and metrics probes (every few seconds from every orchestrator)
// and Redis or SQL commands outside any traced work (queue polls, lease renewals, maintenance sweeps), which
// would each start a trace of their own.
import type { IncomingMessage } from 'node:http'
import { register } from 'node:module'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis'
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici'
import { NodeSDK, resources, tracing } from '@opentelemetry/sdk-node'
import { createAddHookMessageChannel } from 'import-in-the-middle'
import type { Tracing } from './tracing-handle.js'
import type { TracingConfig } from './tracing-config.js'

const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

function isProbe (request: IncomingMessage): boolean {
  return PROBE_PATHS.has((request.url ?? '').split('?', 1)[0] ?? '')
}

function samplerOf (config: TracingConfig): tracing.Sampler {
  const ratio = config.OTEL_TRACES_SAMPLER_ARG ?? 1
  switch (config.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on') {
    case 'always_on': return new tracing.AlwaysOnSampler()
    case 'always_off': return new tracing.AlwaysOffSampler()
    case 'traceidratio': return new tracing.TraceIdRatioBasedSampler(ratio)
    case 'parentbased_always_off': return new tracing.ParentBasedSampler({ root: new tracing.AlwaysOffSampler() })
    case 'parentbased_traceidratio': return new tracing.ParentBasedSampler({ root: new tracing.TraceIdRatioBasedSampler(ratio) })
    default: return new tracing.ParentBasedSampler({ root: new tracing.AlwaysOnSampler() })
  }
}

function resourceAttributes (list: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const pair of (list ?? '').split(',')) {
    const at = pair.indexOf('=')
    if (at > 0) attributes[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim())
  }
  return attributes
}

export async function startSdk (config: TracingConfig & { OTEL_EXPORTER_OTLP_ENDPOINT: string }, serviceName: string): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel()
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions)
  const sdk = new NodeSDK({
    resource: resources.resourceFromAttributes({
      ...resourceAttributes(config.OTEL_RESOURCE_ATTRIBUTES),
      'service.name': config.OTEL_SERVICE_NAME ?? serviceName
    }),
    traceExporter: new OTLPTraceExporter({ url: new URL('v1/traces', config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/?$/, '/')).href }),
    sampler: samplerOf(config),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: isProbe }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation()
    ],
    // Traces only: metrics are Prometheus' (/metrics) and logs are pino's (joined to traces by trace_id).
    metricReaders: [],
    logRecordProcessors: []
  })
  sdk.start()
  await waitForAllMessagesAcknowledged()
  return {
    enabled: true,
    shutdown: async () => { await sdk.shutdown() }
  }
}
