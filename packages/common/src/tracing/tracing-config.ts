// The tracing variables, under the OpenTelemetry SDK's own names so an operator's usual settings work unchanged.
// Tracing is on exactly when OTEL_EXPORTER_OTLP_ENDPOINT is set; the rest only tunes it. They are validated here,
// at start-up, like every other variable: the SDK itself would ignore a bad value and trace with its defaults.
import { Type } from '@sinclair/typebox'
import { EnvEnum, defineConfig } from '../config.js'

/** The samplers the SDK understands by name (the `parentbased_*` ones follow the caller's decision). */
export const TRACE_SAMPLERS = [
  'always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'
] as const

export const tracingConfig = defineConfig(Type.Object({
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({
    format: 'uri',
    description: 'OTLP over HTTP base URL (spans go to <url>/v1/traces); setting it turns tracing on, unset no OpenTelemetry SDK is loaded'
  })),
  OTEL_SERVICE_NAME: Type.Optional(Type.String({ minLength: 1, description: "Service name on every span (default: the app's name)" })),
  OTEL_TRACES_SAMPLER: Type.Optional(EnvEnum([...TRACE_SAMPLERS], {
    description: 'Which traces are kept (default parentbased_always_on: every trace, and a caller\'s decision is followed)'
  })),
  OTEL_TRACES_SAMPLER_ARG: Type.Optional(Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'Ratio of traces kept by the *traceidratio samplers (0.1: one in ten)'
  })),
  OTEL_RESOURCE_ATTRIBUTES: Type.Optional(Type.String({
    pattern: '^[^=,]+=[^,]*(,[^=,]+=[^,]*)*$',
    description: 'More attributes of every span\'s resource, key=value pairs separated by commas (deployment.environment=prod)'
  }))
}))

export type TracingConfig = ReturnType<typeof tracingConfig.load>
