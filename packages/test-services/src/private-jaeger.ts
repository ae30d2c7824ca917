// A Jaeger all-in-one of a test's own (the binary scripts/services.sh builds, JAEGER_PATH), in-memory storage,
// every listener on a free loopback port: a trace test reads only the traces its own processes sent.
import { spawn } from 'node:child_process'
import { freePort } from './free-port.js'
import { serverProcess } from './server-process.js'

export interface PrivateJaeger {
  /** OTLP over HTTP base URL: the services' OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly otlpUrl: string
  /** Query API and UI base URL (`/api/traces/<id>`, `/trace/<id>`). */
  readonly queryUrl: string
  close: () => Promise<void>
}

/** One span as Jaeger's query API (`/api/traces/<id>`) returns it, the fields a test reads. */
export interface JaegerSpan {
  traceID: string
  spanID: string
  operationName: string
  processID: string
  duration: number
  startTime: number
  references: Array<{ refType: 'CHILD_OF' | 'FOLLOWS_FROM', traceID: string, spanID: string }>
  tags: Array<{ key: string, value: unknown }>
}

export interface JaegerTrace {
  traceID: string
  spans: JaegerSpan[]
  processes: Record<string, { serviceName: string }>
}

export async function startPrivateJaeger (binary: string): Promise<PrivateJaeger> {
  const [otlp, query, otlpGrpc, collectorHttp, collectorGrpc, queryGrpc, admin] = await Promise.all(Array.from({ length: 7 }, async () => await freePort()))
  const queryUrl = `http://127.0.0.1:${String(query)}`
  const { start, stop } = serverProcess({
    spawn: () => spawn(binary, [
      `--collector.otlp.http.host-port=127.0.0.1:${String(otlp)}`,
      `--collector.otlp.grpc.host-port=127.0.0.1:${String(otlpGrpc)}`,
      `--collector.http-server.host-port=127.0.0.1:${String(collectorHttp)}`,
      `--collector.grpc-server.host-port=127.0.0.1:${String(collectorGrpc)}`,
      `--query.http-server.host-port=127.0.0.1:${String(query)}`,
      `--query.grpc-server.host-port=127.0.0.1:${String(queryGrpc)}`,
      `--admin.http.host-port=127.0.0.1:${String(admin)}`
    ], { env: { ...process.env, SPAN_STORAGE_TYPE: 'memory' }, stdio: 'ignore' }),
    answers: async () => await fetch(`${queryUrl}/api/services`).then((r) => r.ok, () => false),
    probeEveryMs: 200,
    probes: 300,
    failure: `private jaeger (query port ${String(query)}) did not answer`,
    killAfterMs: 5000
  })
  await start()
  return { otlpUrl: `http://127.0.0.1:${String(otlp)}`, queryUrl, close: stop }
}

/** The trace as Jaeger holds it now; undefined while it holds none of its spans. */
export async function jaegerTrace (queryUrl: string, traceId: string): Promise<JaegerTrace | undefined> {
  const response = await fetch(`${queryUrl}/api/traces/${traceId}`)
  if (response.status === 404) return undefined
  if (!response.ok) throw new Error(`jaeger answered ${String(response.status)} for trace ${traceId}`)
  return (await response.json() as { data: JaegerTrace[] }).data[0]
}
