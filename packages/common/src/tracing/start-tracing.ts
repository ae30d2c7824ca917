// Turning tracing on, once per process, before the app's modules load. With OTEL_EXPORTER_OTLP_ENDPOINT unset
// nothing of the SDK is imported (the import below is dynamic): a process without tracing loads only
// @opentelemetry/api, whose calls are no-ops, and pays nothing measurable (bench/tracing-cost.ts).
import type { TracingConfig } from './tracing-config.js'
import type { Tracing } from './tracing-handle.js'

export type { Tracing } from './tracing-handle.js'

const off: Tracing = { enabled: false, shutdown: async () => {} }

/**
 * Starts the OpenTelemetry SDK when the config asks for it. It must run before fastify, pg, ioredis, kafkajs or
 * undici are imported: instrumentations patch a module as it loads, so a module loaded earlier stays untraced.
 * `runService` calls it between loading the config and importing the app, which is why a main imports only
 * `@openmotion/common/startup` statically.
 */
export async function startTracing (config: TracingConfig, serviceName: string): Promise<Tracing> {
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT === undefined || config.OTEL_EXPORTER_OTLP_ENDPOINT === '') return off
  const { startSdk } = await import('./tracing-sdk.js')
  return await startSdk({ ...config, OTEL_EXPORTER_OTLP_ENDPOINT: config.OTEL_EXPORTER_OTLP_ENDPOINT }, serviceName)
}
