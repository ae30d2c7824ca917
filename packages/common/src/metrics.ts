// A prom-client registry per app (never the global one, so several apps can live in one test process),
// default process metrics, and an HTTP latency histogram labelled by route template, not raw URL, to keep
// label cardinality bounded.
import fp from 'fastify-plugin'
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export interface Metrics {
  registry: Registry
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>
}

export function createMetrics (options: { app: string, collectDefaults?: boolean }): Metrics {
  const registry = new Registry()
  registry.setDefaultLabels({ app: options.app })
  if (options.collectDefaults ?? true) collectDefaultMetrics({ register: registry })
  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry]
  })
  return { registry, httpRequestDuration }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

export const metricsPlugin = fp<{ metrics: Metrics }>(async (app, { metrics }) => {
  app.decorate('metrics', metrics)
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.httpRequestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000)
    done()
  })
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics())
  })
}, { name: 'openmotion-metrics' })
